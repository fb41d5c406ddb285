-- 附件 of the data centre's one-record forms (地块更新, 工业用地录入, 用地单位录入): files of the content
-- store (upload_file, 0065) carried by a submission, and — once it is approved — by the record.
--
-- dc_submission_file: the files a submission carries (its 附件). A draft's list is replaced when the
-- draft is edited; a returned submission keeps its list. Goes with the submission (a discarded draft).
CREATE TABLE dc_submission_file (
  submission_id  bigint  NOT NULL REFERENCES dc_submission(id) ON DELETE CASCADE,
  file_id        bigint  NOT NULL REFERENCES upload_file(id),
  -- the order the submitter listed them in
  sort           integer NOT NULL DEFAULT 0,
  PRIMARY KEY (submission_id, file_id)
);
CREATE INDEX dc_submission_file_file_idx ON dc_submission_file(file_id);

-- record_attachment: the attachments of a master record, written by the approval of the submission
-- that added them, in the same transaction as the merge and its record_history row.
CREATE TABLE record_attachment (
  id             bigserial   PRIMARY KEY,
  kind           varchar(10) NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  record_id      integer     NOT NULL,
  file_id        bigint      NOT NULL REFERENCES upload_file(id),
  -- the approved submission that added the file
  submission_id  bigint      NOT NULL REFERENCES dc_submission(id),
  created_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (kind, record_id, file_id)
);
CREATE INDEX record_attachment_file_idx ON record_attachment(file_id);
CREATE INDEX record_attachment_submission_idx ON record_attachment(submission_id);
