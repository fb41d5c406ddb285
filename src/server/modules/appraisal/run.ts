/**
 * The 亩均效益评价 run on the database: reads the enterprises of a county and year with their
 * indicator values (the catalogue's SQL fragments, src/server/figures/sql.ts), the models, norms and
 * events in force, scores them with the pure run (src/domain/appraisal-run.ts) and writes the
 * results of a batch. The seed publishes a batch per county and past year through the same code.
 */
import {
  MODEL_INDICATOR_KEYS,
  defaultModel,
  runGroup,
  type AppraisalModelSpec,
  type AppraisalSubject,
  type ModelIndicatorKey,
  type Scale,
} from '../../../domain/appraisal-run'
import { M2_PER_MU } from '../../../domain/codes/units'
import type { Db } from '../../db/engine'
import { queryJsonRows } from '../../db/sql'
import { appraisalCandidate, column, enterpriseYearColumns, enterpriseYearFrom, ratioSql, rowOf } from '../../figures/sql'

/** The inputs of an enterprise's year as a run reads them (the snapshot a result keeps). */
export interface RunInputs {
  tax: number | null
  valueAdded: number | null
  revenue: number | null
  energy: number | null
  emissions: number | null
  employees: number | null
  rd: number | null
  landM2: number | null
}

interface SubjectRow {
  id: number
  county_code: string
  scale: Scale
  industry_code: string | null
  tax: number | null
  value_added: number | null
  revenue: number | null
  energy: number | null
  emissions: number | null
  employees: number | null
  rd: number | null
  land_m2: number | null
  events: string[] | null
  [indicator: string]: unknown
}

/** One enterprise read for a run: the subject and its inputs. */
export interface RunSubject extends AppraisalSubject {
  countyCode: string
  scale: Scale
  inputs: RunInputs
}

/**
 * The enterprises a run may appraise in `year` (of one county, or of all when `county` is null):
 * rated (the year's figures reported, land that year), tax reported, in production (营业收入 > 0).
 * The land floor of 规下 is the model's, applied by {@link inScope}.
 */
export async function readSubjects(db: Db, year: number, county: string | null): Promise<RunSubject[]> {
  const r = rowOf('r')
  const params: unknown[] = [year]
  if (county) params.push(county)
  const rows = await queryJsonRows<SubjectRow>(
    db,
    `WITH r AS MATERIALIZED (
       SELECT ${enterpriseYearColumns('$1', false)}, e.county_code, e.industry_code
       FROM ${enterpriseYearFrom('$1')}
       WHERE NOT e.deleted AND e.county_code IS NOT NULL ${county ? 'AND e.county_code = $2' : ''}
     )
     SELECT r.id, r.county_code, r.scale, r.industry_code, r.tax, r.value_added, r.revenue, r.energy, r.emissions, r.employees, r.rd, r.land_m2,
       ${MODEL_INDICATOR_KEYS.map((k) => `${ratioSql(k, r)} AS ${column(k)}`).join(', ')},
       (SELECT array_agg(ev.name ORDER BY ev.name) FROM appraisal_event ev WHERE ev.enterprise_id = r.id AND ev.year = $1) AS events
     FROM r
     WHERE ${appraisalCandidate(r)}`,
    params,
    's.id',
  )
  return rows.map((x) => ({
    enterpriseId: x.id,
    countyCode: x.county_code,
    scale: x.scale,
    division: x.industry_code ? x.industry_code.slice(0, 3) : null,
    values: Object.fromEntries(MODEL_INDICATOR_KEYS.map((k) => [k, (x[column(k)] as number | null) ?? null])),
    events: x.events ?? [],
    inputs: {
      tax: x.tax,
      valueAdded: x.value_added,
      revenue: x.revenue,
      energy: x.energy,
      emissions: x.emissions,
      employees: x.employees,
      rd: x.rd,
      landM2: x.land_m2,
    },
  }))
}

/** Whether a subject is in the model's scope: 规上 all; 规下 with at least the model's land floor. */
export function inScope(s: RunSubject, model: AppraisalModelSpec): boolean {
  return s.scale === '规上' || (s.inputs.landM2 ?? 0) >= model.minLandMu * M2_PER_MU
}

export interface ModelRow {
  id: number
  county_code: string | null
  scale: Scale
  effective_year: number
  version: number
  indicators: AppraisalModelSpec['indicators']
  cap: number
  benchmark: 'norm' | 'median'
  min_land_mu: number
  min_tax_per_mu: number
  bonus: AppraisalModelSpec['bonus']
  vetoes: string[]
  rule: AppraisalModelSpec['rule']
}

/** A model in force, with where it came from (id null: the built-in default). */
export interface ModelInForce {
  id: number | null
  countyCode: string | null
  effectiveYear: number | null
  version: number | null
  spec: AppraisalModelSpec
}

export const specOf = (m: ModelRow): AppraisalModelSpec => ({
  scale: m.scale,
  indicators: m.indicators,
  cap: m.cap,
  benchmark: m.benchmark,
  minLandMu: m.min_land_mu,
  minTaxPerMu: m.min_tax_per_mu,
  bonus: m.bonus,
  vetoes: m.vetoes,
  rule: m.rule,
})

/**
 * The model of a county and scale in force in `year`: the county's own (the latest effective year
 * not after `year`, its latest version), else the province default row, else the built-in default.
 */
export async function modelInForce(db: Db, county: string, scale: Scale, year: number): Promise<ModelInForce> {
  return (await modelsInForce(db, [county], year)).get(county)![scale]
}

/** {@link modelInForce} of several counties, both scales, in one query. */
export async function modelsInForce(db: Db, counties: string[], year: number): Promise<Map<string, Record<Scale, ModelInForce>>> {
  const r = await db.query<ModelRow & { county: string }>(
    `SELECT DISTINCT ON (c.county, m.scale) c.county, m.id, m.county_code, m.scale, m.effective_year, m.version, m.indicators, m.cap,
            m.benchmark, m.min_land_mu, m.min_tax_per_mu, m.bonus, m.vetoes, m.rule
     FROM unnest($1::text[]) AS c(county)
     JOIN appraisal_model m ON (m.county_code = c.county OR m.county_code IS NULL) AND m.effective_year <= $2 AND m.status = '生效'
     ORDER BY c.county, m.scale, (m.county_code IS NULL), m.effective_year DESC, m.version DESC`,
    [counties, year],
  )
  const found = new Map(r.rows.map((m) => [`${m.county}|${m.scale}`, m]))
  const inForce = (county: string, scale: Scale): ModelInForce => {
    const m = found.get(`${county}|${scale}`)
    if (!m) return { id: null, countyCode: null, effectiveYear: null, version: null, spec: defaultModel(scale) }
    return { id: m.id, countyCode: m.county_code, effectiveYear: m.effective_year, version: m.version, spec: specOf(m) }
  }
  return new Map(counties.map((c) => [c, { 规上: inForce(c, '规上'), 规下: inForce(c, '规下') }]))
}

/** The norms of some counties and a year: county → division|indicator → value. */
async function normsOf(db: Db, counties: string[], year: number): Promise<Map<string, Map<string, number>>> {
  const r = await db.query<{ county_code: string; division: string; indicator: string; value: number }>(
    'SELECT county_code, division, indicator, value::float8 AS value FROM appraisal_norm WHERE county_code = ANY($1::text[]) AND year = $2',
    [counties, year],
  )
  const out = new Map(counties.map((c) => [c, new Map<string, number>()]))
  for (const x of r.rows) out.get(x.county_code)!.set(`${x.division}|${x.indicator}`, x.value)
  return out
}

/** One result row as written. */
export interface ResultRow {
  batch_id: number
  enterprise_id: number
  scale: Scale
  inputs: RunInputs
  indicator_values: Partial<Record<ModelIndicatorKey, number | null>>
  scores: Record<string, { benchmark: number | null; score: number }>
  adjustments: { name: string; points: number }[]
  total: number
  rank: number
  group_size: number
  class: string
  reason: string
  last_class: string | null
  tax_per_mu: number | null
  land_m2: number | null
}

/** The published classes of the year before (view enterprise_appraisal_yearly). */
async function lastClasses(db: Db, year: number, county: string | null): Promise<Map<number, string>> {
  const rows = await queryJsonRows<{ enterprise_id: number; class: string }>(
    db,
    `SELECT a.enterprise_id, a.class FROM enterprise_appraisal_yearly a JOIN enterprise e ON e.id = a.enterprise_id
     WHERE a.year = $1 ${county ? 'AND e.county_code = $2' : ''}`,
    county ? [year - 1, county] : [year - 1],
  )
  return new Map(rows.map((x) => [x.enterprise_id, x.class]))
}

/** Scores the subjects of one county (both scales) and returns the result rows of `batchId`. */
export async function scoreCounty(
  db: Db,
  batchId: number,
  county: string,
  year: number,
  subjects: RunSubject[],
  last: Map<number, string>,
): Promise<{ rows: ResultRow[]; models: ModelInForce[] }> {
  const norms = (await normsOf(db, [county], year)).get(county)!
  return scoreWith(batchId, subjects, last, norms, (await modelsInForce(db, [county], year)).get(county)!)
}

/** The scoring of {@link scoreCounty} with the county's norms and models in force already read. */
function scoreWith(
  batchId: number,
  subjects: RunSubject[],
  last: Map<number, string>,
  norms: Map<string, number>,
  inForce: Record<Scale, ModelInForce>,
): { rows: ResultRow[]; models: ModelInForce[] } {
  const rows: ResultRow[] = []
  const models: ModelInForce[] = []
  for (const scale of ['规上', '规下'] as const) {
    const model = inForce[scale]
    models.push(model)
    const group = subjects.filter((s) => s.scale === scale && inScope(s, model.spec))
    const bySubject = new Map(group.map((s) => [s.enterpriseId, s]))
    for (const o of runGroup(group, model.spec, (d, k) => (d ? norms.get(`${d}|${k}`) : undefined))) {
      const s = bySubject.get(o.enterpriseId)!
      rows.push({
        batch_id: batchId,
        enterprise_id: o.enterpriseId,
        scale,
        inputs: s.inputs,
        indicator_values: s.values,
        scores: Object.fromEntries(Object.entries(o.scores).map(([k, v]) => [k, { benchmark: v!.benchmark, score: v!.score }])),
        adjustments: o.adjustments,
        total: o.total,
        rank: o.rank,
        group_size: o.groupSize,
        class: o.class,
        reason: o.reason,
        last_class: last.get(o.enterpriseId) ?? null,
        tax_per_mu: s.values.taxPerMu ?? null,
        land_m2: s.inputs.landM2,
      })
    }
  }
  return { rows, models }
}

/** Writes result rows (one statement). */
export async function insertResults(db: Db, rows: ResultRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 5000) {
    await db.query(
      `INSERT INTO appraisal_result (batch_id, enterprise_id, scale, inputs, indicator_values, scores, adjustments, total, rank, group_size,
                                     class, reason, last_class, tax_per_mu, land_m2)
       SELECT batch_id, enterprise_id, scale, inputs, indicator_values, scores, adjustments, total, rank, group_size, class, reason, last_class,
              tax_per_mu, land_m2
       FROM json_to_recordset($1::json) AS r(batch_id integer, enterprise_id integer, scale varchar, inputs jsonb, indicator_values jsonb,
            scores jsonb, adjustments jsonb, total float8, rank integer, group_size integer, class char(1), reason varchar, last_class char(1),
            tax_per_mu float8, land_m2 float8)`,
      [JSON.stringify(rows.slice(i, i + 5000))],
    )
  }
}

/** 试算 of a batch not yet published: its results replaced by a fresh run, in the caller's transaction. */
export async function runBatch(db: Db, batch: { id: number; countyCode: string; year: number }, actor: string): Promise<number> {
  await db.query('DELETE FROM appraisal_result WHERE batch_id = $1', [batch.id])
  const subjects = await readSubjects(db, batch.year, batch.countyCode)
  const { rows, models } = await scoreCounty(
    db,
    batch.id,
    batch.countyCode,
    batch.year,
    subjects,
    await lastClasses(db, batch.year, batch.countyCode),
  )
  await insertResults(db, rows)
  await db.query('UPDATE appraisal_batch SET models = $2, run_at = now(), run_by = $3 WHERE id = $1', [
    batch.id,
    JSON.stringify(models),
    actor,
  ])
  return rows.length
}

/**
 * The seed: a published batch (version 1) of every county for every year before the current one,
 * oldest first so each year's results carry the year before's class.
 */
export async function publishPastYears(db: Db, currentYear: number): Promise<number> {
  let batches = 0
  for (const year of await pastYears(db, currentYear)) batches += await publishPastYear(db, year)
  return batches
}

/** The years with figures before `currentYear`, oldest first. */
export async function pastYears(db: Db, currentYear: number): Promise<number[]> {
  const r = await db.query<{ year: number }>('SELECT DISTINCT year::int AS year FROM enterprise_yearly WHERE year < $1 ORDER BY 1', [
    currentYear,
  ])
  return r.rows.map((x) => x.year)
}

/**
 * The published batches of one past year, in county order. At once (the first start, inside its
 * transaction), or with `eachCounty` one county per transaction beside the users' requests, skipping
 * a county that has a batch of the year already; `eachCounty.before` runs first in every county's
 * transaction, its batch written or not, and an aborted `signal` stops before the next county.
 * Answers the batches written.
 */
export async function publishPastYear(
  db: Db,
  year: number,
  eachCounty?: { before: (tx: Db, county: string) => Promise<void>; signal?: AbortSignal },
): Promise<number> {
  const subjects = await readSubjects(db, year, null)
  const last = await lastClasses(db, year, null)
  const byCounty = new Map<string, RunSubject[]>()
  for (const s of subjects) {
    const list = byCounty.get(s.countyCode)
    if (list) list.push(s)
    else byCounty.set(s.countyCode, [s])
  }
  const counties = [...byCounty.keys()].sort()
  const norms = await normsOf(db, counties, year)
  const inForce = await modelsInForce(db, counties, year)
  const write = async (tx: Db, some: string[]) => {
    const ids = await insertPastBatches(tx, year, some, inForce)
    const all: ResultRow[] = []
    for (const county of some)
      all.push(...scoreWith(ids.get(county)!, byCounty.get(county)!, last, norms.get(county)!, inForce.get(county)!).rows)
    await insertResults(tx, all)
    await tx.query(
      `UPDATE appraisal_batch SET state = '发布', published_at = make_date(year + 1, 3, 20)::timestamptz, published_by = 'system' WHERE id = ANY($1::int[])`,
      [[...ids.values()]],
    )
  }
  if (!eachCounty) {
    await write(db, counties)
    return counties.length
  }
  let written = 0
  for (const county of counties) {
    eachCounty.signal?.throwIfAborted()
    await db.transaction(async (tx) => {
      await eachCounty.before(tx, county)
      const taken = await tx.query('SELECT 1 FROM appraisal_batch WHERE county_code = $1 AND year = $2 LIMIT 1', [county, year])
      if (taken.rows.length > 0) return
      await write(tx, [county])
      written++
    })
    // the embedded engine answers within the same turn of the event loop: without a yield the whole
    // year would run before any request that arrived meanwhile is even read
    await new Promise((resolve) => setImmediate(resolve))
  }
  return written
}

/** 试算 batches (version 1, 年度评价) of some counties and a past year, each with the models it uses: county → id. */
async function insertPastBatches(
  db: Db,
  year: number,
  counties: string[],
  inForce: Map<string, Record<Scale, ModelInForce>>,
): Promise<Map<string, number>> {
  const r = await db.query<{ id: number; county_code: string }>(
    `INSERT INTO appraisal_batch (county_code, year, version, state, reason, models, publicity_start, publicity_end, run_at, run_by, published_at, published_by)
     SELECT c.county, $2::int, 1, '试算', '年度评价', c.models, make_date($2::int + 1, 3, 1), make_date($2::int + 1, 3, 10), now(), 'system', NULL, ''
     FROM unnest($1::text[], $3::jsonb[]) WITH ORDINALITY AS c(county, models, k) ORDER BY c.k RETURNING id, county_code`,
    [counties, year, counties.map((c) => JSON.stringify([inForce.get(c)!.规上, inForce.get(c)!.规下]))],
  )
  return new Map(r.rows.map((x) => [x.county_code, x.id]))
}
