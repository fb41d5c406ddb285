/**
 * The master records (parcel, enterprise) as the data centre sees them: a snapshot by standard
 * field name (geometry as GeoJSON, the owner of a parcel by credit code, the region codes), the
 * writes an approval makes, and their history (record_history). Column names come from the
 * built-in standard, never from a request, so the dynamic SQL below names only known columns.
 */
import type { HistoryRow } from '../../../domain/contracts/datacenter'
import { DEFAULT_STANDARD, type RecordKind } from '../../../domain/datacenter/standard'
import { MASTER_COLUMN_LIMITS } from '../../../domain/datacenter/standard-rules'
import type { RecordValues } from '../../../domain/datacenter/record-diff'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'

/** Region codes of a record (or of a submission, for its data scope). */
export interface RegionCodes {
  province_code: string | null
  city_code: string | null
  county_code: string | null
  town_code: string | null
}

/** The region columns, in order from province down. */
export const REGION_COLUMNS = ['province_code', 'city_code', 'county_code', 'town_code'] as const

interface MasterTable {
  table: string
  alias: string
  /** the geometry column (a standard field of type geometry) */
  geom: string
  /** SQL of the stored geometry from a GeoJSON text parameter */
  geomFrom: (param: string) => string
  /** a point of the record for "where is it" questions */
  locationSql: string
  /** identifying code column and name column */
  code: string
}

/** The two master tables. */
export const MASTER: Readonly<Record<RecordKind, MasterTable>> = {
  parcel: {
    table: 'parcel',
    alias: 'p',
    geom: 'geom',
    geomFrom: (p) => `ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON(${p}::text), 4326))`,
    locationSql: 'ST_PointOnSurface(p.geom)',
    code: 'land_code',
  },
  enterprise: {
    table: 'enterprise',
    alias: 'e',
    geom: 'location',
    geomFrom: (p) => `ST_SetSRID(ST_GeomFromGeoJSON(${p}::text), 4326)`,
    locationSql: 'e.location',
    code: 'credit_code',
  },
}

/** The parcel's link to its 用地单位, kept as the enterprise's credit code in records. */
export const OWNER_LINK = 'owner_credit_code'

/** Plain columns of a kind: the built-in standard's fields minus geometry and the owner link. */
export function plainColumns(kind: RecordKind): string[] {
  return DEFAULT_STANDARD[kind].filter((f) => f.type !== 'geometry' && f.name !== OWNER_LINK).map((f) => f.name)
}

/** SELECT list and FROM of a record snapshot. */
function snapshotSql(kind: RecordKind): { select: string; from: string } {
  const m = MASTER[kind]
  const a = m.alias
  const cols = [...new Set([...plainColumns(kind), ...REGION_COLUMNS])].map((c) => `${a}.${c}`)
  if (kind === 'parcel') {
    return {
      select: `${a}.id, ${a}.deleted, ${cols.join(', ')}, ST_AsGeoJSON(${a}.geom, 9)::json AS geom, oe.credit_code AS ${OWNER_LINK}`,
      from: `parcel ${a} LEFT JOIN enterprise oe ON oe.id = ${a}.enterprise_id`,
    }
  }
  return { select: `${a}.id, ${a}.deleted, ${cols.join(', ')}, ST_AsGeoJSON(${a}.location, 9)::json AS location`, from: `enterprise ${a}` }
}

/**
 * SQL of a record's values as one jsonb — exactly what {@link findRecord} reads as `values` — for
 * the record whose id is the SQL expression `idSql` (an import commit's `before`, row by row).
 */
export function snapshotJsonSql(kind: RecordKind, idSql: string): string {
  const { select, from } = snapshotSql(kind)
  return `(SELECT to_jsonb(x) - 'id' - 'deleted' FROM (SELECT ${select} FROM ${from} WHERE ${MASTER[kind].alias}.id = ${idSql}) x)`
}

/** A master record as the data centre shows and compares it. */
export interface RecordSnapshot {
  id: number
  deleted: boolean
  values: RecordValues
}

function toSnapshot(row: Record<string, unknown>): RecordSnapshot {
  const { id, deleted, ...values } = row
  return { id: Number(id), deleted: deleted === true, values }
}

/**
 * Records that wait for 认领 (no county) and that a scope may see: those lying inside the user's
 * region outline, or — without a location — whose known upper region is the user's region.
 */
export function unclaimedCondition(scope: DataScope, kind: RecordKind, params: unknown[]): string {
  const m = MASTER[kind]
  const base = `${m.alias}.county_code IS NULL`
  if (scope.kind === 'all') return base
  if (scope.kind === 'none') return 'FALSE'
  const byCode = scopeCondition(scope, m.alias, params)
  return `${base} AND (${byCode} OR EXISTS (SELECT 1 FROM region ur WHERE ur.code = $${params.length} AND ur.geom IS NOT NULL AND ST_Intersects(ur.geom, ${m.locationSql})))`
}

/** Records a scope may see: inside its region, or waiting for 认领 where it may claim them. */
export function visibleCondition(scope: DataScope, kind: RecordKind, params: unknown[]): string {
  return `((${scopeCondition(scope, MASTER[kind].alias, params)}) OR (${unclaimedCondition(scope, kind, params)}))`
}

/**
 * A record by id, deleted ones included; with a scope, only a visible one. `lock` takes the row
 * lock of the master row, so that an approval compares and writes without anyone in between.
 */
export async function findRecord(
  db: Db,
  kind: RecordKind,
  id: number,
  opts: { scope?: DataScope; lock?: boolean } = {},
): Promise<RecordSnapshot | undefined> {
  const { select, from } = snapshotSql(kind)
  const a = MASTER[kind].alias
  const params: unknown[] = [id]
  const scoped = opts.scope ? ` AND ${visibleCondition(opts.scope, kind, params)}` : ''
  const r = await db.query<Record<string, unknown>>(
    `SELECT ${select} FROM ${from} WHERE ${a}.id = $1${scoped}${opts.lock ? ` FOR UPDATE OF ${a}` : ''}`,
    params,
  )
  return r.rows[0] && toSnapshot(r.rows[0])
}

/** The record holding an identifying code (宗地代码 / 统一社会信用代码), deleted ones included. */
export async function recordByCode(db: Db, kind: RecordKind, code: string): Promise<{ id: number; deleted: boolean } | undefined> {
  const m = MASTER[kind]
  const r = await db.query<{ id: number; deleted: boolean }>(`SELECT id, deleted FROM ${m.table} WHERE ${m.code} = $1`, [code])
  return r.rows[0]
}

/** Column → SQL value expression and parameters of a write. */
function assignments(
  kind: RecordKind,
  values: RecordValues,
  region: RegionCodes | null,
  enterpriseId: number | null | undefined,
  params: unknown[],
): [string, string][] {
  const m = MASTER[kind]
  const out: [string, string][] = []
  const plain = new Set(plainColumns(kind))
  for (const [k, v] of Object.entries(values)) {
    if (plain.has(k) && !(region && (REGION_COLUMNS as readonly string[]).includes(k))) {
      // text columns that are NOT NULL DEFAULT '' keep a blank as ''
      params.push(v ?? (MASTER_COLUMN_LIMITS[kind][k]?.blankText ? '' : null))
      out.push([k, `$${params.length}`])
    } else if (k === m.geom) {
      // no shape is a literal NULL and no parameter: PostgreSQL refuses a parameter no statement names (issue 18 finding 4)
      if (v) params.push(JSON.stringify(v))
      out.push([k, v ? m.geomFrom(`$${params.length}`) : 'NULL'])
    }
  }
  if (region) {
    for (const c of REGION_COLUMNS) {
      params.push(region[c])
      out.push([c, `$${params.length}`])
    }
  }
  if (kind === 'parcel' && enterpriseId !== undefined) {
    params.push(enterpriseId)
    out.push(['enterprise_id', `$${params.length}`])
  }
  return out
}

/** Inserts a record from standard values; returns its id. */
export async function insertRecord(
  db: Db,
  kind: RecordKind,
  values: RecordValues,
  region: RegionCodes,
  enterpriseId: number | null,
): Promise<number> {
  const params: unknown[] = []
  const set = assignments(kind, values, region, enterpriseId, params)
  const r = await db.query<{ id: number }>(
    `INSERT INTO ${MASTER[kind].table} (${set.map(([c]) => c).join(', ')}) VALUES (${set.map(([, v]) => v).join(', ')}) RETURNING id`,
    params,
  )
  return r.rows[0].id
}

/**
 * Writes the given standard values (and, when given, the region codes and the owner) to a record.
 * Columns absent from `values` keep their value.
 */
export async function updateRecord(
  db: Db,
  kind: RecordKind,
  id: number,
  values: RecordValues,
  region: RegionCodes | null,
  enterpriseId?: number | null,
): Promise<void> {
  const params: unknown[] = [id]
  const set = assignments(kind, values, region, enterpriseId, params)
  if (set.length === 0) return
  await db.query(
    `UPDATE ${MASTER[kind].table} SET ${set.map(([c, v]) => `${c} = ${v}`).join(', ')}, updated_at = now() WHERE id = $1`,
    params,
  )
}

/** Soft delete: the row stays for history and links; every list leaves it out. */
export async function markDeleted(db: Db, kind: RecordKind, id: number): Promise<void> {
  await db.query(`UPDATE ${MASTER[kind].table} SET deleted = true, updated_at = now() WHERE id = $1`, [id])
}

/** The enterprise (not deleted) with a credit code. */
export async function enterpriseIdByCreditCode(db: Db, code: string): Promise<number | undefined> {
  return (await db.query<{ id: number }>('SELECT id FROM enterprise WHERE credit_code = $1 AND NOT deleted', [code])).rows[0]?.id
}

/** The region codes from a division code up to the province (the code's own level included). */
export async function regionChain(db: Db, code: string): Promise<RegionCodes & { level: string | null }> {
  const r = await db.query<{ code: string; level: string }>(
    `WITH RECURSIVE up AS (
       SELECT code, level, parent_code, 0 AS depth FROM region WHERE code = $1
       UNION ALL SELECT r.code, r.level, r.parent_code, up.depth + 1 FROM region r JOIN up ON r.code = up.parent_code WHERE up.depth < 6
     ) SELECT code, level FROM up ORDER BY depth`,
    [code],
  )
  const at = (level: string) => r.rows.find((x) => x.level === level)?.code ?? null
  return {
    province_code: at('province'),
    city_code: at('city'),
    county_code: at('county'),
    town_code: at('town'),
    level: r.rows[0]?.level ?? null,
  }
}

/** Why a GeoJSON geometry cannot be stored (invalid, empty), or null when it can. */
export async function geometryProblem(db: Db, geojson: unknown): Promise<string | null> {
  try {
    const r = await db.query<{ valid: boolean; empty: boolean; reason: string }>(
      `SELECT ST_IsValid(g) AS valid, ST_IsEmpty(g) AS empty, ST_IsValidReason(g) AS reason FROM (SELECT ST_GeomFromGeoJSON($1::text) AS g) x`,
      [JSON.stringify(geojson)],
    )
    const row = r.rows[0]
    if (row.empty) return '图形为空'
    if (!row.valid) return `图形无效（${row.reason}）`
    return null
  } catch {
    return '不是可识别的 GeoJSON 图形'
  }
}

/** Whether a geometry lies in a region's outline (a point of it); null when the region has no outline. */
export async function insideRegion(db: Db, kind: RecordKind, geojson: unknown, code: string): Promise<boolean | null> {
  const point =
    kind === 'parcel'
      ? 'ST_PointOnSurface(ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326))'
      : 'ST_SetSRID(ST_GeomFromGeoJSON($1::text), 4326)'
  const r = await db.query<{ inside: boolean | null }>(
    `SELECT CASE WHEN geom IS NULL THEN NULL ELSE ST_Intersects(geom, ${point}) END AS inside FROM region WHERE code = $2`,
    [JSON.stringify(geojson), code],
  )
  return r.rows[0]?.inside ?? null
}

// ---------------------------------------------------------------------------------------------
// History

/** Appends the next version of a record's history; returns the version number. */
export async function appendHistory(
  db: Db,
  h: {
    kind: RecordKind
    recordId: number
    action: string
    before: RecordValues | null
    after: RecordValues | null
    submissionId: number | null
    userId: number
  },
): Promise<number> {
  const r = await db.query<{ version: number }>(
    `INSERT INTO record_history(kind, record_id, version, action, before, after, submission_id, changed_by)
     SELECT $1::varchar, $2::int, COALESCE(max(version), 0) + 1, $3::varchar, $4::jsonb, $5::jsonb, $6::bigint, $7::int
       FROM record_history WHERE kind = $1::varchar AND record_id = $2::int
     RETURNING version`,
    [h.kind, h.recordId, h.action, h.before && JSON.stringify(h.before), h.after && JSON.stringify(h.after), h.submissionId, h.userId],
  )
  return r.rows[0].version
}

/** The last version number of a record (0 when it has no history). */
export async function latestVersion(db: Db, kind: RecordKind, id: number): Promise<number> {
  const r = await db.query<{ v: number }>(
    'SELECT COALESCE(max(version), 0)::int AS v FROM record_history WHERE kind = $1 AND record_id = $2',
    [kind, id],
  )
  return r.rows[0].v
}

/** A stored history row. */
export interface HistoryEntry {
  version: number
  action: HistoryRow['action']
  before: RecordValues | null
  after: RecordValues | null
  submission_id: number | null
  changed_at: Date
  changed_by_name: string | null
}

/** Every version of a record, oldest first. */
export async function historyOf(db: Db, kind: RecordKind, id: number): Promise<HistoryEntry[]> {
  const r = await db.query<HistoryEntry>(
    `SELECT h.version, h.action, h.before, h.after, h.submission_id, h.changed_at, u.real_name AS changed_by_name
       FROM record_history h LEFT JOIN app_user u ON u.id = h.changed_by
      WHERE h.kind = $1 AND h.record_id = $2 ORDER BY h.version`,
    [kind, id],
  )
  return r.rows.map((x) => ({ ...x, submission_id: x.submission_id === null ? null : Number(x.submission_id) }))
}

/** The ISO text of a history time. */
export const historyTime = (h: HistoryEntry) => iso(h.changed_at) as string

// ---------------------------------------------------------------------------------------------
// Lists

/** Filters of a master list (the list pages and their exports). */
export interface MasterFilter {
  keyword?: string
  countyCode?: string
}

/** Every visible, not deleted record of a filter, in pages of `size` by id (exports). */
export async function* eachRecord(
  db: Db,
  kind: RecordKind,
  scope: DataScope,
  f: MasterFilter,
  size = 1000,
): AsyncGenerator<(RecordSnapshot & { county_name: string | null })[]> {
  const { select, from } = snapshotSql(kind)
  const m = MASTER[kind]
  const a = m.alias
  let after = 0
  for (;;) {
    const params: unknown[] = [after]
    const conds = [`${a}.id > $1`, `NOT ${a}.deleted`, scopeCondition(scope, a, params)]
    if (f.keyword) {
      params.push(`%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
      conds.push(`(${a}.name ILIKE $${params.length} OR ${a}.${m.code} ILIKE $${params.length})`)
    }
    if (f.countyCode) {
      params.push(f.countyCode)
      conds.push(`${a}.county_code = $${params.length}`)
    }
    const r = await db.query<Record<string, unknown>>(
      `SELECT ${select}, rc.name AS county_name FROM ${from} LEFT JOIN region rc ON rc.code = ${a}.county_code
        WHERE ${conds.map((c) => `(${c})`).join(' AND ')} ORDER BY ${a}.id LIMIT ${size}`,
      params,
    )
    if (r.rows.length === 0) return
    yield r.rows.map((row) => {
      const { county_name, ...rest } = row
      return { ...toSnapshot(rest), county_name: (county_name as string | null) ?? null }
    })
    after = Number(r.rows[r.rows.length - 1].id)
  }
}

/** The counties inside a scope (forms and claims offer only these). */
export async function countiesInScope(
  db: Db,
  scope: DataScope,
): Promise<{ code: string; name: string; cityCode: string; cityName: string }[]> {
  const params: unknown[] = []
  let cond = 'TRUE'
  if (scope.kind === 'none') cond = 'FALSE'
  else if (scope.kind === 'region') {
    params.push(scope.code)
    cond = `(c.code = $1 OR c.parent_code = $1 OR ci.parent_code = $1 OR EXISTS (SELECT 1 FROM region t WHERE t.code = $1 AND t.parent_code = c.code))`
  }
  const r = await db.query<{ code: string; name: string; city_code: string; city_name: string }>(
    `SELECT c.code, c.name, ci.code AS city_code, ci.name AS city_name FROM region c JOIN region ci ON ci.code = c.parent_code
      WHERE c.level = 'county' AND ${cond} ORDER BY c.code`,
    params,
  )
  return r.rows.map((x) => ({ code: x.code, name: x.name, cityCode: x.city_code, cityName: x.city_name }))
}
