-- 闲置土地 per 《闲置土地处置办法》 and 四眼 on land decisions (issue 28, docs/domain.md "闲置土地：听证告知、
-- 政府原因与报批"): the 听证告知 step of a case, the 第八条 government reason, the 处置决定 报批 and its
-- 审定 by a second account, the approver of a 盘活方案, and the money of 闲置土地 in integer 分.

-- Money exact: fees, payments and the price a fee was computed from, in 分 (bigint), never a double in
-- 万元. Existing amounts are converted once, rounded half up to the 分 (float8 → numeric keeps the 15
-- significant digits written, so 89.746 万元 becomes 89 746 000 分).
ALTER TABLE idle_case
  ADD COLUMN fee_base_fen bigint CHECK (fee_base_fen >= 0),   -- the 出让/划拨价款 the fee was computed from
  ADD COLUMN fee_due_fen  bigint CHECK (fee_due_fen >= 0),    -- 应缴土地闲置费: 20 % of fee_base_fen
  -- 第八条: the government's reason recorded on the case (one of the list of src/domain/idle-land.ts)
  ADD COLUMN gov_reason   varchar(60),
  ADD COLUMN planned_by   integer REFERENCES app_user(id);    -- who drew up the 处置方案 (a preparer of the decision)
UPDATE idle_case SET fee_due_fen = round(fee_due::numeric * 1000000) WHERE fee_due IS NOT NULL;
UPDATE idle_case c SET fee_base_fen = round(p.supply_price::numeric * 1000000)
  FROM parcel p WHERE p.id = c.parcel_id AND c.fee_due IS NOT NULL AND p.supply_price IS NOT NULL;
ALTER TABLE idle_case DROP COLUMN fee_due;

ALTER TABLE idle_fee ADD COLUMN amount_fen bigint;
UPDATE idle_fee SET amount_fen = round(amount::numeric * 1000000);
ALTER TABLE idle_fee ALTER COLUMN amount_fen SET NOT NULL, ADD CONSTRAINT idle_fee_amount_fen_check CHECK (amount_fen > 0);
ALTER TABLE idle_fee DROP COLUMN amount;

-- 报批 and 审定 of the 处置决定书: the approving authority and its document number, then a second
-- account holding /land/approve approves it. Decisions issued before this rule stay in force (已审定,
-- with no approver on record).
ALTER TABLE idle_document
  ADD COLUMN approval_authority varchar(60) NOT NULL DEFAULT '',   -- 批准机关
  ADD COLUMN approval_no        varchar(60) NOT NULL DEFAULT '',   -- 报批文号
  ADD COLUMN review_state       varchar(4)  NOT NULL DEFAULT '已审定' CHECK (review_state IN ('待审定', '已审定')),
  ADD COLUMN approved_by        integer REFERENCES app_user(id),
  ADD COLUMN approved_at        timestamptz;

-- 听证告知 (第十五条): the holder told in writing of its right to a hearing on the decision intended
-- (method), with the deadline to ask counted in working days; then the outcome. A new notice is given
-- when the intended decision changes, so a case may hold several; the latest counts.
CREATE TABLE idle_hearing (
  id              serial       PRIMARY KEY,
  case_id         integer      NOT NULL REFERENCES idle_case(id) ON DELETE CASCADE,
  method          varchar(12)  NOT NULL CHECK (method IN ('征缴土地闲置费', '无偿收回')),
  notice_no       varchar(60)  NOT NULL UNIQUE,
  notice_date     date         NOT NULL,
  deadline        date         NOT NULL CHECK (deadline > notice_date),
  note            varchar(500) NOT NULL DEFAULT '',
  notice_by       integer      NOT NULL REFERENCES app_user(id),
  outcome         varchar(8)   CHECK (outcome IN ('已听证', '放弃听证', '逾期未申请')),
  outcome_date    date,
  requested_date  date,          -- 已听证: when the holder asked (not after the deadline)
  hearing_date    date,          -- 已听证: when it was held
  hearing_record  varchar(500) NOT NULL DEFAULT '',   -- 听证笔录 / 放弃听证声明
  outcome_by      integer REFERENCES app_user(id),
  created_at      timestamptz  NOT NULL DEFAULT now(),
  CHECK (outcome IS NULL OR (outcome_date IS NOT NULL AND outcome_by IS NOT NULL)),
  CHECK (outcome IS DISTINCT FROM '已听证' OR (requested_date IS NOT NULL AND hearing_date IS NOT NULL))
);
CREATE INDEX idle_hearing_case_idx ON idle_hearing(case_id, id);

-- 实施中 only once the 处置决定书 is approved (审定); one waiting for it is still 方案中
CREATE OR REPLACE VIEW idle_land_disposal AS
SELECT DISTINCT ON (c.parcel_id)
       c.parcel_id,
       c.id AS case_id,
       (CASE
          WHEN c.completed_date IS NOT NULL THEN '已完成'
          WHEN EXISTS (SELECT 1 FROM idle_document d WHERE d.case_id = c.id AND d.kind = '处置决定书' AND d.review_state = '已审定') THEN '实施中'
          WHEN c.method IS NOT NULL THEN '方案中'
          ELSE '未处置'
        END)::varchar(4) AS disposal_state,
       c.method
  FROM idle_case c
 ORDER BY c.parcel_id, c.id DESC;

-- 盘活方案: approved (审核通过) by an account holding /land/approve that is not its author
ALTER TABLE revitalize_plan
  ADD COLUMN approved_by integer REFERENCES app_user(id),
  ADD COLUMN approved_at timestamptz;
