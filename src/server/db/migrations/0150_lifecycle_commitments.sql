-- 全生命周期 from signing to exit (docs/domain.md "Land lifecycle"): the rest of the 标准地
-- commitments and the planned investment fixed at signing, the actual figures registered at
-- 竣工验收 and 项目评价 with their judgement against the commitments, 退出, the days late of a
-- registration past its deadline, the data-centre submission a registration wrote its parcel
-- facts through, and the history of edits of a project.
ALTER TABLE lifecycle_project
  ADD COLUMN planned_investment     double precision CHECK (planned_investment >= 0),      -- 计划投资 万元
  ADD COLUMN committed_energy_va    double precision CHECK (committed_energy_va >= 0),     -- 单位能耗增加值 万元/吨标准煤
  ADD COLUMN committed_emission_va  double precision CHECK (committed_emission_va >= 0),   -- 单位排放增加值 万元/吨
  -- actual figures: at 竣工验收 the investment, floor area and 容积率; at 项目评价 the year's tax and value added
  ADD COLUMN actual_investment      double precision CHECK (actual_investment >= 0),       -- 万元
  ADD COLUMN actual_building_area   double precision CHECK (actual_building_area >= 0),    -- 平方米
  ADD COLUMN actual_plot_ratio      double precision CHECK (actual_plot_ratio >= 0),
  ADD COLUMN actual_tax             double precision CHECK (actual_tax >= 0),              -- 年税收 万元
  ADD COLUMN actual_energy_va       double precision CHECK (actual_energy_va >= 0),
  ADD COLUMN actual_emission_va     double precision CHECK (actual_emission_va >= 0),
  -- the judgement of each: {"passed": bool, "items": [{key, name, unit, committed, actual, gap, passed}]}
  ADD COLUMN acceptance             jsonb,
  ADD COLUMN evaluation             jsonb,
  -- 退出: a broken contract, and what happens to the land
  ADD COLUMN exit_date              date,
  ADD COLUMN exit_reason            varchar(200),
  ADD COLUMN exit_outcome           varchar(8) CHECK (exit_outcome IN ('收回', '保留', '转让')),
  ADD CONSTRAINT lifecycle_project_exit_check CHECK (exit_date IS NULL OR (exit_date >= signed_date AND exit_reason IS NOT NULL AND exit_outcome IS NOT NULL)),
  ADD CONSTRAINT lifecycle_project_deadline_check CHECK (
    (start_deadline IS NULL OR start_deadline >= signed_date) AND (completion_deadline IS NULL OR completion_deadline >= signed_date));

ALTER TABLE lifecycle_event DROP CONSTRAINT lifecycle_event_stage_check;
ALTER TABLE lifecycle_event
  ADD CONSTRAINT lifecycle_event_stage_check CHECK (stage IN ('xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj', 'tc')),
  ADD COLUMN late_days      integer CHECK (late_days > 0),   -- registered this many days past the stage's deadline
  ADD COLUMN actuals        jsonb,                            -- the actual figures the registration gave
  ADD COLUMN judgement      jsonb,                            -- 竣工验收 / 项目评价 against the commitments
  ADD COLUMN submission_id  bigint REFERENCES dc_submission(id) ON DELETE SET NULL;

-- every edit of a signed project: which fields, from what to what, by whom
CREATE TABLE lifecycle_project_history (
  id          bigserial   PRIMARY KEY,
  project_id  integer     NOT NULL REFERENCES lifecycle_project(id) ON DELETE CASCADE,
  changes     jsonb       NOT NULL,  -- [{field, label, before, after}]
  actor_id    integer     NOT NULL REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lifecycle_project_history_project_idx ON lifecycle_project_history(project_id, id);
