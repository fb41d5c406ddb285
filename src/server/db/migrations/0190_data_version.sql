-- The data version (docs/architecture.md "Answer cache"): one row whose number goes up inside
-- every transaction that writes business data, so a cached aggregate (walls, reports, 决策分析,
-- 运行监测, the globe) is known stale by every API process on the same database the moment the
-- write commits. Statement triggers on the tables do the bump, so no write path (approval,
-- import commit, appraisal publish, evaluation run, a module added later) can forget it.
CREATE TABLE data_version (
  id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
  version bigint NOT NULL DEFAULT 1,
  changed_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO data_version(id) VALUES (1);

CREATE FUNCTION data_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE data_version SET version = version + 1, changed_at = now() WHERE id = 1;
  RETURN NULL;
END
$$;

-- Puts the bump on every table of the schema except the ones whose writes change no figure
-- (sessions, sign-in bookkeeping, the operation log, settings, import staging and job progress,
-- stored files); returns how many tables got it. migrate.ts calls it again after later migrations.
CREATE FUNCTION data_version_attach() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t text;
  n integer := 0;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace s ON s.oid = c.relnamespace
    WHERE s.nspname = current_schema() AND c.relkind IN ('r', 'p')
      AND c.relname NOT IN ('schema_migration', 'data_version', 'session', 'app_setting', 'login_failure', 'account_lock',
                            'password_history', 'operation_log', 'app_user', 'user_role', 'dc_import_batch', 'dc_import_row',
                            'upload_file', 'stored_file', 'stored_file_chunk')
      AND NOT EXISTS (SELECT 1 FROM pg_trigger g WHERE g.tgrelid = c.oid AND g.tgname = 'data_version_bump')
  LOOP
    EXECUTE format('CREATE TRIGGER data_version_bump AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION data_version_bump()', t);
    n := n + 1;
  END LOOP;
  RETURN n;
END
$$;

SELECT data_version_attach();
