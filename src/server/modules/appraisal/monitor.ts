/**
 * 评价监测 (docs/domain.md "亩均效益评价"): the alerts a county 经信局 watches — enterprises whose
 * published class fell two classes or more against last year, counties whose D share exceeds the D
 * quota of the model their batch used, inputs changed after a batch's 公示 opened other than through
 * an upheld objection — and the drill of the published classes province → city → county → park →
 * enterprise. Everything stays in the caller's data scope.
 */
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { INPUT_ITEMS, type InputItem } from '../../../domain/contracts/appraisal'
import { iso } from '../../db/sql'
import { D_TRIGGER_REASONS } from '../../../domain/appraisal-run'

/** One county's D count of a batch: by the quota or score line, and by a trigger. */
interface ShareRow {
  batchId: number
  countyCode: string
  countyName: string
  state: string
  version: number
  /** enterprises classed */
  total: number
  /** every D */
  d: number
  /** D by 亩均税收 below the floor or 一票否决 (not compared with the quota) */
  dByTrigger: number
  dTaxFloor: number
  dVeto: number
  /** D by rank (quota) or by the score line (thresholds): what the alert compares */
  dByRank: number
  /** the D the quota allows: Σ over the scales of round(n × quota %) */
  allowed: number
  /** dByRank ÷ total, percent */
  share: number
  /** the model's D quota, percent (the default when the model classes by score thresholds) */
  quota: number
}

/** D quota (percent) when the model's rule is by score thresholds: the default quota of docs/domain.md. */
export const DEFAULT_D_QUOTA = 5

/** Most rows each alert lists (the count is always whole). */
const ALERT_ROWS = 200

/** The condition on b.county_code: the batch's county is in the scope. */
function countyInScope(scope: DataScope, params: unknown[]): string {
  if (scope.kind === 'all') return 'TRUE'
  if (scope.kind === 'none') return 'FALSE'
  params.push(scope.code)
  const p = `$${params.length}`
  return `b.county_code = ${p} OR EXISTS (
    SELECT 1 FROM region c1 WHERE c1.code = b.county_code AND (c1.parent_code = ${p} OR EXISTS (SELECT 1 FROM region c2 WHERE c2.code = c1.parent_code AND c2.parent_code = ${p})))`
}

/** The three alerts of a year. */
export async function alerts(db: Db, scope: DataScope, year: number) {
  // 1. published class this year two or more below last year's published class
  const p1: unknown[] = [year]
  const dropped = await db.query<{ enterprise_id: number; name: string; county_name: string | null; last: string; now: string }>(
    `SELECT a.enterprise_id, e.name, c.name AS county_name, p.class AS last, a.class AS now
     FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
     JOIN enterprise_appraisal_yearly p ON p.enterprise_id = a.enterprise_id AND p.year = a.year - 1
     LEFT JOIN region c ON c.code = e.county_code
     WHERE a.year = $1 AND NOT e.deleted AND ascii(a.class) - ascii(p.class) >= 2 AND ${scopeCondition(scope, 'e', p1)}
     ORDER BY e.county_code, ascii(a.class) - ascii(p.class) DESC, e.name`,
    p1,
  )

  // 2. per county, the latest batch of the year (in work, else published) whose D by rank or score line exceeds its
  //    model's D quota. D by a trigger (亩均税收 below the floor, 一票否决) is D whatever the quota, so it is shown
  //    beside the count but not compared: otherwise every county with low-tax enterprises would be flagged.
  const p2: unknown[] = [year, `${D_TRIGGER_REASONS.taxFloor}%`, `${D_TRIGGER_REASONS.veto}%`]
  const groups = await db.query<{
    batch_id: number
    county_code: string
    county_name: string
    state: string
    version: number
    scale: string
    n: number
    d: number
    d_tax: number
    d_veto: number
    quota: number | null
  }>(
    `WITH latest AS (
       SELECT DISTINCT ON (b.county_code) b.id, b.county_code, b.state, b.version, b.models FROM appraisal_batch b
       WHERE b.year = $1 AND b.state <> '归档' AND (${countyInScope(scope, p2)})
       ORDER BY b.county_code, (b.state = '发布'), b.version DESC
     )
     SELECT l.id AS batch_id, l.county_code, r.name AS county_name, l.state, l.version, x.scale, count(*)::int AS n,
       count(*) FILTER (WHERE x.class = 'D')::int AS d,
       count(*) FILTER (WHERE x.class = 'D' AND x.reason LIKE $2)::int AS d_tax,
       count(*) FILTER (WHERE x.class = 'D' AND x.reason LIKE $3)::int AS d_veto,
       (SELECT max((m -> 'spec' -> 'rule' ->> 'd')::float8) FROM jsonb_array_elements(l.models) m
        WHERE m -> 'spec' ->> 'scale' = x.scale AND m -> 'spec' -> 'rule' ->> 'mode' = 'quota') AS quota
     FROM latest l JOIN region r ON r.code = l.county_code JOIN appraisal_result x ON x.batch_id = l.id
     GROUP BY l.id, l.county_code, r.name, l.state, l.version, x.scale, l.models ORDER BY l.county_code, x.scale`,
    p2,
  )
  const byBatch = new Map<number, ShareRow>()
  for (const g of groups.rows) {
    const quota = g.quota ?? DEFAULT_D_QUOTA
    const row =
      byBatch.get(g.batch_id) ??
      ({
        batchId: g.batch_id,
        countyCode: g.county_code,
        countyName: g.county_name,
        state: g.state,
        version: g.version,
        total: 0,
        d: 0,
        dByTrigger: 0,
        dTaxFloor: 0,
        dVeto: 0,
        dByRank: 0,
        allowed: 0,
        share: 0,
        quota,
      } satisfies ShareRow)
    row.total += g.n
    row.d += g.d
    row.dTaxFloor += g.d_tax
    row.dVeto += g.d_veto
    row.dByTrigger += g.d_tax + g.d_veto
    row.dByRank += g.d - g.d_tax - g.d_veto
    // the quota's D of the group, rounded as the run rounds it (half up)
    row.allowed += Math.floor((g.n * quota) / 100 + 0.5)
    row.quota = Math.max(row.quota, quota)
    byBatch.set(g.batch_id, row)
  }
  const over = [...byBatch.values()]
    .filter((r) => r.dByRank > r.allowed)
    .map((r) => ({ ...r, share: Math.round((r.dByRank * 10000) / r.total) / 100 }))

  // 3. inputs of an enterprise in a batch changed after the batch's 公示 opened, not through an objection
  const p3: unknown[] = [year]
  const changed = await db.query<{
    batch_id: number
    state: string
    enterprise_id: number
    name: string
    county_name: string | null
    item: string
    old_value: number | null
    new_value: number | null
    reason: string
    actor: string
    at: Date
  }>(
    `SELECT b.id AS batch_id, b.state, k.enterprise_id, e.name, c.name AS county_name, k.item, k.old_value, k.new_value, k.reason, k.actor, k.at
     FROM appraisal_batch b JOIN appraisal_result x ON x.batch_id = b.id
     JOIN appraisal_input_correction k ON k.enterprise_id = x.enterprise_id AND k.year = b.year AND k.objection_id IS NULL
       AND k.at >= b.publicity_start::timestamp
     JOIN enterprise e ON e.id = k.enterprise_id LEFT JOIN region c ON c.code = e.county_code
     WHERE b.year = $1 AND b.state IN ('公示', '异议', '发布') AND b.publicity_start IS NOT NULL AND (${countyInScope(scope, p3)})
     ORDER BY k.at DESC, k.id DESC`,
    p3,
  )

  return {
    year,
    droppedTwoOrMore: {
      count: dropped.rows.length,
      rows: dropped.rows.slice(0, ALERT_ROWS).map((r) => ({
        enterpriseId: r.enterprise_id,
        name: r.name,
        countyName: r.county_name,
        lastClass: r.last,
        class: r.now,
      })),
    },
    dShareOverQuota: over,
    changedAfterPublicity: {
      count: changed.rows.length,
      rows: changed.rows.slice(0, ALERT_ROWS).map((r) => ({
        batchId: r.batch_id,
        state: r.state,
        enterpriseId: r.enterprise_id,
        name: r.name,
        countyName: r.county_name,
        item: r.item,
        itemName: INPUT_ITEMS[r.item as InputItem]?.name ?? r.item,
        oldValue: r.old_value,
        newValue: r.new_value,
        reason: r.reason,
        actor: r.actor,
        at: iso(r.at),
      })),
    },
  }
}

/** The level a drill shows under a region of `level`. */
const CHILD: Record<string, { column: string; level: 'city' | 'county' | 'park' }> = {
  province: { column: 'e.city_code', level: 'city' },
  city: { column: 'e.county_code', level: 'county' },
  county: { column: 'e.park_id', level: 'park' },
}

/** One row of a drill: a region or park with its class counts, or an enterprise with its class. */
export interface DrillRow {
  level: 'city' | 'county' | 'park' | 'enterprise'
  /** region code, park id (as text; '' = 不在园区) or enterprise id */
  key: string
  name: string
  total: number
  counts: { A: number; B: number; C: number; D: number }
  /** enterprises only */
  class?: string
  taxPerMu?: number | null
}

/**
 * 下钻: the published classes of the year under a region (the caller's own region when none is
 * named) grouped by the next level — cities, counties, parks — and, under a county's park
 * (`parkId`, 0 = the enterprises outside any park), the enterprises themselves.
 */
export async function drill(
  db: Db,
  scope: DataScope,
  year: number,
  f: { regionCode?: string; parkId?: number },
): Promise<{ year: number; level: string; code: string | null; name: string; rows: DrillRow[] }> {
  const at =
    scope.kind === 'region'
      ? await db.query<{ code: string; name: string; level: string }>('SELECT code, name, level FROM region WHERE code = $1', [scope.code])
      : await db.query<{ code: string; name: string; level: string }>(
          `SELECT code, name, level FROM region WHERE level = 'province' LIMIT 1`,
        )
  const here = at.rows[0] ?? { code: null, name: '全省', level: 'province' }
  const params: unknown[] = [year]
  const inScope = scopeCondition(scope, 'e', params)
  if (f.parkId !== undefined || !CHILD[here.level]) {
    // enterprises: of a park inside the county, or of the county/town when the scope is below a county
    let parkCond = 'TRUE'
    if (f.parkId !== undefined) {
      if (f.parkId === 0) parkCond = 'e.park_id IS NULL'
      else {
        params.push(f.parkId)
        parkCond = `e.park_id = $${params.length}`
      }
    }
    const r = await db.query<{ id: number; name: string; class: string; tax_per_mu: number | null }>(
      `SELECT e.id, e.name, a.class, a.tax_per_mu::float8 AS tax_per_mu FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
       WHERE a.year = $1 AND NOT e.deleted AND ${inScope} AND ${parkCond} ORDER BY a.class, a.tax_per_mu DESC NULLS LAST, e.name`,
      params,
    )
    let name = here.name
    if (f.parkId)
      name = (await db.query<{ name: string }>('SELECT name FROM industrial_park WHERE id = $1', [f.parkId])).rows[0]?.name ?? name
    else if (f.parkId === 0) name = `${here.name}（不在园区）`
    return {
      year,
      level: 'park',
      code: here.code,
      name,
      rows: r.rows.map((x) => ({
        level: 'enterprise',
        key: String(x.id),
        name: x.name,
        total: 1,
        counts: { A: +(x.class === 'A'), B: +(x.class === 'B'), C: +(x.class === 'C'), D: +(x.class === 'D') },
        class: x.class,
        taxPerMu: x.tax_per_mu,
      })),
    }
  }
  const child = CHILD[here.level]
  const nameSql = child.level === 'park' ? `COALESCE(p.name, '不在园区')` : `COALESCE(g.name, '未落区划')`
  const join = child.level === 'park' ? 'LEFT JOIN industrial_park p ON p.id = e.park_id' : `LEFT JOIN region g ON g.code = ${child.column}`
  const r = await db.query<{ key: string | null; name: string; total: number; a: number; b: number; c: number; d: number }>(
    `SELECT ${child.column}::text AS key, ${nameSql} AS name, count(*)::int AS total,
       count(*) FILTER (WHERE a.class = 'A')::int AS a, count(*) FILTER (WHERE a.class = 'B')::int AS b,
       count(*) FILTER (WHERE a.class = 'C')::int AS c, count(*) FILTER (WHERE a.class = 'D')::int AS d
     FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id ${join}
     WHERE a.year = $1 AND NOT e.deleted AND ${inScope}
     GROUP BY 1, 2 ORDER BY 1 NULLS LAST`,
    params,
  )
  return {
    year,
    level: here.level,
    code: here.code,
    name: here.name,
    rows: r.rows.map((x) => ({
      level: child.level,
      key: x.key ?? (child.level === 'park' ? '0' : ''),
      name: x.name,
      total: x.total,
      counts: { A: x.a, B: x.b, C: x.c, D: x.d },
    })),
  }
}
