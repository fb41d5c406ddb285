-- Due process (issue 28, docs/domain.md "Due process"): the working-day calendar that counts the
-- 公示期 and the 听证 deadline, the 办理记录 of every decision, and who ran, opened, registered
-- and approved what, so that no account decides what it prepared itself (四眼原则, 审定).

-- 工作日历: the days that differ from Monday–Friday (src/domain/work-calendar.ts). 休 = an official
-- holiday on a weekday, 班 = a 调休 working Saturday or Sunday. Administrators keep it in
-- 系统设置 → 工作日历 after each year's 国务院办公厅 notice; 2025 and 2026 are shipped.
CREATE TABLE work_calendar (
  day         date PRIMARY KEY,
  mark        varchar(1)  NOT NULL CHECK (mark IN ('休', '班')),
  name        varchar(40) NOT NULL DEFAULT '' ,
  updated_by  varchar(64) NOT NULL DEFAULT '',
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO work_calendar(day, mark, name) VALUES
  ('2025-01-01', '休', '元旦'),
  ('2025-01-26', '班', '春节调休'), ('2025-01-28', '休', '春节'), ('2025-01-29', '休', '春节'), ('2025-01-30', '休', '春节'),
  ('2025-01-31', '休', '春节'), ('2025-02-03', '休', '春节'), ('2025-02-04', '休', '春节'), ('2025-02-08', '班', '春节调休'),
  ('2025-04-04', '休', '清明节'),
  ('2025-04-27', '班', '劳动节调休'), ('2025-05-01', '休', '劳动节'), ('2025-05-02', '休', '劳动节'), ('2025-05-05', '休', '劳动节'),
  ('2025-06-02', '休', '端午节'),
  ('2025-09-28', '班', '国庆节调休'), ('2025-10-01', '休', '国庆节、中秋节'), ('2025-10-02', '休', '国庆节、中秋节'),
  ('2025-10-03', '休', '国庆节、中秋节'), ('2025-10-06', '休', '国庆节、中秋节'), ('2025-10-07', '休', '国庆节、中秋节'),
  ('2025-10-08', '休', '国庆节、中秋节'), ('2025-10-11', '班', '国庆节调休'),
  ('2026-01-01', '休', '元旦'), ('2026-01-02', '休', '元旦'), ('2026-01-04', '班', '元旦调休'),
  ('2026-02-14', '班', '春节调休'), ('2026-02-16', '休', '春节'), ('2026-02-17', '休', '春节'), ('2026-02-18', '休', '春节'),
  ('2026-02-19', '休', '春节'), ('2026-02-20', '休', '春节'), ('2026-02-23', '休', '春节'), ('2026-02-28', '班', '春节调休'),
  ('2026-04-06', '休', '清明节'),
  ('2026-05-01', '休', '劳动节'), ('2026-05-04', '休', '劳动节'), ('2026-05-05', '休', '劳动节'), ('2026-05-09', '班', '劳动节调休'),
  ('2026-06-19', '休', '端午节'),
  ('2026-09-20', '班', '国庆节调休'), ('2026-09-25', '休', '中秋节'),
  ('2026-10-01', '休', '国庆节'), ('2026-10-02', '休', '国庆节'), ('2026-10-05', '休', '国庆节'), ('2026-10-06', '休', '国庆节'),
  ('2026-10-07', '休', '国庆节'), ('2026-10-10', '班', '国庆节调休');

-- The due-process settings an administrator changes in 系统设置 → 工作日历 (in working days).
CREATE TABLE due_process_setting (
  key         varchar(32) PRIMARY KEY CHECK (key IN ('publicity_days', 'hearing_days')),
  value       integer NOT NULL CHECK (value BETWEEN 1 AND 60),
  updated_by  varchar(64) NOT NULL DEFAULT '',
  updated_at  timestamptz NOT NULL DEFAULT now()
);
INSERT INTO due_process_setting(key, value) VALUES ('publicity_days', 5), ('hearing_days', 5);

-- 办理记录: each step of a batch, model, norm change, 异议, 盘活方案 or 闲置土地 case — who, when, from
-- which state to which, and the note. Written in the transaction of the step; never changed.
CREATE TABLE proceeding_step (
  id          bigserial PRIMARY KEY,
  subject     varchar(16) NOT NULL CHECK (subject IN ('appraisal_batch', 'appraisal_model', 'appraisal_norm', 'objection', 'revitalize_plan', 'idle_case')),
  subject_id  integer NOT NULL,
  action      varchar(16) NOT NULL,
  from_state  varchar(8) NOT NULL DEFAULT '',
  to_state    varchar(8) NOT NULL DEFAULT '',
  actor_id    integer,
  actor       varchar(64) NOT NULL,
  note        varchar(500) NOT NULL DEFAULT '',
  at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proceeding_step_subject_idx ON proceeding_step(subject, subject_id, id);
CREATE FUNCTION proceeding_step_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '办理记录不能修改或删除';
END $$;
CREATE TRIGGER proceeding_step_guard BEFORE UPDATE OR DELETE ON proceeding_step
  FOR EACH ROW EXECUTE FUNCTION proceeding_step_guard();

-- Who ran the 试算, opened the 公示 and published, by account (names can repeat).
ALTER TABLE appraisal_batch
  ADD COLUMN run_user_id integer,
  ADD COLUMN publicity_by varchar(64) NOT NULL DEFAULT '',
  ADD COLUMN publicity_user_id integer,
  ADD COLUMN published_user_id integer;

-- A model is saved as a draft 待审定 and is in force once another account approves it (生效).
ALTER TABLE appraisal_model
  ADD COLUMN status varchar(4) NOT NULL DEFAULT '生效' CHECK (status IN ('待审定', '生效', '退回')),
  ADD COLUMN created_user_id integer,
  ADD COLUMN approved_by varchar(64) NOT NULL DEFAULT '',
  ADD COLUMN approved_user_id integer,
  ADD COLUMN approved_at timestamptz,
  ADD COLUMN decision_note varchar(500) NOT NULL DEFAULT '';

-- 评价标准 changes: a set of norm values saved by one account (one edit, or a fill from the
-- medians), applied to appraisal_norm once another account approves it.
CREATE TABLE appraisal_norm_change (
  id                serial PRIMARY KEY,
  county_code       varchar(12) NOT NULL REFERENCES region(code),
  year              smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  items             jsonb NOT NULL,   -- [{division, indicator, old, new}]
  note              varchar(200) NOT NULL DEFAULT '',
  status            varchar(4) NOT NULL DEFAULT '待审定' CHECK (status IN ('待审定', '生效', '退回')),
  created_by        varchar(64) NOT NULL,
  created_user_id   integer,
  created_at        timestamptz NOT NULL DEFAULT now(),
  approved_by       varchar(64) NOT NULL DEFAULT '',
  approved_user_id  integer,
  approved_at       timestamptz,
  decision_note     varchar(500) NOT NULL DEFAULT ''
);
CREATE INDEX appraisal_norm_change_idx ON appraisal_norm_change(county_code, year, status);

-- An 异议 is filed by the enterprise itself (企业) or registered by an official from paper (代登记);
-- it is decided by another account than the one that registered it.
ALTER TABLE appraisal_objection
  ADD COLUMN channel varchar(4) NOT NULL DEFAULT '代登记' CHECK (channel IN ('企业', '代登记')),
  ADD COLUMN created_user_id integer,
  ADD COLUMN reviewed_user_id integer;
