-- Closing a year (issue 29, docs/domain.md "Closed years"): once a county's 亩均 batch of a year is
-- published, that county-year's inputs are closed. What was published is kept (one row per
-- enterprise and year of the county, written when the batch becomes 发布), and a later change of a
-- closed input is a 更正 (restatement) filed 待审定, written to enterprise_yearly only when another
-- account holding 评价审定 approves it.

-- The inputs as published: a copy of the enterprise_yearly row of every enterprise of the county
-- when its batch of the year became 发布 (a later version, when published, replaces it).
CREATE TABLE appraisal_published_input (
  enterprise_id  integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  county_code    varchar(12) NOT NULL,
  batch_id       integer NOT NULL REFERENCES appraisal_batch(id) ON DELETE CASCADE,
  tax            double precision,
  value_added    double precision,
  revenue        double precision,
  rd_expense     double precision,
  energy         double precision,
  emissions      double precision,
  employees      double precision,
  land_area_m2   double precision,
  published_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (enterprise_id, year)
);
CREATE INDEX appraisal_published_input_batch_idx ON appraisal_published_input(batch_id);

-- Whatever path publishes a batch (发布 on 评价审定, the demo seed), the county-year's inputs are
-- copied in the same statement.
CREATE FUNCTION appraisal_published_input_snapshot() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO appraisal_published_input (enterprise_id, year, county_code, batch_id, tax, value_added, revenue, rd_expense, energy,
    emissions, employees, land_area_m2, published_at)
  SELECT y.enterprise_id, y.year, n.county_code, n.id, y.tax, y.value_added, y.revenue, y.rd_expense, y.energy, y.emissions,
    y.employees, y.land_area_m2, COALESCE(n.published_at, now())
  FROM published_new n
  JOIN published_old o ON o.id = n.id
  JOIN enterprise e ON e.county_code = n.county_code AND NOT e.deleted
  JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = n.year
  WHERE n.state = '发布' AND o.state <> '发布'
  ON CONFLICT (enterprise_id, year) DO UPDATE SET county_code = EXCLUDED.county_code, batch_id = EXCLUDED.batch_id,
    tax = EXCLUDED.tax, value_added = EXCLUDED.value_added, revenue = EXCLUDED.revenue, rd_expense = EXCLUDED.rd_expense,
    energy = EXCLUDED.energy, emissions = EXCLUDED.emissions, employees = EXCLUDED.employees,
    land_area_m2 = EXCLUDED.land_area_m2, published_at = EXCLUDED.published_at;
  RETURN NULL;
END $$;
CREATE TRIGGER appraisal_published_input_snapshot AFTER UPDATE ON appraisal_batch
  REFERENCING OLD TABLE AS published_old NEW TABLE AS published_new
  FOR EACH STATEMENT EXECUTE FUNCTION appraisal_published_input_snapshot();

-- The batches published before this migration: each input as it stood when the batch was
-- published — the old value of the first correction made after that, else today's value.
CREATE FUNCTION appraisal_value_at_publish(cur double precision, e integer, y smallint, it text, t timestamptz)
RETURNS double precision LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN first IS NULL THEN cur ELSE first[1] END
  FROM (SELECT (SELECT ARRAY[c.old_value] FROM appraisal_input_correction c
                WHERE c.enterprise_id = e AND c.year = y AND c.item = it AND t IS NOT NULL AND c.at > t
                ORDER BY c.at, c.id LIMIT 1) AS first) f
$$;
INSERT INTO appraisal_published_input (enterprise_id, year, county_code, batch_id, tax, value_added, revenue, rd_expense, energy,
  emissions, employees, land_area_m2, published_at)
SELECT y.enterprise_id, y.year, b.county_code, b.id,
  appraisal_value_at_publish(y.tax, y.enterprise_id, y.year, 'tax', b.published_at),
  appraisal_value_at_publish(y.value_added, y.enterprise_id, y.year, 'value_added', b.published_at),
  appraisal_value_at_publish(y.revenue, y.enterprise_id, y.year, 'revenue', b.published_at),
  appraisal_value_at_publish(y.rd_expense, y.enterprise_id, y.year, 'rd_expense', b.published_at),
  appraisal_value_at_publish(y.energy, y.enterprise_id, y.year, 'energy', b.published_at),
  appraisal_value_at_publish(y.emissions, y.enterprise_id, y.year, 'emissions', b.published_at),
  appraisal_value_at_publish(y.employees::float8, y.enterprise_id, y.year, 'employees', b.published_at),
  appraisal_value_at_publish(y.land_area_m2, y.enterprise_id, y.year, 'land_area_m2', b.published_at),
  COALESCE(b.published_at, now())
FROM appraisal_batch b
JOIN enterprise e ON e.county_code = b.county_code AND NOT e.deleted
JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = b.year
WHERE b.state = '发布';
DROP FUNCTION appraisal_value_at_publish(double precision, integer, smallint, text, timestamptz);

-- 更正 of a closed year: one input of an enterprise's year, the value as published, the value when
-- filed and the new one, the reason and the filer; decided (已更正 or 退回) by another account.
CREATE TABLE appraisal_restatement (
  id                serial PRIMARY KEY,
  enterprise_id     integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year              smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  county_code       varchar(12) NOT NULL REFERENCES region(code),
  batch_id          integer NOT NULL REFERENCES appraisal_batch(id),   -- the published batch that closed the year
  item              varchar(16) NOT NULL CHECK (item IN ('tax', 'value_added', 'revenue', 'energy', 'emissions', 'employees', 'rd_expense', 'land_area_m2')),
  published_value   double precision,
  old_value         double precision,
  new_value         double precision NOT NULL,
  reason            varchar(500) NOT NULL CHECK (length(btrim(reason)) > 0),
  reported_date     date,
  status            varchar(4) NOT NULL DEFAULT '待审定' CHECK (status IN ('待审定', '已更正', '退回')),
  created_by        varchar(64) NOT NULL,
  created_user_id   integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  decided_by        varchar(64) NOT NULL DEFAULT '',
  decided_user_id   integer,
  decided_at        timestamptz,
  decision_note     varchar(500) NOT NULL DEFAULT ''
);
CREATE INDEX appraisal_restatement_year_idx ON appraisal_restatement(year, county_code, status);
CREATE INDEX appraisal_restatement_enterprise_idx ON appraisal_restatement(enterprise_id, year);
-- one 更正 of an input waits at a time
CREATE UNIQUE INDEX appraisal_restatement_pending_idx ON appraisal_restatement(enterprise_id, year, item) WHERE status = '待审定';

-- The 办理记录 of a 更正: its subject joins the ones the check lists (kept as they are).
DO $$
DECLARE subjects text;
BEGIN
  SELECT string_agg(quote_literal(s), ', ' ORDER BY s) INTO subjects FROM (
    SELECT m[1] AS s FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') AS m
    WHERE c.conrelid = 'proceeding_step'::regclass AND c.conname = 'proceeding_step_subject_check'
    UNION SELECT 'restatement'
  ) x;
  ALTER TABLE proceeding_step DROP CONSTRAINT proceeding_step_subject_check;
  EXECUTE format('ALTER TABLE proceeding_step ADD CONSTRAINT proceeding_step_subject_check CHECK (subject IN (%s))', subjects);
END $$;
