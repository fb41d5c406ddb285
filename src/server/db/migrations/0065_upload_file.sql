-- 文件 (docs/product.md §7 /api/base/file/*, /api/document/upload/file): every uploaded file, stored once by
-- content under DATA_DIR/uploads/files/<first 2 hex of sha256>/<sha256>. The client's file name is
-- kept for display and downloads only and never becomes a path. Several rows may share one hash
-- (the same bytes uploaded twice); the bytes go when the last row referencing them goes.
CREATE TABLE upload_file (
  id             bigserial PRIMARY KEY,
  sha256         char(64)     NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  size           bigint       NOT NULL CHECK (size >= 0),
  -- detected from the content (src/domain/files/file-type.ts), never taken from the client
  kind           varchar(12)  NOT NULL,
  mime           varchar(100) NOT NULL,
  original_name  varchar(255) NOT NULL,
  -- file = attachment, document = /api/document/upload/file, import = source of an import batch
  purpose        varchar(10)  NOT NULL DEFAULT 'file' CHECK (purpose IN ('file', 'document', 'import')),
  -- 代码 of fileUploadByDm and the record the file belongs to
  dm             varchar(50),
  record_id      varchar(50),
  uploaded_by    integer      NOT NULL REFERENCES app_user(id),
  -- the uploader's region when uploading: who else may download it (data scope)
  region_code    varchar(12)  REFERENCES region(code),
  created_at     timestamptz  NOT NULL DEFAULT now()
);
CREATE INDEX upload_file_sha_idx ON upload_file(sha256);
CREATE INDEX upload_file_dm_idx ON upload_file(dm, record_id);
