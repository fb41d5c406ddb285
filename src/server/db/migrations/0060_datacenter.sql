-- Data centre (docs/domain.md "Data centre"): the versioned data standard, submissions that wait for
-- audit, and the history of every master record. Import batches (数据采集 / 数据处理) build on
-- these tables in a later migration.
--
-- A change to master data (parcel, enterprise) is never written directly: it is a submission
-- (草稿 → 待审核 → 已通过 | 已退回), and approval merges it and writes a record_history row in
-- the same transaction.

-- 数据标准: one row per kind and version; the newest version is the one in force.
CREATE TABLE dc_standard (
  id          serial PRIMARY KEY,
  kind        varchar(10) NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  version     integer     NOT NULL CHECK (version >= 1),
  -- StandardField[] (src/domain/datacenter/standard.ts)
  fields      jsonb       NOT NULL,
  remark      varchar(255) NOT NULL DEFAULT '',
  created_by  integer REFERENCES app_user(id),
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, version)
);

-- 提交: one proposed change of one master record.
CREATE TABLE dc_submission (
  id             bigserial PRIMARY KEY,
  kind           varchar(10) NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  -- create = 新增, update = 修改, delete = 删除, claim = 认领 (sets the owning region)
  action         varchar(8)  NOT NULL CHECK (action IN ('create', 'update', 'delete', 'claim')),
  -- the master record (parcel.id / enterprise.id); null for create until approval creates it
  target_id      integer,
  -- the standard version the payload was checked against
  standard_version integer NOT NULL,
  -- the record's fields by standard field name, geometry as GeoJSON (4326)
  payload        jsonb       NOT NULL,
  -- the master record as it was when the submission was made: the diff's left side, and the
  -- optimistic check at approval (a master record changed since then cannot be overwritten blindly)
  before         jsonb,
  state          varchar(4)  NOT NULL DEFAULT '草稿' CHECK (state IN ('草稿', '待审核', '已通过', '已退回')),
  -- owning region of the change, for data scope (a county clerk submits only inside the county)
  province_code  varchar(12) REFERENCES region(code),
  city_code      varchar(12) REFERENCES region(code),
  county_code    varchar(12) REFERENCES region(code),
  -- the import batch the row came from, if any (数据采集)
  batch_id       bigint,
  batch_row_no   integer,
  created_by     integer NOT NULL REFERENCES app_user(id),
  submitted_at   timestamptz,
  audited_by     integer REFERENCES app_user(id),
  audited_at     timestamptz,
  -- 退回原因, required when state = 已退回
  reason         varchar(500),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  CHECK (state <> '已退回' OR (reason IS NOT NULL AND length(btrim(reason)) > 0)),
  CHECK (action = 'create' OR target_id IS NOT NULL)
);
CREATE INDEX dc_submission_state_idx ON dc_submission(kind, state);
CREATE INDEX dc_submission_county_idx ON dc_submission(county_code);
CREATE INDEX dc_submission_creator_idx ON dc_submission(created_by);
CREATE INDEX dc_submission_batch_idx ON dc_submission(batch_id);

-- 历史: every approved change of a master record, numbered per record from 1; `after` of version n
-- is the record as of that version, so any past version can be shown.
CREATE TABLE record_history (
  id             bigserial PRIMARY KEY,
  kind           varchar(10) NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  record_id      integer     NOT NULL,
  version        integer     NOT NULL CHECK (version >= 1),
  action         varchar(8)  NOT NULL CHECK (action IN ('create', 'update', 'delete', 'claim', 'import')),
  before         jsonb,
  after          jsonb,
  submission_id  bigint REFERENCES dc_submission(id),
  changed_by     integer REFERENCES app_user(id),
  changed_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, record_id, version)
);
CREATE INDEX record_history_submission_idx ON record_history(submission_id);
