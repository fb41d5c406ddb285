-- 数据采集 / 数据处理 (docs/domain.md "Data centre"; issue 7): import batches staged from an uploaded file,
-- their rows with the issues the checks found, and the column mappings remembered per template.
--
-- A batch moves 导入中 → 已上传 → 检查中 → 已检查 → 已提交 | 已退回 (src/domain/datacenter/
-- import-batch.ts). Rows are staged in short chunks so the embedded engine keeps answering while a
-- big file is read; a batch is usable only once its status has left 导入中, and a batch left in
-- 导入中 by a stopped process is found by its stale heartbeat, emptied and marked 已中断 (re-run
-- from its stored file). Committing writes all dc_submission rows in one transaction.

CREATE TABLE dc_import_batch (
  id               bigserial PRIMARY KEY,
  kind             varchar(10)  NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  -- the stored source file (content-addressed, upload_file)
  file_id          bigint       NOT NULL REFERENCES upload_file(id),
  name             varchar(255) NOT NULL,
  format           varchar(10)  NOT NULL CHECK (format IN ('xlsx', 'csv', 'shapefile', 'geojson')),
  -- what the uploader declared (auto = from .prj / GeoJSON crs) and what was used
  crs_declared     varchar(8)   NOT NULL DEFAULT 'auto' CHECK (crs_declared IN ('auto', '4326', '4490', '4549', 'gcj02')),
  source_crs       varchar(8)   CHECK (source_crs IN ('4326', '4490', '4549', 'gcj02')),
  status           varchar(4)   NOT NULL DEFAULT '导入中'
                   CHECK (status IN ('导入中', '导入失败', '已中断', '已上传', '检查中', '已检查', '已提交', '已退回')),
  -- 0–100 of the running step, and what it is doing, for the progress bar
  progress         smallint     NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  phase            varchar(100) NOT NULL DEFAULT '',
  -- last sign of life of the job working on the batch
  heartbeat_at     timestamptz  NOT NULL DEFAULT now(),
  -- why the import failed, or the 退回 reason
  message          varchar(500) NOT NULL DEFAULT '',
  row_count        integer      NOT NULL DEFAULT 0,
  -- source column names in file order
  headers          jsonb        NOT NULL DEFAULT '[]',
  -- standard field name → source column name
  mapping          jsonb        NOT NULL DEFAULT '{}',
  mapping_source   varchar(8)   NOT NULL DEFAULT 'auto' CHECK (mapping_source IN ('auto', 'template', 'saved')),
  standard_version integer,
  error_rows       integer      NOT NULL DEFAULT 0,
  warning_rows     integer      NOT NULL DEFAULT 0,
  excluded_rows    integer      NOT NULL DEFAULT 0,
  checked_at       timestamptz,
  submitted_count  integer      NOT NULL DEFAULT 0,
  submitted_at     timestamptz,
  returned_by      integer      REFERENCES app_user(id),
  created_by       integer      NOT NULL REFERENCES app_user(id),
  -- the creator's region and the divisions above it: who else sees the batch (data scope, the
  -- same columns as parcel and enterprise so the one scope condition applies)
  region_code      varchar(12)  REFERENCES region(code),
  province_code    varchar(12),
  city_code        varchar(12),
  county_code      varchar(12),
  town_code        varchar(12),
  created_at       timestamptz  NOT NULL DEFAULT now(),
  updated_at       timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX dc_import_batch_status_idx ON dc_import_batch(status);
CREATE INDEX dc_import_batch_creator_idx ON dc_import_batch(created_by);
CREATE INDEX dc_import_batch_file_idx ON dc_import_batch(file_id);

CREATE TABLE dc_import_row (
  batch_id      bigint      NOT NULL REFERENCES dc_import_batch(id) ON DELETE CASCADE,
  -- 1-based position among the data rows / features of the source
  row_no        integer     NOT NULL,
  -- where it is in the source, as the clerk would find it (Excel row number, CSV line, feature index)
  source_line   integer     NOT NULL,
  -- source column → value, as read
  source        jsonb       NOT NULL,
  -- the shape of the row in EPSG:4326 (shapefile / GeoJSON features, or coordinates / WKT columns)
  geom          geometry(Geometry, 4326),
  -- why the source shape could not be read as a geometry (unclosed ring, too few points …)
  geom_error    varchar(200),
  -- the clerk's fixes, standard field → value, applied over the mapped source
  overrides     jsonb       NOT NULL DEFAULT '{}',
  -- the normalised record of the last check (checkRecord's value)
  record        jsonb,
  -- [{ field, rule, level: error|warning, message }]
  issues        jsonb       NOT NULL DEFAULT '[]',
  -- '' = not checked yet
  level         varchar(2)  NOT NULL DEFAULT '' CHECK (level IN ('', '正常', '警告', '错误')),
  excluded      boolean     NOT NULL DEFAULT false,
  -- what committing would do: create, or update the master record target_id
  action        varchar(8)  CHECK (action IN ('create', 'update')),
  target_id     integer,
  province_code varchar(12),
  city_code     varchar(12),
  county_code   varchar(12),
  -- the enterprise linked to a parcel row: { rule, creditCode, name }
  link          jsonb,
  PRIMARY KEY (batch_id, row_no)
);
CREATE INDEX dc_import_row_level_idx ON dc_import_row(batch_id, level);
CREATE INDEX dc_import_row_geom_idx ON dc_import_row USING gist(geom);

-- 映射模板: a mapping remembered for files with the same columns (kind + header signature).
CREATE TABLE dc_import_template (
  id          serial PRIMARY KEY,
  kind        varchar(10) NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  -- sha-256 of the normalised header list (src/domain/datacenter/column-mapping.ts)
  signature   char(64)    NOT NULL,
  headers     jsonb       NOT NULL,
  mapping     jsonb       NOT NULL,
  updated_by  integer     REFERENCES app_user(id),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, signature)
);
