-- The record workflow of the data centre (数据更新, 认领, 审核): what 0060 leaves to the services.
--
-- town_code: the data scope of a town-level user is one equality on town_code, as on the master
-- tables (src/server/auth/data-scope.ts), so submissions carry it too.
ALTER TABLE dc_submission ADD COLUMN town_code varchar(12) REFERENCES region(code);
-- 说明: the submitter's note to the auditor (why a record is deleted, where a claim comes from)
ALTER TABLE dc_submission ADD COLUMN remark varchar(500) NOT NULL DEFAULT '';

-- A record is claimed once: a second claim of it waits for nothing while one is open.
CREATE UNIQUE INDEX dc_submission_open_claim_idx ON dc_submission(kind, target_id)
  WHERE action = 'claim' AND state IN ('草稿', '待审核');
CREATE INDEX dc_submission_target_idx ON dc_submission(kind, target_id);

-- Every step of a submission (新建, 修改, 提交审核, 撤回, 审核通过, 退回): who, when, from which
-- state to which, and the reason of a return — the trail stays when a returned submission is
-- fixed and submitted again.
CREATE TABLE dc_submission_event (
  id             bigserial PRIMARY KEY,
  submission_id  bigint      NOT NULL REFERENCES dc_submission(id) ON DELETE CASCADE,
  action         varchar(10) NOT NULL CHECK (action IN ('create', 'edit', 'submit', 'withdraw', 'approve', 'reject')),
  from_state     varchar(4)  CHECK (from_state IN ('草稿', '待审核', '已通过', '已退回')),
  to_state       varchar(4)  NOT NULL CHECK (to_state IN ('草稿', '待审核', '已通过', '已退回')),
  actor_id       integer     NOT NULL REFERENCES app_user(id),
  reason         varchar(500),
  at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX dc_submission_event_submission_idx ON dc_submission_event(submission_id, id);
