-- 低效用地再开发 (docs/domain.md 低效用地): the 台账 of confirmed low-efficiency parcels taken from
-- evaluation runs, the 盘活处置 plans per parcel or parcel group with their milestones, progress
-- reports (phczReport) and 督办, the effects recorded at 办结, and the yearly 盘活任务 per county.
-- Rows carry the district codes of their parcel so the data scope decides who sees them.

-- 低效用地台账: one live entry per parcel (疑似 → 已认定 → 已纳入方案 → 实施中 → 已完成 | 复核剔除)
CREATE TABLE revitalize_ledger (
  id              serial       PRIMARY KEY,
  parcel_id       integer      NOT NULL REFERENCES parcel(id),
  run_id          integer      REFERENCES evaluation_run(id) ON DELETE SET NULL,
  batch           varchar(50)  NOT NULL,                   -- 认定批次, e.g. "2025年第1批"
  criteria        text[]       NOT NULL DEFAULT '{}',      -- 认定标准 met (Chinese indicator sentences)
  score           double precision,
  state           varchar(8)   NOT NULL DEFAULT '疑似'
                  CHECK (state IN ('疑似', '已认定', '已纳入方案', '实施中', '已完成', '复核剔除')),
  confirm_date    date,                                    -- 认定日期
  confirm_unit    varchar(100) NOT NULL DEFAULT '',        -- 认定单位
  closed_date     date,                                    -- 销号日期 (state 已完成)
  withdraw_reason varchar(500) NOT NULL DEFAULT '',        -- 复核剔除 reason
  -- the parcel status before confirmation, so a withdrawal can give it back
  status_before   varchar(8),
  submission_id   bigint       REFERENCES dc_submission(id) ON DELETE SET NULL,
  province_code   varchar(12)  REFERENCES region(code),
  city_code       varchar(12)  REFERENCES region(code),
  county_code     varchar(12)  REFERENCES region(code),
  town_code       varchar(12)  REFERENCES region(code),
  created_by      integer      NOT NULL REFERENCES app_user(id),
  created_at      timestamptz  NOT NULL DEFAULT now(),
  updated_at      timestamptz  NOT NULL DEFAULT now(),
  CHECK (state NOT IN ('已认定', '已纳入方案', '实施中', '已完成') OR confirm_date IS NOT NULL),
  CHECK (state <> '已完成' OR closed_date IS NOT NULL)
);
CREATE UNIQUE INDEX revitalize_ledger_live_idx ON revitalize_ledger(parcel_id) WHERE state NOT IN ('复核剔除', '已完成');
CREATE INDEX revitalize_ledger_county_idx ON revitalize_ledger(county_code, state);

-- every state change of an entry: from, to, note, who
CREATE TABLE revitalize_ledger_event (
  id          bigserial    PRIMARY KEY,
  ledger_id   integer      NOT NULL REFERENCES revitalize_ledger(id) ON DELETE CASCADE,
  from_state  varchar(8),
  to_state    varchar(8)   NOT NULL,
  note        varchar(500) NOT NULL DEFAULT '',
  actor_id    integer      NOT NULL REFERENCES app_user(id),
  created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX revitalize_ledger_event_ledger_idx ON revitalize_ledger_event(ledger_id, id);

-- 盘活处置方案 (phcz)
CREATE TABLE revitalize_plan (
  id                  serial        PRIMARY KEY,
  name                varchar(100)  NOT NULL,
  method              varchar(10)   NOT NULL
                      CHECK (method IN ('收回收储', '企业自主再开发', '兼并重组', '合作开发', '用途调整', '复垦', '司法处置')),
  -- 收回收储: 依法收回 / 协商收购; 企业自主再开发: 提容增效 / 技改; 兼并重组: 兼并重组 / 协议转让
  sub_method          varchar(10),
  enterprise_id       integer       REFERENCES enterprise(id) ON DELETE SET NULL,
  planned_area_m2     double precision NOT NULL CHECK (planned_area_m2 > 0),
  -- targets
  target_plot_ratio   double precision CHECK (target_plot_ratio >= 0),
  target_building_m2  double precision CHECK (target_building_m2 >= 0),   -- 新增建筑面积 平方米
  target_investment   double precision CHECK (target_investment >= 0),    -- 新增投资 万元
  target_tax          double precision CHECK (target_tax >= 0),           -- 预计新增税收 万元/年
  target_output       double precision CHECK (target_output >= 0),        -- 预计新增产值 万元/年
  -- method-specific: {storageAgency, compensation, transferee, price, permitNo, premium}
  details             jsonb         NOT NULL DEFAULT '{}',
  start_date          date          NOT NULL,
  deadline            date          NOT NULL,
  resp_unit           varchar(100)  NOT NULL,                              -- 责任单位
  resp_person         varchar(50)   NOT NULL,                              -- 责任人
  state               varchar(4)    NOT NULL DEFAULT '草稿'
                      CHECK (state IN ('草稿', '待审核', '实施中', '已完成', '已验收', '已逾期', '终止')),
  progress            smallint      NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  note                varchar(1000) NOT NULL DEFAULT '',
  -- 办结: the actual effects
  completed_date      date,
  accepted_date       date,
  stopped_reason      varchar(500),
  actual_area_m2      double precision CHECK (actual_area_m2 >= 0),        -- 腾出面积 平方米
  actual_building_m2  double precision CHECK (actual_building_m2 >= 0),    -- 新增建筑面积 平方米
  actual_investment   double precision CHECK (actual_investment >= 0),     -- 新增投资 万元
  result_note         varchar(1000) NOT NULL DEFAULT '',
  -- before / after of the plan's parcels: 容积率 (area-weighted) and 亩均税收 万元/亩
  plot_ratio_before   double precision,
  plot_ratio_after    double precision,
  tax_per_mu_before   double precision,
  tax_per_mu_after    double precision,
  base_year           smallint,                                            -- the year before the plan
  -- the 整治提升 plan (腾退 / 关停淘汰) this plan was opened from
  regulation_plan_id  integer       REFERENCES regulation_plan(id) ON DELETE SET NULL,
  -- the data-centre submission a completion wrote its parcel facts through
  submission_id       bigint        REFERENCES dc_submission(id) ON DELETE SET NULL,
  province_code       varchar(12)   REFERENCES region(code),
  city_code           varchar(12)   REFERENCES region(code),
  county_code         varchar(12)   REFERENCES region(code),
  town_code           varchar(12)   REFERENCES region(code),
  created_by          integer       NOT NULL REFERENCES app_user(id),
  deleted             boolean       NOT NULL DEFAULT false,
  created_at          timestamptz   NOT NULL DEFAULT now(),
  updated_at          timestamptz   NOT NULL DEFAULT now(),
  CHECK (deadline >= start_date),
  CHECK (state NOT IN ('已完成', '已验收') OR completed_date IS NOT NULL)
);
CREATE INDEX revitalize_plan_county_idx ON revitalize_plan(county_code, state) WHERE NOT deleted;

-- the parcels of a plan, each with its planned area and its 台账 entry
CREATE TABLE revitalize_plan_parcel (
  plan_id          integer NOT NULL REFERENCES revitalize_plan(id) ON DELETE CASCADE,
  parcel_id        integer NOT NULL REFERENCES parcel(id),
  ledger_id        integer REFERENCES revitalize_ledger(id) ON DELETE SET NULL,
  planned_area_m2  double precision NOT NULL CHECK (planned_area_m2 > 0),
  PRIMARY KEY (plan_id, parcel_id)
);
CREATE INDEX revitalize_plan_parcel_parcel_idx ON revitalize_plan_parcel(parcel_id);

CREATE TABLE revitalize_milestone (
  id         serial       PRIMARY KEY,
  plan_id    integer      NOT NULL REFERENCES revitalize_plan(id) ON DELETE CASCADE,
  name       varchar(100) NOT NULL,
  due_date   date         NOT NULL,
  done_date  date,
  sort       smallint     NOT NULL DEFAULT 0
);
CREATE INDEX revitalize_milestone_plan_idx ON revitalize_milestone(plan_id, sort);

-- every edit and state change of a plan
CREATE TABLE revitalize_plan_history (
  id          bigserial    PRIMARY KEY,
  plan_id     integer      NOT NULL REFERENCES revitalize_plan(id) ON DELETE CASCADE,
  action      varchar(20)  NOT NULL,
  changes     jsonb        NOT NULL DEFAULT '[]',  -- [{field, label, before, after}]
  actor_id    integer      NOT NULL REFERENCES app_user(id),
  created_at  timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX revitalize_plan_history_plan_idx ON revitalize_plan_history(plan_id, id);

-- 进度报告 (phczReport): date and percentage never go back
CREATE TABLE revitalize_report (
  id            bigserial     PRIMARY KEY,
  plan_id       integer       NOT NULL REFERENCES revitalize_plan(id) ON DELETE CASCADE,
  report_date   date          NOT NULL,
  progress      smallint      NOT NULL CHECK (progress BETWEEN 0 AND 100),
  done_items    varchar(1000) NOT NULL,          -- 完成事项
  difficulties  varchar(1000) NOT NULL DEFAULT '', -- 困难
  next_steps    varchar(1000) NOT NULL DEFAULT '', -- 下步计划
  photo_ids     bigint[]      NOT NULL DEFAULT '{}',
  actor_id      integer       NOT NULL REFERENCES app_user(id),
  deleted       boolean       NOT NULL DEFAULT false,
  created_at    timestamptz   NOT NULL DEFAULT now()
);
CREATE INDEX revitalize_report_plan_idx ON revitalize_report(plan_id, report_date, id) WHERE NOT deleted;

-- 督办: an instruction with a reply deadline, and its reply
CREATE TABLE revitalize_supervision (
  id              serial        PRIMARY KEY,
  plan_id         integer       NOT NULL REFERENCES revitalize_plan(id) ON DELETE CASCADE,
  content         varchar(1000) NOT NULL,
  reply_deadline  date          NOT NULL,
  issued_by       integer       NOT NULL REFERENCES app_user(id),
  issued_at       timestamptz   NOT NULL DEFAULT now(),
  reply           varchar(1000),
  replied_by      integer       REFERENCES app_user(id),
  replied_at      timestamptz
);
CREATE INDEX revitalize_supervision_plan_idx ON revitalize_supervision(plan_id, id);

-- 盘活任务: 亩 per county and year, for completion rates
CREATE TABLE revitalize_task (
  county_code  varchar(12)  NOT NULL REFERENCES region(code),
  year         smallint     NOT NULL,
  task_mu      double precision NOT NULL CHECK (task_mu >= 0),
  updated_by   integer      REFERENCES app_user(id),
  updated_at   timestamptz  NOT NULL DEFAULT now(),
  PRIMARY KEY (county_code, year)
);

-- How far the disposal of each confirmed low-efficiency parcel has come, for the stock map of
-- /system/stock: 未处置 (confirmed, no plan), 方案中 (plan 草稿/待审核), 实施中 (实施中/已逾期),
-- 已完成 (plan 已完成/已验收, or the entry 销号). The columns are a contract: keep them stable.
-- One row per parcel: its latest entry that was not withdrawn.
CREATE VIEW low_efficiency_disposal AS
SELECT DISTINCT ON (l.parcel_id)
       l.parcel_id,
       l.id AS ledger_id,
       CASE
         WHEN l.state = '已完成' THEN '已完成'
         WHEN p.state IN ('已完成', '已验收') THEN '已完成'
         WHEN p.state IN ('实施中', '已逾期') THEN '实施中'
         WHEN p.state IN ('草稿', '待审核') THEN '方案中'
         ELSE '未处置'
       END::varchar(4) AS disposal_state,
       p.id AS plan_id,
       p.method
  FROM revitalize_ledger l
  LEFT JOIN LATERAL (
    SELECT rp.id, rp.state, rp.method
      FROM revitalize_plan_parcel pp
      JOIN revitalize_plan rp ON rp.id = pp.plan_id
     WHERE pp.parcel_id = l.parcel_id AND NOT rp.deleted AND rp.state <> '终止'
     ORDER BY rp.id DESC
     LIMIT 1
  ) p ON true
 WHERE l.state IN ('已认定', '已纳入方案', '实施中', '已完成')
 ORDER BY l.parcel_id, l.id DESC;
