-- 闲置土地 after 《闲置土地处置办法》 (docs/domain.md "闲置土地"): a case per idle parcel with its
-- grounds, the procedure documents 调查通知书 → 闲置土地认定书 → 处置决定书, the disposal chosen
-- and completed, the 土地闲置费 paid, and the history of edits. The view idle_land_disposal gives
-- each parcel's latest case in the disposal states /system/stock shares with 低效用地.

CREATE TABLE idle_case (
  id                 serial       PRIMARY KEY,
  parcel_id          integer      NOT NULL REFERENCES parcel(id),
  ground             varchar(8)   NOT NULL CHECK (ground IN ('未按期动工', '开发不足停工')),
  grounds            text[]       NOT NULL,                 -- the grounds in words
  idle_since         date         NOT NULL,                 -- the agreed start date, or the date development stopped
  cause              varchar(8)   NOT NULL CHECK (cause IN ('企业原因', '政府原因')),
  -- 开发不足停工: what was done
  developed_area_m2  double precision CHECK (developed_area_m2 >= 0),
  invested           double precision CHECK (invested >= 0),          -- 万元
  total_investment   double precision CHECK (total_investment > 0),   -- 万元
  stopped_since      date,
  identified_date    date         NOT NULL,                 -- 立案日期
  note               varchar(500) NOT NULL DEFAULT '',
  -- disposal (处置方案), chosen after the 认定书
  method             varchar(12)  CHECK (method IN ('延长动工期限', '调整用途或规划条件', '临时使用', '置换土地', '协议有偿收回', '征缴土地闲置费', '无偿收回')),
  method_detail      varchar(500) NOT NULL DEFAULT '',
  new_start_date     date,                                  -- 延长动工期限: the new agreed start date
  planned_date       date,                                  -- 方案拟订日期
  fee_due            double precision CHECK (fee_due >= 0), -- 征缴土地闲置费: 20 % of the price, 万元
  completed_date     date,
  completion_note    varchar(500) NOT NULL DEFAULT '',
  submission_id      bigint       REFERENCES dc_submission(id) ON DELETE SET NULL,
  created_by         integer      NOT NULL REFERENCES app_user(id),
  created_at         timestamptz  NOT NULL DEFAULT now(),
  updated_at         timestamptz  NOT NULL DEFAULT now(),
  CHECK (completed_date IS NULL OR method IS NOT NULL),
  CHECK (method IS NULL OR planned_date IS NOT NULL)
);
-- one open case per parcel
CREATE UNIQUE INDEX idle_case_open_idx ON idle_case(parcel_id) WHERE completed_date IS NULL;
CREATE INDEX idle_case_parcel_idx ON idle_case(parcel_id, id);

CREATE TABLE idle_document (
  id             serial       PRIMARY KEY,
  case_id        integer      NOT NULL REFERENCES idle_case(id) ON DELETE CASCADE,
  kind           varchar(8)   NOT NULL CHECK (kind IN ('调查通知书', '闲置土地认定书', '处置决定书')),
  doc_no         varchar(60)  NOT NULL,
  doc_date       date         NOT NULL,
  note           varchar(500) NOT NULL DEFAULT '',
  submission_id  bigint       REFERENCES dc_submission(id) ON DELETE SET NULL,
  actor_id       integer      NOT NULL REFERENCES app_user(id),
  created_at     timestamptz  NOT NULL DEFAULT now(),
  UNIQUE (case_id, kind),
  UNIQUE (kind, doc_no)
);

CREATE TABLE idle_fee (
  id          serial           PRIMARY KEY,
  case_id     integer          NOT NULL REFERENCES idle_case(id) ON DELETE CASCADE,
  amount      double precision NOT NULL CHECK (amount > 0),  -- 万元
  paid_date   date             NOT NULL,
  receipt_no  varchar(60)      NOT NULL,
  note        varchar(500)     NOT NULL DEFAULT '',
  actor_id    integer          NOT NULL REFERENCES app_user(id),
  created_at  timestamptz      NOT NULL DEFAULT now()
);
CREATE INDEX idle_fee_case_idx ON idle_fee(case_id);

-- every edit of a case: which fields, from what to what, by whom
CREATE TABLE idle_case_history (
  id          bigserial   PRIMARY KEY,
  case_id     integer     NOT NULL REFERENCES idle_case(id) ON DELETE CASCADE,
  changes     jsonb       NOT NULL,  -- [{field, label, before, after}]
  actor_id    integer     NOT NULL REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX idle_case_history_case_idx ON idle_case_history(case_id, id);

-- each parcel's latest case: 未处置 (no disposal chosen), 方案中 (chosen, no 处置决定书), 实施中, 已完成
CREATE VIEW idle_land_disposal AS
SELECT DISTINCT ON (c.parcel_id)
       c.parcel_id,
       c.id AS case_id,
       (CASE
          WHEN c.completed_date IS NOT NULL THEN '已完成'
          WHEN EXISTS (SELECT 1 FROM idle_document d WHERE d.case_id = c.id AND d.kind = '处置决定书') THEN '实施中'
          WHEN c.method IS NOT NULL THEN '方案中'
          ELSE '未处置'
        END)::varchar(4) AS disposal_state,
       c.method
  FROM idle_case c
 ORDER BY c.parcel_id, c.id DESC;
