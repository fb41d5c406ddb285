-- 加分 / 减分 / 一票否决 events with their evidence (issue 15, docs/domain.md "亩均效益评价"): an event
-- of an enterprise's year says on what ground it was recorded (a certificate, a penalty decision,
-- an accident report — 依据 and its date), is added, edited with a reason and deleted from
-- 评价标准, and every change is kept. The next 试算 of the year reads the events as they stand.
ALTER TABLE appraisal_event ADD COLUMN evidence varchar(200) NOT NULL DEFAULT '';
ALTER TABLE appraisal_event ADD COLUMN evidence_date date;
ALTER TABLE appraisal_event ADD COLUMN updated_by varchar(64) NOT NULL DEFAULT '';
ALTER TABLE appraisal_event ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

-- 事项变更记录: every add, edit and delete of an event, with the event before and after; never updated.
CREATE TABLE appraisal_event_change (
  id             bigserial PRIMARY KEY,
  event_id       integer NOT NULL,            -- the event may be gone (删除), so no reference
  enterprise_id  integer NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL,
  action         varchar(4) NOT NULL CHECK (action IN ('新增', '修改', '删除')),
  before         jsonb,
  after          jsonb,
  reason         varchar(500) NOT NULL DEFAULT '',
  actor          varchar(64) NOT NULL,
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX appraisal_event_change_idx ON appraisal_event_change(enterprise_id, year, at DESC);
