-- 低效用地评价 (/land/evaluation): models of indicators with thresholds and weights, runs of a
-- model over the parcels of a scope for a year, and each parcel's result. A run carries the
-- district codes of the account that made it (like a record), so the data scope decides who sees
-- it. A deleted model stays, marked deleted, for the runs made with it.
CREATE TABLE evaluation_model (
  id           serial       PRIMARY KEY,
  name         varchar(50)  NOT NULL,
  description  varchar(500) NOT NULL DEFAULT '',
  pass_score   double precision NOT NULL CHECK (pass_score > 0 AND pass_score <= 100),
  -- [{indicator, operator, threshold, weight}], weights summing to 100 (contracts/land-evaluation)
  items        jsonb        NOT NULL,
  updated_by   integer      REFERENCES app_user(id),
  deleted      boolean      NOT NULL DEFAULT false,
  created_at   timestamptz  NOT NULL DEFAULT now(),
  updated_at   timestamptz  NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX evaluation_model_name_idx ON evaluation_model(name) WHERE NOT deleted;

-- the default model (docs/domain.md 低效用地: 容积率 < 1.0, 建筑密度 < 30 %, 亩均税收 below the county
-- threshold, 闲置 one year past the agreed start, 停产/半停产)
INSERT INTO evaluation_model(name, description, pass_score, items) VALUES (
  '低效用地认定模型（默认）',
  '容积率、建筑密度、亩均税收、闲置与停产五项，合计100分，60分及以上为疑似低效',
  60,
  '[{"indicator":"plotRatio","operator":"<","threshold":1.0,"weight":25},
    {"indicator":"density","operator":"<","threshold":30,"weight":15},
    {"indicator":"taxPerMu","operator":"<","threshold":5,"weight":20},
    {"indicator":"idleYears","operator":">=","threshold":1,"weight":25},
    {"indicator":"stopped","operator":"=","threshold":1,"weight":15}]'
);

CREATE TABLE evaluation_run (
  id              serial      PRIMARY KEY,
  model_id        integer     NOT NULL REFERENCES evaluation_model(id),
  year            smallint    NOT NULL,
  -- the model as it was when run: name, pass score and items
  model_name      varchar(50) NOT NULL,
  pass_score      double precision NOT NULL,
  items           jsonb       NOT NULL,
  province_code   varchar(12) REFERENCES region(code),
  city_code       varchar(12) REFERENCES region(code),
  county_code     varchar(12) REFERENCES region(code),
  town_code       varchar(12) REFERENCES region(code),
  parcel_count    integer     NOT NULL DEFAULT 0,
  flagged_count   integer     NOT NULL DEFAULT 0,
  flagged_m2      double precision NOT NULL DEFAULT 0,
  run_by          integer     NOT NULL REFERENCES app_user(id),
  run_at          timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE evaluation_result (
  run_id     integer  NOT NULL REFERENCES evaluation_run(id) ON DELETE CASCADE,
  parcel_id  integer  NOT NULL REFERENCES parcel(id),
  score      double precision NOT NULL,
  flagged    boolean  NOT NULL,
  -- {indicator: value|null}
  vals       jsonb    NOT NULL,
  -- indexes of the items met
  hits       integer[] NOT NULL,
  PRIMARY KEY (run_id, parcel_id)
);
CREATE INDEX evaluation_result_flagged_idx ON evaluation_result(run_id, flagged, score DESC);
