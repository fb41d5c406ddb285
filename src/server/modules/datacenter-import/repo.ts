/** SQL of import batches (dc_import_batch, dc_import_row, dc_import_template). */
import type { BatchProgress, BatchRowView, BatchView } from '../../../domain/contracts/datacenter-import'
import type { Page } from '../../../domain/contracts/envelope'
import type { BatchStatus, ImportFormat, RowIssue, RowLevel, RowLink, SourceCrs } from '../../../domain/datacenter/import-batch'
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { contains, iso, orderBy, queryPage, Where, type PageArgs } from '../../db/sql'

interface BatchRow {
  id: number | string
  kind: RecordKind
  file_id: number | string
  name: string
  format: ImportFormat
  crs_declared: string
  source_crs: SourceCrs | null
  status: BatchStatus
  progress: number
  phase: string
  message: string
  row_count: number
  headers: string[]
  mapping: Record<string, string>
  mapping_source: 'auto' | 'template' | 'saved'
  standard_version: number | null
  error_rows: number
  warning_rows: number
  excluded_rows: number
  checked_at: Date | null
  submitted_count: number
  submitted_at: Date | null
  created_by: number
  creator: string
  region_code: string | null
  created_at: Date
  heartbeat_age: number
  job_scope: DataScope | null
}

/** A batch with what the service needs beside the view. */
export interface BatchRecord extends BatchView {
  createdById: number
  headers: string[]
  mapping: Record<string, string>
  mappingSource: 'auto' | 'template' | 'saved'
  /** seconds since the job working on it last reported */
  heartbeatAge: number
  /** the data scope a check was started with (a process taking the check over runs it the same) */
  jobScope: DataScope | null
}

const COLS = `b.id, b.kind, b.file_id, b.name, b.format, b.crs_declared, b.source_crs, b.status, b.progress, b.phase, b.message,
  b.row_count, b.headers, b.mapping, b.mapping_source, b.standard_version, b.error_rows, b.warning_rows, b.excluded_rows,
  b.checked_at, b.submitted_count, b.submitted_at, b.created_by, u.username AS creator, b.region_code, b.created_at,
  extract(epoch FROM now() - b.heartbeat_at)::float8 AS heartbeat_age, b.job_scope`
const FROM = 'dc_import_batch b JOIN app_user u ON u.id = b.created_by'

const record = (r: BatchRow): BatchRecord => ({
  id: Number(r.id),
  kind: r.kind,
  name: r.name,
  fileId: Number(r.file_id),
  format: r.format,
  crsDeclared: r.crs_declared,
  sourceCrs: r.source_crs,
  status: r.status,
  progress: r.progress,
  phase: r.phase,
  message: r.message,
  rowCount: r.row_count,
  errorRows: r.error_rows,
  warningRows: r.warning_rows,
  excludedRows: r.excluded_rows,
  standardVersion: r.standard_version,
  checkedAt: iso(r.checked_at),
  submittedCount: r.submitted_count,
  submittedAt: iso(r.submitted_at),
  createdBy: r.creator,
  createdAt: iso(r.created_at) as string,
  regionCode: r.region_code,
  createdById: r.created_by,
  headers: r.headers,
  mapping: r.mapping,
  mappingSource: r.mapping_source,
  heartbeatAge: Number(r.heartbeat_age),
  jobScope: r.job_scope,
})

/** The view of a batch (without the service's fields). */
export function batchView(b: BatchRecord): BatchView {
  const { createdById: _c, headers: _h, mapping: _m, mappingSource: _s, heartbeatAge: _a, jobScope: _j, ...view } = b
  return view
}

/** A new batch in 导入中. */
export async function insertBatch(
  db: Db,
  b: {
    kind: RecordKind
    fileId: number
    name: string
    format: ImportFormat
    crsDeclared: string
    sourceCrs: SourceCrs | null
    headers: string[]
    mapping: Record<string, string>
    mappingSource: string
    userId: number
    regionCode: string | null
    chain: { province: string | null; city: string | null; county: string | null; town: string | null }
    /** the process that reads the file (its job) */
    owner: string
  },
): Promise<number> {
  const r = await db.query<{ id: number | string }>(
    `INSERT INTO dc_import_batch(kind, file_id, name, format, crs_declared, source_crs, headers, mapping, mapping_source, created_by,
                                 region_code, province_code, city_code, county_code, town_code, phase, claimed_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, $10, $11, $12, $13, $14, $15, '排队等待读取', $16) RETURNING id`,
    [
      b.kind,
      b.fileId,
      b.name,
      b.format,
      b.crsDeclared,
      b.sourceCrs,
      JSON.stringify(b.headers),
      JSON.stringify(b.mapping),
      b.mappingSource,
      b.userId,
      b.regionCode,
      b.chain.province,
      b.chain.city,
      b.chain.county,
      b.chain.town,
      b.owner,
    ],
  )
  return Number(r.rows[0].id)
}

/** One batch by id. */
export async function getBatch(db: Db, id: number): Promise<BatchRecord | undefined> {
  const r = await db.query<BatchRow>(`SELECT ${COLS} FROM ${FROM} WHERE b.id = $1`, [id])
  return r.rows[0] && record(r.rows[0])
}

/** Filters of the batch list. */
export interface BatchFilter {
  kind?: string
  status?: string
  keyword?: string
  mineOf?: number
}

/** Adds the list's filters to a where clause that already holds the scope condition (alias b). */
function filterBatches(where: Where, f: BatchFilter): Where {
  where.addIf(f.kind, 'b.kind = ?').addIf(f.status, 'b.status = ?').addIf(f.mineOf, 'b.created_by = ?')
  if (f.keyword) where.add('(b.name ILIKE ? OR u.username ILIKE ?)', contains(f.keyword), contains(f.keyword))
  return where
}

/** A page of batches inside a scope condition (built by the caller on alias b). */
export async function listBatches(db: Db, where: Where, f: BatchFilter, args: PageArgs): Promise<Page<BatchView>> {
  const order = orderBy(args, { createdAt: 'b.created_at', rowCount: 'b.row_count' }, 'b.id DESC')
  return queryPage(db, { select: COLS, from: FROM, where: filterBatches(where, f), order }, args, (r: BatchRow) => batchView(record(r)))
}

/** Every batch of the list's filters, newest first, in pages of `size` (export); `scoped` gives a fresh where clause with the scope condition. */
export async function* eachBatch(db: Db, scoped: () => Where, f: BatchFilter, size = 1000): AsyncGenerator<BatchView[]> {
  let after = Number.MAX_SAFE_INTEGER
  for (;;) {
    const where = filterBatches(scoped(), f).add('b.id < ?', after)
    const r = await db.query<BatchRow>(`SELECT ${COLS} FROM ${FROM} WHERE ${where.sql} ORDER BY b.id DESC LIMIT ${size}`, where.params)
    if (r.rows.length === 0) return
    const views = r.rows.map((row) => batchView(record(row)))
    yield views
    after = views[views.length - 1].id
  }
}

/** What the progress bar polls. */
export async function progressOf(db: Db, id: number): Promise<BatchProgress | undefined> {
  const r = await db.query<{
    id: number | string
    status: BatchStatus
    progress: number
    phase: string
    message: string
    row_count: number
  }>('SELECT id, status, progress, phase, message, row_count FROM dc_import_batch WHERE id = $1', [id])
  const b = r.rows[0]
  return b && { id: Number(b.id), status: b.status, progress: b.progress, phase: b.phase, message: b.message, rowCount: b.row_count }
}

/** Reports a job's progress (and that it is alive); false when `owner` no longer holds the job (taken over). */
export async function setProgress(db: Db, id: number, progress: number, phase: string, owner: string): Promise<boolean> {
  const r = await db.query('UPDATE dc_import_batch SET progress = $2, phase = $3, heartbeat_at = now() WHERE id = $1 AND claimed_by = $4', [
    id,
    Math.max(0, Math.min(100, Math.round(progress))),
    phase.slice(0, 100),
    owner,
  ])
  return r.affectedRows > 0
}

/** The heartbeat of a job; false when `owner` no longer holds it. */
export async function beat(db: Db, id: number, owner: string): Promise<boolean> {
  const r = await db.query('UPDATE dc_import_batch SET heartbeat_at = now() WHERE id = $1 AND claimed_by = $2', [id, owner])
  return r.affectedRows > 0
}

/** Gives a job up (a closing server) so that another process may take it at once. */
export async function release(db: Db, id: number, owner: string): Promise<void> {
  await db.query(`UPDATE dc_import_batch SET claimed_by = NULL WHERE id = $1 AND claimed_by = $2 AND status IN ('导入中', '检查中')`, [
    id,
    owner,
  ])
}

/**
 * Claims one job another process left: a batch in 导入中 / 检查中 that nobody holds, or whose
 * holder has been silent for `staleSeconds` (or any other holder's, with `all`). SKIP LOCKED: a job
 * another process is claiming right now is passed over, so no job is claimed twice.
 */
export async function claimStaleJob(
  db: Db,
  owner: string,
  staleSeconds: number,
  all: boolean,
): Promise<{ id: number; status: BatchStatus } | undefined> {
  const r = await db.query<{ id: number | string; status: BatchStatus }>(
    `UPDATE dc_import_batch SET claimed_by = $1, heartbeat_at = now(), takeovers = takeovers + 1
     WHERE id = (SELECT id FROM dc_import_batch
                 WHERE status IN ('导入中', '检查中')
                   AND (claimed_by IS NULL
                        OR (claimed_by <> $1 AND ($3::boolean OR heartbeat_at < now() - make_interval(secs => $2::float8))))
                 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
     RETURNING id, status`,
    [owner, staleSeconds, all],
  )
  const j = r.rows[0]
  return j && { id: Number(j.id), status: j.status }
}

/** How many rows a batch holds and its last row number (where an interrupted staging continues). */
export async function stagedExtent(db: Db, id: number): Promise<{ count: number; last: number }> {
  const r = await db.query<{ n: number; last: number }>(
    'SELECT count(*)::int AS n, coalesce(max(row_no), 0)::int AS last FROM dc_import_row WHERE batch_id = $1',
    [id],
  )
  return { count: r.rows[0].n, last: r.rows[0].last }
}

/**
 * Moves a batch from one of `from` to `to`, setting the given columns; returns false when the
 * batch was not in one of those states (someone else moved it first) or, with `owner`, when that
 * process no longer holds the batch's job.
 */
export async function moveStatus(
  db: Db,
  id: number,
  from: readonly BatchStatus[],
  to: BatchStatus,
  set: Record<string, unknown> = {},
  owner?: string,
): Promise<boolean> {
  const cols = Object.keys(set)
  for (const c of cols) if (!/^[a-z_]+$/.test(c)) throw new Error(`bad column ${c}`)
  const params: unknown[] = [id, [...from], to, ...cols.map((c) => set[c])]
  const extra = cols.map((c, i) => `, ${c} = $${i + 4}`).join('')
  // a job's own move happens only while its process still holds it (jobs.ts)
  const held = owner === undefined ? '' : ` AND claimed_by = $${params.push(owner)}`
  const r = await db.query(
    `UPDATE dc_import_batch SET status = $3, heartbeat_at = now(), updated_at = now()${extra} WHERE id = $1 AND status = ANY($2::varchar[])${held}`,
    params,
  )
  return r.affectedRows > 0
}

/** One staged row to insert. */
export interface NewRow {
  row_no: number
  source_line: number
  source: Record<string, unknown>
  /** GeoJSON text in EPSG:4326 */
  geom: string | null
  geom_error: string | null
}

/**
 * Inserts a chunk of staged rows in one statement, only while `owner` holds the batch's job (the
 * batch row is share-locked, so a takeover waits for the chunk and then sees it); false when it
 * no longer does and nothing was written.
 */
export async function insertRows(db: Db, batchId: number, rows: NewRow[], owner: string): Promise<boolean> {
  const r = await db.query(
    `INSERT INTO dc_import_row(batch_id, row_no, source_line, source, geom, geom_error)
     SELECT $1, x.row_no, x.source_line, x.source,
            CASE WHEN x.geom IS NULL THEN NULL ELSE ST_SetSRID(ST_GeomFromGeoJSON(x.geom), 4326) END, x.geom_error
     FROM jsonb_to_recordset($2::jsonb) AS x(row_no int, source_line int, source jsonb, geom text, geom_error text)
     WHERE EXISTS (SELECT 1 FROM dc_import_batch b WHERE b.id = $1 AND b.claimed_by = $3 FOR SHARE)`,
    [batchId, JSON.stringify(rows), owner],
  )
  return r.affectedRows > 0 || rows.length === 0
}

/** Removes every staged row of a batch. */
export async function deleteRows(db: Db, batchId: number): Promise<void> {
  await db.query('DELETE FROM dc_import_row WHERE batch_id = $1', [batchId])
}

interface RowRow {
  row_no: number
  source_line: number
  source: Record<string, string | number | boolean | null>
  overrides: Record<string, unknown>
  record: Record<string, unknown> | null
  level: RowLevel
  issues: RowIssue[]
  excluded: boolean
  action: 'create' | 'update' | null
  target_id: number | null
  county_code: string | null
  link: RowLink | null
  has_geom: boolean
  submission_id: number | string | null
  submission_state: string | null
}

const rowView = (r: RowRow): BatchRowView => ({
  rowNo: r.row_no,
  sourceLine: r.source_line,
  source: r.source,
  overrides: r.overrides,
  record: r.record,
  level: r.level,
  issues: r.issues,
  excluded: r.excluded,
  action: r.action,
  targetId: r.target_id,
  countyCode: r.county_code,
  link: r.link,
  hasGeometry: r.has_geom,
  submission: r.submission_id === null ? null : { id: Number(r.submission_id), state: r.submission_state as string },
})

const ROW_SELECT = `r.row_no, r.source_line, r.source, r.overrides, r.record, r.level, r.issues, r.excluded, r.action, r.target_id, r.county_code, r.link,
  (r.geom IS NOT NULL) AS has_geom, s.id AS submission_id, s.state AS submission_state`
const ROW_FROM = 'dc_import_row r LEFT JOIN dc_submission s ON s.batch_id = r.batch_id AND s.batch_row_no = r.row_no'

/** Filters of a batch's rows: the level, or rows with an issue of a field or a rule. */
export interface RowFilter {
  level?: string
  field?: string
  rule?: string
}

/** The WHERE of a batch's rows under a filter. */
function rowsWhere(batchId: number, f: RowFilter): Where {
  const where = new Where().add('r.batch_id = ?', batchId)
  if (f.level === '未检查') where.add("r.level = ''")
  else if (f.level === '已排除') where.add('r.excluded')
  else if (f.level) where.add('r.level = ? AND NOT r.excluded', f.level)
  if (f.field) where.add('r.issues @> ?::jsonb', JSON.stringify([{ field: f.field }]))
  if (f.rule) where.add('r.issues @> ?::jsonb', JSON.stringify([{ rule: f.rule }]))
  return where
}

/** A page of a batch's rows, filtered by level, field or rule of an issue. */
export async function rowsPage(db: Db, batchId: number, f: RowFilter, args: PageArgs): Promise<Page<BatchRowView>> {
  const order = orderBy(args, { rowNo: 'r.row_no' }, 'r.row_no')
  return queryPage(db, { select: ROW_SELECT, from: ROW_FROM, where: rowsWhere(batchId, f), order }, args, rowView)
}

/** Every row of a batch under a filter, in row order, `size` at a time (exports). */
export async function* eachRow(db: Db, batchId: number, f: RowFilter, size = 1000): AsyncGenerator<BatchRowView[]> {
  let after = 0
  for (;;) {
    const where = rowsWhere(batchId, f).add('r.row_no > ?', after)
    const r = await db.query<RowRow>(
      `SELECT ${ROW_SELECT} FROM ${ROW_FROM} WHERE ${where.sql} ORDER BY r.row_no LIMIT ${size}`,
      where.params,
    )
    if (r.rows.length === 0) return
    yield r.rows.map(rowView)
    after = r.rows[r.rows.length - 1].row_no
  }
}

/** One row. */
export async function getRow(db: Db, batchId: number, rowNo: number): Promise<BatchRowView | undefined> {
  const r = await db.query<RowRow>(`SELECT ${ROW_SELECT} FROM ${ROW_FROM} WHERE r.batch_id = $1 AND r.row_no = $2`, [batchId, rowNo])
  return r.rows[0] && rowView(r.rows[0])
}

/** The shapes of a batch as GeoJSON features (row number, level, a label), at most `limit`. */
export async function shapes(
  db: Db,
  batchId: number,
  labelField: string | null,
  limit: number,
): Promise<{ features: unknown[]; bbox: number[] | null; total: number }> {
  const r = await db.query<{ row_no: number; level: string; excluded: boolean; label: string | null; g: string }>(
    `SELECT row_no, level, excluded, CASE WHEN $3::text IS NULL THEN NULL ELSE record->>$3::text END AS label, ST_AsGeoJSON(geom, 7) AS g
     FROM dc_import_row WHERE batch_id = $1 AND geom IS NOT NULL ORDER BY row_no LIMIT $2`,
    [batchId, limit, labelField],
  )
  const ext = await db.query<{ n: number; xmin: number | null; ymin: number | null; xmax: number | null; ymax: number | null }>(
    `SELECT count(geom)::int AS n, ST_XMin(ST_Extent(geom)::box3d)::float8 AS xmin, ST_YMin(ST_Extent(geom)::box3d)::float8 AS ymin,
            ST_XMax(ST_Extent(geom)::box3d)::float8 AS xmax, ST_YMax(ST_Extent(geom)::box3d)::float8 AS ymax
     FROM dc_import_row WHERE batch_id = $1`,
    [batchId],
  )
  const e = ext.rows[0]
  return {
    features: r.rows.map((x) => ({
      type: 'Feature',
      geometry: JSON.parse(x.g),
      properties: { rowNo: x.row_no, level: x.excluded ? '已排除' : x.level || '未检查', label: x.label ?? `第 ${x.row_no} 行` },
    })),
    bbox: e && e.xmin !== null ? [e.xmin, e.ymin as number, e.xmax as number, e.ymax as number] : null,
    total: e?.n ?? 0,
  }
}

/** Up to `n` source rows of a batch, first first. */
export async function sampleSources(db: Db, batchId: number, n: number): Promise<Record<string, string | number | boolean | null>[]> {
  const r = await db.query<{ source: Record<string, string | number | boolean | null> }>(
    'SELECT source FROM dc_import_row WHERE batch_id = $1 ORDER BY row_no LIMIT $2',
    [batchId, n],
  )
  return r.rows.map((x) => x.source)
}

/** The remembered mapping of a template (kind + header signature). */
export async function templateMapping(db: Db, kind: RecordKind, signature: string): Promise<Record<string, string> | undefined> {
  const r = await db.query<{ mapping: Record<string, string> }>(
    'SELECT mapping FROM dc_import_template WHERE kind = $1 AND signature = $2',
    [kind, signature],
  )
  return r.rows[0]?.mapping
}

/** Remembers a mapping for a template. */
export async function saveTemplate(
  db: Db,
  kind: RecordKind,
  signature: string,
  headers: string[],
  mapping: Record<string, string>,
  userId: number,
): Promise<void> {
  await db.query(
    `INSERT INTO dc_import_template(kind, signature, headers, mapping, updated_by) VALUES ($1, $2, $3::jsonb, $4::jsonb, $5)
     ON CONFLICT (kind, signature) DO UPDATE SET mapping = EXCLUDED.mapping, headers = EXCLUDED.headers, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [kind, signature, JSON.stringify(headers), JSON.stringify(mapping), userId],
  )
}

/** Recounts the error, warning and excluded rows of a batch. */
export async function recount(db: Db, batchId: number): Promise<void> {
  await db.query(
    `UPDATE dc_import_batch b SET
       error_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.level = '错误' AND NOT r.excluded),
       warning_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.level = '警告' AND NOT r.excluded),
       excluded_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.excluded),
       updated_at = now()
     WHERE b.id = $1`,
    [batchId],
  )
}
