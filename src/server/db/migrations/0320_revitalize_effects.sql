-- The land's books (issue 29): every 盘活 method's 办结 changes its parcels (docs/domain.md 盘活的效果),
-- the 台账 entry is 销号 with the date, the method and the reason, and an evaluation run does not
-- flag a 销号 parcel again from figures dated before the 销号.

-- 销号: by which plan and method, and why (closed_date is already there)
ALTER TABLE revitalize_ledger ADD COLUMN closed_method varchar(10);
ALTER TABLE revitalize_ledger ADD COLUMN closed_reason varchar(500) NOT NULL DEFAULT '';
ALTER TABLE revitalize_ledger ADD COLUMN closed_plan_id integer REFERENCES revitalize_plan(id) ON DELETE SET NULL;

-- what 办结 wrote to the parcels, by method: the new holder (兼并重组, 合作开发, 司法处置), the new
-- 现状地类 (复垦, 用途调整), the new 规划用途 (用途调整) and the status the land left 低效 for
ALTER TABLE revitalize_plan ADD COLUMN holder_after_id integer REFERENCES enterprise(id) ON DELETE SET NULL;
ALTER TABLE revitalize_plan ADD COLUMN land_use_after varchar(4) CHECK (land_use_after ~ '^[0-9]{4}$');
ALTER TABLE revitalize_plan ADD COLUMN planning_use_after varchar(6) CHECK (planning_use_after ~ '^[0-9]{4}([0-9]{2})?$');
ALTER TABLE revitalize_plan ADD COLUMN status_after varchar(8)
  CHECK (status_after IN ('已供未建', '在建', '已投产', '已收回'));

-- a run's result of a parcel 销号 on or after the end of the run's year: scored, never flagged
ALTER TABLE evaluation_result ADD COLUMN closed_date date;

-- completed plans of earlier releases: their entries name the plan and method they were 销号 by
UPDATE revitalize_ledger l SET closed_plan_id = pp.plan_id, closed_method = rp.method,
       closed_reason = '盘活方案 #' || rp.id || ' 办结，销号'
  FROM revitalize_plan_parcel pp JOIN revitalize_plan rp ON rp.id = pp.plan_id
 WHERE pp.ledger_id = l.id AND l.state = '已完成' AND rp.state IN ('已完成', '已验收');
