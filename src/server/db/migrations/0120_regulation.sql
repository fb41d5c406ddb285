-- 整治提升 of the enterprises appraised C and D (/enterprise/regulation): the checks on the ground,
-- one live plan per enterprise and year with its progress reports, and how it ended. Nothing is
-- overwritten: a later check is a new row (the latest counts), a report is a new row, a deleted
-- plan stays marked deleted.
CREATE TABLE regulation_check (
  id             bigserial    PRIMARY KEY,
  enterprise_id  integer      NOT NULL REFERENCES enterprise(id),
  year           smallint     NOT NULL,
  result         varchar(4)   NOT NULL CHECK (result IN ('属实', '不属实')),
  note           varchar(500) NOT NULL DEFAULT '',
  check_date     date         NOT NULL,
  actor_id       integer      NOT NULL REFERENCES app_user(id),
  created_at     timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX regulation_check_enterprise_idx ON regulation_check(enterprise_id, year, id);

CREATE TABLE regulation_plan (
  id             serial        PRIMARY KEY,
  enterprise_id  integer       NOT NULL REFERENCES enterprise(id),
  year           smallint      NOT NULL,
  -- the class the plan starts from (C or D of that year's appraisal)
  start_class    char(1)       NOT NULL CHECK (start_class IN ('C', 'D')),
  target         varchar(8)    NOT NULL CHECK (target IN ('提升', '兼并重组', '腾退', '关停淘汰')),
  measures       varchar(1000) NOT NULL,
  owner          varchar(100)  NOT NULL,
  deadline       date          NOT NULL,
  progress       smallint      NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  outcome        varchar(8)    CHECK (outcome IN ('提升', '兼并重组', '腾退', '关停淘汰', '未达成')),
  outcome_date   date,
  outcome_note   varchar(1000) NOT NULL DEFAULT '',
  created_by     integer       NOT NULL REFERENCES app_user(id),
  deleted        boolean       NOT NULL DEFAULT false,
  created_at     timestamptz   NOT NULL DEFAULT now(),
  updated_at     timestamptz   NOT NULL DEFAULT now(),
  CHECK ((outcome IS NULL) = (outcome_date IS NULL))
);
-- one live plan per enterprise and year
CREATE UNIQUE INDEX regulation_plan_live_idx ON regulation_plan(enterprise_id, year) WHERE NOT deleted;

CREATE TABLE regulation_report (
  id          bigserial     PRIMARY KEY,
  plan_id     integer       NOT NULL REFERENCES regulation_plan(id),
  progress    smallint      NOT NULL CHECK (progress BETWEEN 0 AND 100),
  report_date date          NOT NULL,
  note        varchar(1000) NOT NULL,
  actor_id    integer       NOT NULL REFERENCES app_user(id),
  created_at  timestamptz   NOT NULL DEFAULT now()
);
CREATE INDEX regulation_report_plan_idx ON regulation_report(plan_id, id);
