-- Statuses true for the year they name (issue 14, the figures catalogue): a parcel's 状态 (低效, 闲置
-- …) and an enterprise's 规模 (规上 / 规下) change over time, and a figure "of year Y" reads them as
-- they stood at the end of Y. Every change is kept here by a trigger, whoever makes it (an approved
-- data-centre submission, an import, a lifecycle or 盘活 write-through). A status with no recorded
-- change is the one it has had since it was loaded, so it holds for every earlier year.
-- The SQL that reads these tables is src/server/figures/sql.ts (statusAtYearEnd, scaleAtYearEnd).

-- The last change's time sits on the row too, so a figure looks the history up only for the few
-- records changed after the year it reads.
ALTER TABLE parcel ADD COLUMN status_changed_at timestamptz;
ALTER TABLE enterprise ADD COLUMN scale_changed_at timestamptz;

CREATE TABLE parcel_status_change (
  id          bigserial PRIMARY KEY,
  parcel_id   integer NOT NULL REFERENCES parcel(id) ON DELETE CASCADE,
  old_status  varchar(8) NOT NULL,
  new_status  varchar(8) NOT NULL,
  changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX parcel_status_change_idx ON parcel_status_change(parcel_id, changed_at);

CREATE FUNCTION parcel_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO parcel_status_change (parcel_id, old_status, new_status) VALUES (NEW.id, OLD.status, NEW.status);
    NEW.status_changed_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER parcel_status_change BEFORE UPDATE OF status ON parcel
  FOR EACH ROW EXECUTE FUNCTION parcel_status_change();

CREATE TABLE enterprise_scale_change (
  id             bigserial PRIMARY KEY,
  enterprise_id  integer NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  old_scale      varchar(4) NOT NULL,
  new_scale      varchar(4) NOT NULL,
  changed_at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enterprise_scale_change_idx ON enterprise_scale_change(enterprise_id, changed_at);

CREATE FUNCTION enterprise_scale_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.scale IS DISTINCT FROM OLD.scale THEN
    INSERT INTO enterprise_scale_change (enterprise_id, old_scale, new_scale) VALUES (NEW.id, OLD.scale, NEW.scale);
    NEW.scale_changed_at := now();
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER enterprise_scale_change BEFORE UPDATE OF scale ON enterprise
  FOR EACH ROW EXECUTE FUNCTION enterprise_scale_change();
