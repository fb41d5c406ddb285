/**
 * 数据处理 checks of a batch (issue 7): per row, the standard's field rules through the one
 * checker (checkRecord: required, types and ranges, code lists, 统一社会信用代码 check char,
 * 宗地代码 form); per batch, in PostGIS and SQL: geometry validity, where the row lies (its
 * county, inside the user's data scope), duplicates inside the batch, the master record it would
 * update, a submission already waiting for audit, overlap with existing parcels above the
 * tolerance, and the enterprise a parcel belongs to. Each issue names the field and the rule in
 * Chinese. Whole batches run as a job with progress; one fixed row is re-checked at once.
 */
import type { Geometry } from 'geojson'
import {
  OVERLAP_MIN_FRACTION,
  OVERLAP_MIN_M2,
  OVERLAP_RULE_TEXT,
  type RowIssue,
  type RowLink,
  type SourceCrs,
} from '../../../domain/datacenter/import-batch'
import { checkRecord, type StandardField } from '../../../domain/datacenter/standard'
import { creditCodeDivision } from '../../../domain/codes/credit-code'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import type { Lookups } from './lookups'
import { mapRow } from './mapping'
import type { BatchRecord } from './repo'
import type { Reporter } from './jobs'

/** What a check run works with. */
export interface CheckContext {
  db: Db
  batch: BatchRecord
  lookups: Lookups
  /** the data scope of the user running the check: rows outside it are errors */
  scope: DataScope
}

/** The master table and key of a kind. */
const MASTER = {
  parcel: { table: 'parcel', key: 'land_code', keyLabel: '宗地代码', noun: '地块' },
  enterprise: { table: 'enterprise', key: 'credit_code', keyLabel: '统一社会信用代码', noun: '企业' },
} as const

const CHUNK = 1000

function geometryField(fields: readonly StandardField[]): StandardField | undefined {
  return fields.find((f) => f.type === 'geometry')
}

/** PostGIS's reason for an invalid shape, in Chinese. */
export function geometryReason(reason: string): string {
  const at = /\[([-\d.e]+) ([-\d.e]+)\]/.exec(reason)
  const where = at ? `（位置 ${Number(at[1]).toFixed(6)}, ${Number(at[2]).toFixed(6)}）` : ''
  const table: [RegExp, string][] = [
    [/^Ring Self-intersection/i, '环自相交'],
    [/^Self-intersection/i, '边界自相交'],
    [/^Too few points/i, '点数过少'],
    [/^Hole lies outside shell/i, '内环（洞）在外环之外'],
    [/^Nested holes/i, '内环相互嵌套'],
    [/^Interior is disconnected/i, '内部被分割为不连通的部分'],
    [/^Nested shells/i, '多个外环相互嵌套'],
    [/^Duplicate Rings/i, '存在重复的环'],
    [/^Invalid Coordinate/i, '坐标无效'],
    [/^Ring is not closed/i, '环未闭合'],
  ]
  const hit = table.find(([re]) => re.test(reason))
  return hit ? `${hit[1]}${where}` : `${reason}${where}`
}

/** The row filter of a SQL statement: the whole batch, or some rows. */
const FILTER = 'r.batch_id = $1 AND ($2::int[] IS NULL OR r.row_no = ANY($2::int[]))'

/** Appends issues to rows. */
async function addIssues(db: Db, batchId: number, list: { row_no: number; issue: RowIssue }[]): Promise<void> {
  for (let i = 0; i < list.length; i += 5000) {
    await db.query(
      `UPDATE dc_import_row r SET issues = r.issues || x.issues
       FROM (SELECT row_no, jsonb_agg(issue) AS issues FROM jsonb_to_recordset($2::jsonb) AS t(row_no int, issue jsonb) GROUP BY row_no) x
       WHERE r.batch_id = $1 AND r.row_no = x.row_no`,
      [batchId, JSON.stringify(list.slice(i, i + 5000))],
    )
  }
}

/** Removes the issues of a rule from every row of the batch. */
async function dropRule(db: Db, batchId: number, rule: string): Promise<void> {
  await db.query(
    `UPDATE dc_import_row SET issues = (SELECT coalesce(jsonb_agg(i), '[]'::jsonb) FROM jsonb_array_elements(issues) i WHERE i->>'rule' <> $2::text)
     WHERE batch_id = $1 AND issues @> $3::jsonb`,
    [batchId, rule, JSON.stringify([{ rule }])],
  )
}

interface StagedDbRow {
  row_no: number
  source: Record<string, unknown>
  overrides: Record<string, unknown>
  g: string | null
  geom_error: string | null
}

/**
 * Phase A of one chunk of rows: map, check the fields, place the row in its divisions from its
 * codes, and (tabular sources) make its shape from coordinate columns.
 */
async function checkFields(ctx: CheckContext, rows: StagedDbRow[]): Promise<void> {
  const { batch, lookups } = ctx
  const fields = lookups.standard.fields
  const spatial = batch.format === 'shapefile' || batch.format === 'geojson'
  const crs: SourceCrs = batch.sourceCrs ?? (batch.crsDeclared === 'auto' ? '4326' : (batch.crsDeclared as SourceCrs))
  const geomField = geometryField(fields)
  const master = MASTER[batch.kind]
  const out = rows.map((row) => {
    const staged = {
      source: row.source,
      overrides: row.overrides ?? {},
      geometry: row.g ? (JSON.parse(row.g) as Geometry) : null,
      geomError: row.geom_error,
    }
    const m = mapRow(fields, batch.mapping, staged, lookups, { spatial, crs })
    const { value, issues } = checkRecord(fields, m.raw, lookups)
    const rowIssues: RowIssue[] = issues.map((i) => ({ ...i, level: 'error' }))
    if (geomField && m.geometryError && !rowIssues.some((i) => i.field === geomField.name)) {
      rowIssues.push({ field: geomField.name, rule: 'geometry', level: 'error', message: `「${geomField.label}」${m.geometryError}` })
    }
    // the shape is kept in the geom column, not twice in the record
    if (geomField) value[geomField.name] = null
    // divisions from the codes: the county field, else the 宗地代码's county, else the credit code's registry
    const key = typeof value[master.key] === 'string' ? (value[master.key] as string) : ''
    const fromKey = batch.kind === 'parcel' ? key.slice(0, 6) : key.length === 18 ? creditCodeDivision(key) : ''
    const countyField =
      typeof value.county_code === 'string' && lookups.isRegion(value.county_code as string) ? (value.county_code as string) : null
    const place = countyField ?? (lookups.isRegion(fromKey) ? fromKey : null)
    const chain = place ? lookups.chain(place) : { province: null, city: null, county: null }
    if (batch.kind === 'parcel' && countyField && /^\d{6}$/.test(fromKey) && lookups.isRegion(fromKey) && fromKey !== countyField) {
      rowIssues.push({
        field: 'county_code',
        rule: 'location',
        level: 'warning',
        message: `「所在县（市、区）」${countyField} 与宗地代码前6位 ${fromKey} 不一致`,
      })
    }
    return {
      row_no: row.row_no,
      record: value,
      issues: rowIssues,
      province: chain.province,
      city: chain.city,
      county: chain.county,
      link: m.ownerName ? { ownerName: m.ownerName } : null,
      geom: spatial ? null : m.geometry ? JSON.stringify(m.geometry) : null,
      geom_error: spatial ? null : m.geometryError,
    }
  })
  await ctx.db.query(
    `UPDATE dc_import_row r SET record = x.record, issues = x.issues, level = '', action = NULL, target_id = NULL, link = x.link,
            province_code = x.province, city_code = x.city, county_code = x.county,
            geom = CASE WHEN $3::boolean THEN r.geom WHEN x.geom IS NULL THEN NULL ELSE ST_SetSRID(ST_GeomFromGeoJSON(x.geom), 4326) END,
            geom_error = CASE WHEN $3::boolean THEN r.geom_error ELSE x.geom_error END
     FROM jsonb_to_recordset($2::jsonb) AS x(row_no int, record jsonb, issues jsonb, province text, city text, county text, link jsonb, geom text, geom_error text)
     WHERE r.batch_id = $1 AND r.row_no = x.row_no`,
    [batch.id, JSON.stringify(out), spatial],
  )
}

/** Phase A over rows after `after` (row numbers ascending), `CHUNK` at a time. */
async function stagedRows(db: Db, batchId: number, after: number, only: number[] | null): Promise<StagedDbRow[]> {
  const r = await db.query<StagedDbRow>(
    `SELECT row_no, source, overrides, ST_AsGeoJSON(geom, 9) AS g, geom_error FROM dc_import_row r
     WHERE ${FILTER} AND r.row_no > $3 ORDER BY r.row_no LIMIT ${CHUNK}`,
    [batchId, only, after],
  )
  return r.rows
}

/** Geometry validity (ST_IsValidReason) and China's bounds. */
async function checkGeometry(ctx: CheckContext, only: number[] | null): Promise<void> {
  const f = geometryField(ctx.lookups.standard.fields)
  if (!f) return
  const bad = await ctx.db.query<{ row_no: number; reason: string | null; outside: boolean }>(
    `SELECT row_no, CASE WHEN ST_IsValid(geom) THEN NULL ELSE ST_IsValidReason(geom) END AS reason,
            NOT ST_Intersects(geom, ST_MakeEnvelope(73, 3, 136, 54, 4326)) AS outside
     FROM dc_import_row r WHERE ${FILTER} AND r.geom IS NOT NULL AND (NOT ST_IsValid(r.geom) OR NOT ST_Intersects(r.geom, ST_MakeEnvelope(73, 3, 136, 54, 4326)))`,
    [ctx.batch.id, only],
  )
  const list: { row_no: number; issue: RowIssue }[] = []
  for (const b of bad.rows) {
    if (b.reason)
      list.push({
        row_no: b.row_no,
        issue: { field: f.name, rule: 'geometryValid', level: 'error', message: `「${f.label}」几何无效：${geometryReason(b.reason)}` },
      })
    if (b.outside)
      list.push({
        row_no: b.row_no,
        issue: { field: f.name, rule: 'bounds', level: 'error', message: `「${f.label}」的坐标不在中国范围内，请确认坐标系` },
      })
  }
  await addIssues(ctx.db, ctx.batch.id, list)
}

/** Divisions from the shape where the codes said nothing, and shapes outside the county they name. */
async function placeByShape(ctx: CheckContext, only: number[] | null): Promise<void> {
  const { db, batch } = ctx
  await db.query(
    `UPDATE dc_import_row r SET county_code = (
       SELECT c.code FROM region c WHERE c.level = 'county' AND c.geom IS NOT NULL AND ST_Intersects(c.geom, ST_PointOnSurface(r.geom)) ORDER BY c.code LIMIT 1)
     WHERE ${FILTER} AND r.county_code IS NULL AND r.geom IS NOT NULL AND ST_IsValid(r.geom) AND NOT ST_IsEmpty(r.geom)`,
    [batch.id, only],
  )
  await db.query(
    `UPDATE dc_import_row r SET city_code = c.parent_code, province_code = p.parent_code
     FROM region c JOIN region p ON p.code = c.parent_code
     WHERE ${FILTER} AND c.code = r.county_code AND c.level = 'county' AND r.city_code IS NULL`,
    [batch.id, only],
  )
  const f = geometryField(ctx.lookups.standard.fields)
  if (!f) return
  const off = await db.query<{ row_no: number; name: string }>(
    `SELECT r.row_no, c.name FROM dc_import_row r JOIN region c ON c.code = r.county_code
     WHERE ${FILTER} AND c.geom IS NOT NULL AND r.geom IS NOT NULL AND ST_IsValid(r.geom) AND NOT ST_IsEmpty(r.geom)
       AND NOT ST_Intersects(c.geom, ST_PointOnSurface(r.geom))`,
    [batch.id, only],
  )
  await addIssues(
    db,
    batch.id,
    off.rows.map((x) => ({
      row_no: x.row_no,
      issue: { field: f.name, rule: 'location', level: 'warning', message: `「${f.label}」不在所填区县（${x.name}）内，请核对` },
    })),
  )
}

/** Rows outside the user's data scope (docs/domain.md "People and scope"): a county clerk imports only the county. */
async function checkScope(ctx: CheckContext, only: number[] | null): Promise<void> {
  const { scope, batch, lookups } = ctx
  if (scope.kind === 'all') return
  const rows = await ctx.db.query<{ row_no: number; province_code: string | null; city_code: string | null; county_code: string | null }>(
    `SELECT row_no, province_code, city_code, county_code FROM dc_import_row r WHERE ${FILTER}`,
    [batch.id, only],
  )
  const scopeName = scope.kind === 'region' ? (lookups.regions.get(scope.code)?.name ?? scope.code) : ''
  const list: { row_no: number; issue: RowIssue }[] = []
  for (const r of rows.rows) {
    let message: string | null = null
    if (scope.kind === 'none') message = '本账号没有所属区划，不能导入数据，请联系管理员设置'
    else if (scope.kind === 'region') {
      const code = { province: r.province_code, city: r.city_code, county: r.county_code, town: null }[scope.level]
      if (scope.level === 'town') message = '乡镇（街道）账号不能导入数据'
      else if (!code)
        message =
          scope.level === 'province'
            ? null
            : `无法确定所在区县，不能确认在本账号数据范围（${scopeName}）内：请填写「所在县（市、区）」或提供图形`
      else if (code !== scope.code)
        message = `不在本账号的数据范围（${scopeName}）内：所在区划为 ${lookups.regions.get(r.county_code ?? code)?.name ?? code}`
    }
    if (message) list.push({ row_no: r.row_no, issue: { field: 'county_code', rule: 'scope', level: 'error', message } })
  }
  await addIssues(ctx.db, batch.id, list)
}

/** The same key twice inside the batch: every row after the first is an error (whole batch). */
async function checkDuplicates(ctx: CheckContext): Promise<void> {
  const { db, batch } = ctx
  const m = MASTER[batch.kind]
  await dropRule(db, batch.id, 'duplicate')
  const dups = await db.query<{ row_no: number; first: number; key: string }>(
    `SELECT row_no, first, key FROM (
       SELECT row_no, record->>'${m.key}' AS key, min(row_no) OVER (PARTITION BY record->>'${m.key}') AS first
       FROM dc_import_row WHERE batch_id = $1 AND NOT excluded AND coalesce(record->>'${m.key}', '') <> '') d
     WHERE row_no <> first`,
    [batch.id],
  )
  await addIssues(
    db,
    batch.id,
    dups.rows.map((d) => ({
      row_no: d.row_no,
      issue: { field: m.key, rule: 'duplicate', level: 'error', message: `「${m.keyLabel}」${d.key} 与第 ${d.first} 行重复` },
    })),
  )
}

/** The master record a row would update, outside the scope or not; a submission already waiting for audit. */
async function checkMaster(ctx: CheckContext, only: number[] | null): Promise<void> {
  const { db, batch, scope } = ctx
  const m = MASTER[batch.kind]
  await db.query(`UPDATE dc_import_row r SET action = 'create', target_id = NULL WHERE ${FILTER}`, [batch.id, only])
  const hits = await db.query<{
    row_no: number
    id: number
    name: string
    key: string
    province_code: string | null
    city_code: string | null
    county_code: string | null
    town_code: string | null
  }>(
    `UPDATE dc_import_row r SET action = 'update', target_id = t.id
     FROM ${m.table} t WHERE ${FILTER} AND t.${m.key} = r.record->>'${m.key}' AND NOT t.deleted
     RETURNING r.row_no, t.id, t.name, t.${m.key} AS key, t.province_code, t.city_code, t.county_code, t.town_code`,
    [batch.id, only],
  )
  const list: { row_no: number; issue: RowIssue }[] = []
  for (const h of hits.rows) {
    const inScope =
      scope.kind === 'all' ||
      (scope.kind === 'region' &&
        ({ province: h.province_code, city: h.city_code, county: h.county_code, town: h.town_code } as Record<string, string | null>)[
          scope.level
        ] === scope.code)
    list.push({
      row_no: h.row_no,
      issue: inScope
        ? {
            field: m.key,
            rule: 'exists',
            level: 'warning',
            message: `「${m.keyLabel}」${h.key} 已存在（${m.noun}「${h.name}」），提交后将作为修改`,
          }
        : {
            field: m.key,
            rule: 'scope',
            level: 'error',
            message: `「${m.keyLabel}」${h.key} 已是其他区域的${m.noun}，不在本账号的数据范围内，不能修改`,
          },
    })
  }
  const pending = await db.query<{ row_no: number; id: number | string; key: string }>(
    `SELECT r.row_no, s.id, s.payload->>'${m.key}' AS key FROM dc_import_row r
     JOIN dc_submission s ON s.kind = $3 AND s.state = '待审核' AND s.payload->>'${m.key}' = r.record->>'${m.key}'
     WHERE ${FILTER} AND coalesce(r.record->>'${m.key}', '') <> ''`,
    [batch.id, only, batch.kind],
  )
  for (const p of pending.rows) {
    list.push({
      row_no: p.row_no,
      issue: {
        field: m.key,
        rule: 'pending',
        level: 'error',
        message: `「${m.keyLabel}」${p.key} 已有待审核的提交（#${p.id}），请待审核完成后再导入`,
      },
    })
  }
  await addIssues(db, batch.id, list)
}

/** Overlap with existing parcels and with other parcels of the batch, above the tolerance. */
async function checkOverlap(ctx: CheckContext, only: number[] | null): Promise<void> {
  const { db, batch } = ctx
  if (batch.kind !== 'parcel') return
  const f = geometryField(ctx.lookups.standard.fields)
  if (!f) return
  const polygonal = `ST_IsValid(r.geom) AND ST_Dimension(r.geom) = 2 AND NOT ST_IsEmpty(r.geom)`
  const master = await db.query<{ row_no: number; land_code: string; name: string; shared: number; a: number; b: number }>(
    `SELECT row_no, land_code, name, shared, a, b FROM (
       SELECT r.row_no, p.land_code, p.name,
              ST_Area(ST_Transform(ST_Intersection(r.geom, p.geom), 4549)) AS shared,
              ST_Area(ST_Transform(r.geom, 4549)) AS a, p.area_m2 AS b
       FROM dc_import_row r JOIN parcel p ON p.geom && r.geom AND ST_Intersects(p.geom, r.geom)
       WHERE ${FILTER} AND ${polygonal} AND NOT p.deleted AND ST_IsValid(p.geom) AND (r.target_id IS NULL OR p.id <> r.target_id)) o
     WHERE shared > $3 AND shared > $4 * least(a, b)
     ORDER BY row_no, shared DESC`,
    [batch.id, only, OVERLAP_MIN_M2, OVERLAP_MIN_FRACTION],
  )
  const inner = await db.query<{ row_no: number; other: number; shared: number; a: number; b: number }>(
    `SELECT row_no, other, shared, a, b FROM (
       SELECT r.row_no, o.row_no AS other,
              ST_Area(ST_Transform(ST_Intersection(r.geom, o.geom), 4549)) AS shared,
              ST_Area(ST_Transform(r.geom, 4549)) AS a, ST_Area(ST_Transform(o.geom, 4549)) AS b
       FROM dc_import_row r JOIN dc_import_row o ON o.batch_id = r.batch_id AND o.row_no < r.row_no AND o.geom && r.geom AND ST_Intersects(o.geom, r.geom)
       WHERE ${FILTER} AND ${polygonal} AND NOT r.excluded AND NOT o.excluded
         AND ST_IsValid(o.geom) AND ST_Dimension(o.geom) = 2) x
     WHERE shared > $3 AND shared > $4 * least(a, b)
     ORDER BY row_no, other`,
    [batch.id, only, OVERLAP_MIN_M2, OVERLAP_MIN_FRACTION],
  )
  const pct = (shared: number, a: number, b: number) => ((shared / Math.max(1e-9, Math.min(a, b))) * 100).toFixed(1)
  const list: { row_no: number; issue: RowIssue }[] = [
    ...master.rows.map((o) => ({
      row_no: o.row_no,
      issue: {
        field: f.name,
        rule: 'overlap',
        level: 'error' as const,
        message: `「${f.label}」与已有地块「${o.name}」（${o.land_code}）重叠 ${o.shared.toFixed(1)} 平方米，占较小地块的 ${pct(o.shared, o.a, o.b)}%（${OVERLAP_RULE_TEXT}）`,
      },
    })),
    ...inner.rows.map((o) => ({
      row_no: o.row_no,
      issue: {
        field: f.name,
        rule: 'overlap',
        level: 'error' as const,
        message: `「${f.label}」与本批第 ${o.other} 行地块重叠 ${o.shared.toFixed(1)} 平方米，占较小地块的 ${pct(o.shared, o.a, o.b)}%（${OVERLAP_RULE_TEXT}）`,
      },
    })),
  ]
  await addIssues(db, batch.id, list)
}

/**
 * 关联企业: each parcel row finds its 用地单位 by the owner's credit code (master data, else a
 * submission awaiting audit), else by the exact name given, else by the one enterprise located
 * inside the parcel. The rule that linked is kept with the row; a parcel linked by name or
 * location carries the found credit code into its submission.
 */
async function linkEnterprises(ctx: CheckContext, only: number[] | null): Promise<void> {
  const { db, batch } = ctx
  if (batch.kind !== 'parcel') return
  const rows = await db.query<{ row_no: number; code: string | null; owner: string | null; polygonal: boolean }>(
    `SELECT row_no, nullif(record->>'owner_credit_code', '') AS code, link->>'ownerName' AS owner,
            (geom IS NOT NULL AND ST_IsValid(geom) AND ST_Dimension(geom) = 2) AS polygonal
     FROM dc_import_row r WHERE ${FILTER} AND NOT EXISTS (SELECT 1 FROM jsonb_array_elements(r.issues) i WHERE i->>'field' = 'owner_credit_code' AND i->>'level' = 'error')`,
    [batch.id, only],
  )
  const links: { row_no: number; link: RowLink & { ownerName?: string } }[] = []
  const issues: { row_no: number; issue: RowIssue }[] = []
  const codes = [...new Set(rows.rows.flatMap((r) => (r.code ? [r.code] : [])))]
  const byCode = new Map<string, { name: string; pending: boolean }>()
  if (codes.length) {
    const e = await db.query<{ credit_code: string; name: string }>(
      'SELECT credit_code, name FROM enterprise WHERE credit_code = ANY($1::text[]) AND NOT deleted',
      [codes],
    )
    for (const x of e.rows) byCode.set(x.credit_code, { name: x.name, pending: false })
    const p = await db.query<{ code: string; name: string }>(
      `SELECT DISTINCT ON (payload->>'credit_code') payload->>'credit_code' AS code, payload->>'name' AS name FROM dc_submission
       WHERE kind = 'enterprise' AND state = '待审核' AND payload->>'credit_code' = ANY($1::text[]) ORDER BY payload->>'credit_code', id DESC`,
      [codes],
    )
    for (const x of p.rows) if (!byCode.has(x.code)) byCode.set(x.code, { name: x.name, pending: true })
  }
  const names = [...new Set(rows.rows.flatMap((r) => (!r.code && r.owner ? [r.owner] : [])))]
  const byName = new Map<string, { credit_code: string; name: string }[]>()
  if (names.length) {
    const e = await db.query<{ credit_code: string; name: string }>(
      'SELECT credit_code, name FROM enterprise WHERE name = ANY($1::text[]) AND NOT deleted ORDER BY id',
      [names],
    )
    for (const x of e.rows) byName.set(x.name, [...(byName.get(x.name) ?? []), x])
  }
  const needPlace = rows.rows
    .filter((r) => !r.code && r.polygonal && (!r.owner || (byName.get(r.owner)?.length ?? 0) === 0))
    .map((r) => r.row_no)
  const inside = new Map<number, { credit_code: string; name: string }[]>()
  if (needPlace.length) {
    const e = await db.query<{ row_no: number; credit_code: string; name: string }>(
      `SELECT r.row_no, e.credit_code, e.name FROM dc_import_row r JOIN enterprise e ON e.location && r.geom AND ST_Contains(r.geom, e.location)
       WHERE r.batch_id = $1 AND r.row_no = ANY($2::int[]) AND NOT e.deleted ORDER BY r.row_no, e.id`,
      [batch.id, needPlace],
    )
    for (const x of e.rows) inside.set(x.row_no, [...(inside.get(x.row_no) ?? []), x])
  }
  for (const r of rows.rows) {
    const ownerName = r.owner ?? undefined
    if (r.code) {
      const hit = byCode.get(r.code)
      if (hit)
        links.push({
          row_no: r.row_no,
          link: { rule: hit.pending ? 'pendingCreditCode' : 'creditCode', creditCode: r.code, name: hit.name, ownerName },
        })
      else
        issues.push({
          row_no: r.row_no,
          issue: {
            field: 'owner_credit_code',
            rule: 'link',
            level: 'warning',
            message: `「用地单位统一社会信用代码」${r.code} 在企业库中不存在，请先导入该企业或核对代码`,
          },
        })
      continue
    }
    const named = r.owner ? (byName.get(r.owner) ?? []) : []
    if (named.length === 1) {
      links.push({ row_no: r.row_no, link: { rule: 'name', creditCode: named[0].credit_code, name: named[0].name, ownerName } })
      continue
    }
    if (named.length > 1) {
      issues.push({
        row_no: r.row_no,
        issue: {
          field: 'owner_credit_code',
          rule: 'link',
          level: 'warning',
          message: `企业库中有 ${named.length} 家名为「${r.owner}」的企业，无法按名称关联，请填写用地单位统一社会信用代码`,
        },
      })
      continue
    }
    const found = inside.get(r.row_no) ?? []
    if (found.length === 1)
      links.push({ row_no: r.row_no, link: { rule: 'location', creditCode: found[0].credit_code, name: found[0].name, ownerName } })
    else if (found.length > 1) {
      issues.push({
        row_no: r.row_no,
        issue: {
          field: 'owner_credit_code',
          rule: 'link',
          level: 'warning',
          message: `地块内有 ${found.length} 家企业（${found
            .slice(0, 3)
            .map((x) => x.name)
            .join('、')}${found.length > 3 ? '等' : ''}），无法自动关联，请填写用地单位统一社会信用代码`,
        },
      })
    } else if (r.owner) {
      issues.push({
        row_no: r.row_no,
        issue: {
          field: 'owner_credit_code',
          rule: 'link',
          level: 'warning',
          message: `企业库中没有名为「${r.owner}」的企业，地块内也没有企业位置，未能关联用地单位`,
        },
      })
    }
  }
  if (links.length) {
    await db.query(
      `UPDATE dc_import_row r SET link = x.link,
              record = CASE WHEN x.link->>'rule' IN ('name', 'location') THEN jsonb_set(r.record, '{owner_credit_code}', to_jsonb(x.link->>'creditCode')) ELSE r.record END
       FROM jsonb_to_recordset($2::jsonb) AS x(row_no int, link jsonb) WHERE r.batch_id = $1 AND r.row_no = x.row_no`,
      [batch.id, JSON.stringify(links)],
    )
  }
  await addIssues(db, batch.id, issues)
}

/** Levels from issues (whole batch, only rows that change) and the batch's counters. */
async function settleLevels(db: Db, batchId: number): Promise<void> {
  await db.query(
    `UPDATE dc_import_row SET level = v.level FROM (
       SELECT row_no, CASE WHEN issues @> '[{"level":"error"}]' THEN '错误' WHEN issues @> '[{"level":"warning"}]' THEN '警告' ELSE '正常' END AS level
       FROM dc_import_row WHERE batch_id = $1) v
     WHERE dc_import_row.batch_id = $1 AND dc_import_row.row_no = v.row_no AND dc_import_row.level IS DISTINCT FROM v.level`,
    [batchId],
  )
  await db.query(
    `UPDATE dc_import_batch b SET
       error_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.level = '错误' AND NOT r.excluded),
       warning_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.level = '警告' AND NOT r.excluded),
       excluded_rows = (SELECT count(*) FROM dc_import_row r WHERE r.batch_id = b.id AND r.excluded)
     WHERE b.id = $1`,
    [batchId],
  )
}

/** The batch-level steps with their share of the progress bar. */
const STEPS: { phase: string; run: (ctx: CheckContext, only: number[] | null) => Promise<void> }[] = [
  { phase: '检查几何有效性', run: checkGeometry },
  { phase: '确定所在区县', run: placeByShape },
  { phase: '检查数据范围', run: checkScope },
  { phase: '检查批次内重复', run: (ctx) => checkDuplicates(ctx) },
  { phase: '比对已有数据与待审核提交', run: checkMaster },
  { phase: '检查与已有地块重叠', run: checkOverlap },
  { phase: '关联用地单位', run: linkEnterprises },
]

/** Runs every check over the whole batch, reporting progress (phase A 5–65 %, steps 65–98 %). */
export async function checkBatch(ctx: CheckContext, r: Reporter): Promise<void> {
  const total = Math.max(1, ctx.batch.rowCount)
  let done = 0
  let after = 0
  await r.progress(2, '读取数据标准与代码表', true)
  for (;;) {
    const rows = await stagedRows(ctx.db, ctx.batch.id, after, null)
    if (!rows.length) break
    await checkFields(ctx, rows)
    done += rows.length
    after = rows[rows.length - 1].row_no
    await r.progress(5 + (60 * done) / total, `逐行检查字段：${done} / ${ctx.batch.rowCount} 行`)
  }
  for (let i = 0; i < STEPS.length; i++) {
    await r.progress(65 + (33 * i) / STEPS.length, STEPS[i].phase, true)
    await STEPS[i].run(ctx, null)
  }
  await r.progress(99, '汇总检查结果', true)
  await settleLevels(ctx.db, ctx.batch.id)
}

/** Re-checks some rows at once (a fix): their fields and every batch rule; duplicates across the batch. */
export async function recheckRows(ctx: CheckContext, rowNos: number[]): Promise<void> {
  const rows = await stagedRows(ctx.db, ctx.batch.id, 0, rowNos)
  await checkFields(ctx, rows)
  for (const s of STEPS) await s.run(ctx, rowNos)
  await settleLevels(ctx.db, ctx.batch.id)
}

/** After rows are excluded or taken back: duplicates and overlaps inside the batch depend on which rows count. */
export async function recheckBatchRules(ctx: CheckContext): Promise<void> {
  await checkDuplicates(ctx)
  await dropRule(ctx.db, ctx.batch.id, 'overlap')
  await checkOverlap(ctx, null)
  await settleLevels(ctx.db, ctx.batch.id)
}
