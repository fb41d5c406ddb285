-- Import jobs shared by several API processes (issue 20; docs/architecture.md "Several API processes").
--
-- A batch in 导入中 or 检查中 is a job. The process working on it names itself in claimed_by
-- (host:pid:tag) and beats heartbeat_at while it works; another process takes the job over — claiming
-- it with FOR UPDATE SKIP LOCKED, so two processes never take the same one — once the heartbeat is
-- older than the stale timeout (JOB_STALE_SECONDS), and continues it: staging from the rows already in,
-- a check from the start with the scope it was started with (job_scope).
ALTER TABLE dc_import_batch ADD COLUMN claimed_by varchar(120);
-- the data scope of the user who started the check ({"kind":"all"} | {"kind":"region",…} | {"kind":"none"})
ALTER TABLE dc_import_batch ADD COLUMN job_scope jsonb;
-- how many processes took the job over after its first
ALTER TABLE dc_import_batch ADD COLUMN takeovers integer NOT NULL DEFAULT 0;
CREATE INDEX dc_import_batch_job_idx ON dc_import_batch(id) WHERE status IN ('导入中', '检查中');
