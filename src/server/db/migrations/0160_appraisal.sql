-- 亩均效益评价 end to end (issue 15, docs/domain.md "亩均效益评价"): where each yearly input came from
-- and every correction of it, the models and norms, the yearly batches 试算 → 公示 → 异议 → 发布 → 归档
-- with their frozen results, objections, and the 加分/减分/一票否决 events the models score.
-- enterprise_yearly stays the one store of the current input values (the figures read it); the
-- tables here say where a value came from and keep what it was before.

-- 指标来源: per enterprise, year and input item, the source department and the date it was reported.
CREATE TABLE appraisal_input_source (
  enterprise_id  integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  item           varchar(16) NOT NULL CHECK (item IN ('tax', 'value_added', 'revenue', 'energy', 'emissions', 'employees', 'rd_expense', 'land_area_m2')),
  source         varchar(8) NOT NULL CHECK (source IN ('税务', '统计', '电力', '环保', '人社', '自然资源')),
  reported_date  date NOT NULL,
  updated_by     varchar(64) NOT NULL DEFAULT '',
  updated_at     timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (enterprise_id, year, item)
);

-- 更正记录: every change of an input after it was first reported, with its reason; never updated.
CREATE TABLE appraisal_input_correction (
  id             bigserial PRIMARY KEY,
  enterprise_id  integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL,
  item           varchar(16) NOT NULL,
  old_value      double precision,
  new_value      double precision,
  reason         varchar(500) NOT NULL CHECK (length(btrim(reason)) > 0),
  objection_id   integer,
  actor          varchar(64) NOT NULL,
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appraisal_input_correction_idx ON appraisal_input_correction(enterprise_id, year, at DESC);

-- 评价模型: per county (NULL = the default of every county) and scale, effective from a year, versioned.
-- indicators: [{key, weight}] (weights total 100); bonus: [{name, points}] (加分 > 0, 减分 < 0);
-- vetoes: the 一票否决 event names; rule: {mode:'quota', a, b, d} (percent) or {mode:'threshold', a, b, c} (points).
CREATE TABLE appraisal_model (
  id               serial PRIMARY KEY,
  county_code      varchar(12) REFERENCES region(code),
  scale            varchar(4) NOT NULL CHECK (scale IN ('规上', '规下')),
  effective_year   smallint NOT NULL CHECK (effective_year BETWEEN 1980 AND 2100),
  version          integer NOT NULL CHECK (version > 0),
  indicators       jsonb NOT NULL,
  cap              double precision NOT NULL DEFAULT 1.5 CHECK (cap > 0),
  benchmark        varchar(8) NOT NULL DEFAULT 'median' CHECK (benchmark IN ('norm', 'median')),
  min_land_mu      double precision NOT NULL DEFAULT 3 CHECK (min_land_mu >= 0),
  min_tax_per_mu   double precision NOT NULL DEFAULT 1 CHECK (min_tax_per_mu >= 0),
  bonus            jsonb NOT NULL DEFAULT '[]',
  vetoes           jsonb NOT NULL DEFAULT '[]',
  rule             jsonb NOT NULL,
  note             varchar(200) NOT NULL DEFAULT '',
  created_by       varchar(64) NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX appraisal_model_version_idx ON appraisal_model(COALESCE(county_code, ''), scale, effective_year, version);

-- 评价标准 (norms): the benchmark of an indicator for a county, a year and a GB/T 4754 division.
CREATE TABLE appraisal_norm (
  id             serial PRIMARY KEY,
  county_code    varchar(12) NOT NULL REFERENCES region(code),
  year           smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  division       varchar(3) NOT NULL CHECK (division ~ '^[A-T][0-9]{2}$'),
  indicator      varchar(32) NOT NULL,
  value          double precision NOT NULL CHECK (value > 0),
  updated_by     varchar(64) NOT NULL DEFAULT '',
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (county_code, year, division, indicator)
);

-- 加分 / 减分 / 一票否决 events of an enterprise in a year (e.g. 高新技术企业, 违法用地, 重大安全事故).
CREATE TABLE appraisal_event (
  id             serial PRIMARY KEY,
  enterprise_id  integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  name           varchar(40) NOT NULL CHECK (length(btrim(name)) > 0),
  note           varchar(200) NOT NULL DEFAULT '',
  created_by     varchar(64) NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (enterprise_id, year, name)
);

-- 评价批次: one county's appraisal of a year; a correction after 发布 is a new version with a reason.
CREATE TABLE appraisal_batch (
  id               serial PRIMARY KEY,
  county_code      varchar(12) NOT NULL REFERENCES region(code),
  year             smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  version          integer NOT NULL CHECK (version > 0),
  state            varchar(4) NOT NULL DEFAULT '试算' CHECK (state IN ('试算', '公示', '异议', '发布', '归档')),
  reason           varchar(500) NOT NULL DEFAULT '',
  models           jsonb NOT NULL,             -- the models the run used, as they were
  publicity_start  date,
  publicity_end    date,
  run_at           timestamptz,
  run_by           varchar(64) NOT NULL DEFAULT '',
  published_at     timestamptz,
  published_by     varchar(64) NOT NULL DEFAULT '',
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (county_code, year, version),
  CHECK (publicity_end IS NULL OR publicity_end >= publicity_start)
);
-- at most one batch of a county and year in work (not yet 发布/归档) and one 发布
CREATE UNIQUE INDEX appraisal_batch_open_idx ON appraisal_batch(county_code, year) WHERE state IN ('试算', '公示', '异议');
CREATE UNIQUE INDEX appraisal_batch_published_idx ON appraisal_batch(county_code, year) WHERE state = '发布';

-- 评价结果: one enterprise in a batch; frozen once the batch is 发布 (the trigger below).
CREATE TABLE appraisal_result (
  batch_id       integer NOT NULL REFERENCES appraisal_batch(id) ON DELETE CASCADE,
  enterprise_id  integer NOT NULL REFERENCES enterprise(id),
  scale          varchar(4) NOT NULL,
  inputs         jsonb NOT NULL,               -- the inputs as read by the run (snapshot)
  indicator_values jsonb NOT NULL,             -- {key: value}
  scores         jsonb NOT NULL,               -- {key: {benchmark, score}}
  adjustments    jsonb NOT NULL DEFAULT '[]',  -- [{name, points}]
  total          double precision NOT NULL,
  rank           integer NOT NULL,
  group_size     integer NOT NULL,
  class          char(1) NOT NULL CHECK (class IN ('A', 'B', 'C', 'D')),
  reason         varchar(300) NOT NULL,
  last_class     char(1),
  tax_per_mu     double precision,
  land_m2        double precision,
  PRIMARY KEY (batch_id, enterprise_id)
);
CREATE INDEX appraisal_result_enterprise_idx ON appraisal_result(enterprise_id);

CREATE FUNCTION appraisal_result_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s varchar;
BEGIN
  SELECT state INTO s FROM appraisal_batch WHERE id = COALESCE(OLD.batch_id, NEW.batch_id);
  IF s IN ('发布', '归档') THEN
    RAISE EXCEPTION '已发布的评价结果不能修改';
  END IF;
  RETURN COALESCE(NEW, OLD);
END $$;
CREATE TRIGGER appraisal_result_frozen BEFORE UPDATE OR DELETE ON appraisal_result
  FOR EACH ROW EXECUTE FUNCTION appraisal_result_frozen();

-- 异议: raised by an enterprise during 公示, reviewed (维持 keeps the result, 采纳 corrects and re-runs).
CREATE TABLE appraisal_objection (
  id             serial PRIMARY KEY,
  batch_id       integer NOT NULL REFERENCES appraisal_batch(id) ON DELETE CASCADE,
  enterprise_id  integer NOT NULL REFERENCES enterprise(id),
  content        varchar(1000) NOT NULL CHECK (length(btrim(content)) > 0),
  attachments    jsonb NOT NULL DEFAULT '[]',
  state          varchar(4) NOT NULL DEFAULT '待审' CHECK (state IN ('待审', '维持', '采纳')),
  decision       varchar(500) NOT NULL DEFAULT '',
  created_by     varchar(64) NOT NULL DEFAULT '',
  created_at     timestamptz NOT NULL DEFAULT now(),
  reviewed_by    varchar(64) NOT NULL DEFAULT '',
  reviewed_at    timestamptz
);
CREATE INDEX appraisal_objection_batch_idx ON appraisal_objection(batch_id, state);

-- Published results are the only source of classes: the class of an enterprise in a year is the
-- one of the published batch of its county and year (the latest 发布, else the latest 归档 version).
-- Same columns as 0140, so every reader (walls, reports, 决策分析, 整治提升, the globe) keeps reading it.
CREATE OR REPLACE VIEW enterprise_appraisal_yearly AS
WITH pub AS (
  SELECT DISTINCT ON (county_code, year) id, year
  FROM appraisal_batch WHERE state IN ('发布', '归档')
  ORDER BY county_code, year, (state = '发布') DESC, version DESC
)
SELECT r.enterprise_id, pub.year::smallint AS year, r.tax_per_mu, r.land_m2, r.class::text AS class
FROM pub JOIN appraisal_result r ON r.batch_id = pub.id;
