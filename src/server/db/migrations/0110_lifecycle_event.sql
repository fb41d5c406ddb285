-- 项目管理 of the land lifecycle: every stage date registered on a project, with who registered it
-- and the deadline it set (土地供应 → start within 12 months, 项目开工 → completion within 24),
-- so the dates on lifecycle_project always have their history.
CREATE TABLE lifecycle_event (
  id          bigserial   PRIMARY KEY,
  project_id  integer     NOT NULL REFERENCES lifecycle_project(id) ON DELETE CASCADE,
  stage       varchar(4)  NOT NULL CHECK (stage IN ('xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj')),
  stage_date  date        NOT NULL,
  remark      varchar(200) NOT NULL DEFAULT '',
  deadline    date,
  actor_id    integer     NOT NULL REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lifecycle_event_project_idx ON lifecycle_event(project_id, id);
