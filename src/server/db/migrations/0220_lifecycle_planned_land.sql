-- 项目签约 on land not yet in the master data (docs/domain.md "Land lifecycle"): the planned land
-- is a drawn shape — the project's 指界 zone — and a data-centre 新增 submission of the parcel,
-- a 草稿 at signing that 土地供应 completes and sends to audit. Until the auditor approves it the
-- project has no parcel; the approval links the parcel it creates, in the approval's transaction.
ALTER TABLE lifecycle_project
  ALTER COLUMN parcel_id DROP NOT NULL,
  -- the 新增 submission of the planned land (null for a project signed on an existing parcel)
  ADD COLUMN land_submission_id bigint REFERENCES dc_submission(id) ON DELETE SET NULL;
CREATE INDEX lifecycle_project_land_submission_idx ON lifecycle_project(land_submission_id);

CREATE FUNCTION lifecycle_link_approved_land() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lifecycle_project SET parcel_id = NEW.target_id, updated_at = now()
   WHERE land_submission_id = NEW.id AND parcel_id IS NULL;
  RETURN NEW;
END $$;
CREATE TRIGGER lifecycle_link_approved_land AFTER UPDATE OF state ON dc_submission
  FOR EACH ROW WHEN (NEW.state = '已通过' AND NEW.action = 'create' AND NEW.target_id IS NOT NULL)
  EXECUTE FUNCTION lifecycle_link_approved_land();
