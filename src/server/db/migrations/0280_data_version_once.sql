-- The data version goes up once per writing transaction, not once per statement. Every bump
-- updates the same row; inside one transaction each update leaves a version of that row that no
-- pruning may remove until the commit, and the next update scans them all, so a transaction of
-- n statements cost O(n²) (the 100 000-parcel seed spent minutes in it). A transaction-local
-- setting marks the bump; it is undone with a rolled-back savepoint, so the mark never outlives
-- the bump it stands for.
CREATE OR REPLACE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ilp.data_version_bumped', true) = 'yes' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('ilp.data_version_bumped', 'yes', true);
  UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END
$$;
