/**
 * The rules of 亩均效益评价 (docs/domain.md "亩均效益评价"): inputs are corrected with a reason and
 * keep their history; models keep weights totalling 100; a batch goes 试算 → 公示 → 异议 → 发布 → 归档,
 * objections only before 发布, 发布 only without open objections, and a published batch never
 * changes (a correction is a new version with a reason). Every read and write stays in the
 * caller's data scope; multi-step writes run in one transaction and validate before writing.
 */
import {
  INPUT_ITEMS,
  type AppraisalBatch,
  type AppraisalResultRow,
  type BatchState,
  type InputItem,
  type Restatement,
} from '../../../domain/contracts/appraisal'
import type { Page } from '../../../domain/contracts/envelope'
import { MODEL_INDICATOR_KEYS, median, modelProblems, type AppraisalModelSpec, type Scale } from '../../../domain/appraisal-run'
import type { AuthUser } from '../../auth/session'
import { regionInScope, scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { statYears } from '../../common/stat-years'
import { FIGURES, type FigureKey } from '../../../domain/figures/catalogue'
import { enterpriseSums, enterpriseYearColumns, enterpriseYearFrom } from '../../figures/sql'
import { enterpriseFigures, shown, type EnterpriseSumsRow } from '../../figures/values'
import { AppError, badRequest, forbidden, notFound } from '../../http/errors'
import { batchTransition, firstPublishDay, publicityWindowProblem, type BatchTransition } from '../../../domain/appraisal-batch-state'
import { workingDaysBetween } from '../../../domain/work-calendar'
import { productToday } from '../../clock'
import { recordStep } from '../../common/proceeding'
import { calendarMarks, dueProcessSettings } from '../../common/work-calendar'
import { modelInForce, readSubjects, runBatch, type ModelInForce } from './run'
import { proposeNorms } from './norm-change'
import * as restatement from './restatement'

const problem = (field: string, message: string) => badRequest(message, [{ field, message }])

/** A year must be one of the years with enterprise figures. */
export async function assertStatYear(db: Db, year: number): Promise<void> {
  const years = await statYears(db)
  if (!years.includes(year)) {
    throw problem('year', `年度 year 应为有企业年度指标的年度（${years[0] ?? '—'}–${years.at(-1) ?? '—'}），${year} 不在其中`)
  }
}

/** A county inside the caller's scope (403 outside, 400 when the code is not a county). */
async function assertCounty(db: Db, scope: DataScope, code: string): Promise<void> {
  const r = await db.query<{ level: string }>('SELECT level FROM region WHERE code = $1', [code])
  if (r.rows[0]?.level !== 'county') throw problem('countyCode', `区县 countyCode ${code} 不是区县代码`)
  if (!(await regionInScope(db, scope, code))) throw forbidden(`区县 ${code} 不在本账号的数据范围内`)
}

// ---- inputs ----

/** An enterprise of the scope, or 404. */
export async function enterpriseInScope(
  db: Db,
  scope: DataScope,
  id: number,
): Promise<{ id: number; name: string; county_code: string | null }> {
  const params: unknown[] = [id]
  const r = await db.query<{ id: number; name: string; county_code: string | null }>(
    `SELECT e.id, e.name, e.county_code FROM enterprise e WHERE e.id = $1 AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  if (!r.rows[0]) throw notFound(`企业 ${id} 不存在或不在本账号的数据范围内`)
  return r.rows[0]
}

/** What a 更正 did: written at once (an open year), or filed 待审定 (a closed year, docs/domain.md "Closed years"). */
export interface CorrectionOutcome {
  old: number | null
  status: '已生效' | '待审定'
  /** the 更正 waiting for 评价审定 (a closed year) */
  restatementId: number | null
}

/**
 * 更正: one input of an enterprise's year, with its reason. An open year is written at once and the
 * old value goes to the history; a closed year (its county's batch of the year published) is filed
 * as a 更正 待审定 and written only when another account holding 评价审定 approves it. Runs in `db`'s
 * transaction if any.
 */
export async function correct(
  db: Db,
  scope: DataScope,
  f: { enterpriseId: number; year: number; item: InputItem; value: number; reason: string; reportedDate?: string; objectionId?: number },
  actor: AuthUser,
): Promise<CorrectionOutcome> {
  const meta = INPUT_ITEMS[f.item]
  if (f.item !== 'value_added' && f.value < 0) throw problem('value', `${meta.name}不能为负数`)
  if (f.item === 'employees' && !Number.isInteger(f.value)) throw problem('value', '年平均职工人数应为整数')
  if (!f.reason.trim()) throw problem('reason', '更正原因 reason 不能为空')
  await assertStatYear(db, f.year)
  const e = await enterpriseInScope(db, scope, f.enterpriseId)
  return db.transaction(async (tx) => {
    const old = await tx.query<{ v: number | null }>(
      `SELECT ${f.item}::float8 AS v FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2`,
      [f.enterpriseId, f.year],
    )
    const closed = await restatement.closedYear(tx, e.county_code, f.year)
    if (closed) {
      if (f.objectionId)
        throw new AppError(
          422,
          `${f.year}年该区县的评价已发布，指标须经更正审定：请先在评价监测提交更正并经评价审定通过，再采纳异议（不带更正）重新试算`,
        )
      if (old.rows[0]?.v === f.value) throw restatement.unchanged(meta.name)
      const [id] = await restatement.fileRestatements(tx, actor, [
        {
          enterpriseId: f.enterpriseId,
          countyCode: e.county_code as string,
          year: f.year,
          batchId: closed.batchId,
          item: f.item,
          oldValue: old.rows[0]?.v ?? null,
          value: f.value,
          reason: f.reason,
          reportedDate: f.reportedDate,
        },
      ])
      return { old: old.rows[0]?.v ?? null, status: '待审定' as const, restatementId: id }
    }
    if (old.rows.length === 0) {
      await tx.query(`INSERT INTO enterprise_yearly (enterprise_id, year, ${f.item}) VALUES ($1, $2, $3)`, [
        f.enterpriseId,
        f.year,
        f.value,
      ])
    } else {
      await tx.query(`UPDATE enterprise_yearly SET ${f.item} = $3, updated_at = now() WHERE enterprise_id = $1 AND year = $2`, [
        f.enterpriseId,
        f.year,
        f.value,
      ])
    }
    await tx.query(
      `INSERT INTO appraisal_input_source (enterprise_id, year, item, source, reported_date, updated_by)
       VALUES ($1, $2, $3, $4, COALESCE($5::date, current_date), $6)
       ON CONFLICT (enterprise_id, year, item) DO UPDATE SET reported_date = EXCLUDED.reported_date, updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [f.enterpriseId, f.year, f.item, meta.source, f.reportedDate ?? null, actor.realName],
    )
    await tx.query(
      `INSERT INTO appraisal_input_correction (enterprise_id, year, item, old_value, new_value, reason, objection_id, actor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [f.enterpriseId, f.year, f.item, old.rows[0]?.v ?? null, f.value, f.reason.trim(), f.objectionId ?? null, actor.realName],
    )
    return { old: old.rows[0]?.v ?? null, status: '已生效' as const, restatementId: null }
  })
}

/** The inputs of an enterprise's year: value, source, date, and the correction history. */
export async function inputs(db: Db, scope: DataScope, enterpriseId: number, year: number) {
  const e = await enterpriseInScope(db, scope, enterpriseId)
  const y = await db.query<Record<string, number | null>>(
    `SELECT tax::float8, value_added::float8, revenue::float8, rd_expense::float8, energy::float8, emissions::float8, employees::float8, land_area_m2::float8
     FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2`,
    [enterpriseId, year],
  )
  const src = await db.query<{ item: string; source: string; reported_date: string; updated_by: string }>(
    `SELECT item, source, to_char(reported_date, 'YYYY-MM-DD') AS reported_date, updated_by FROM appraisal_input_source WHERE enterprise_id = $1 AND year = $2`,
    [enterpriseId, year],
  )
  const hist = await db.query<{
    item: string
    old_value: number | null
    new_value: number | null
    reason: string
    actor: string
    at: Date
  }>(
    `SELECT item, old_value, new_value, reason, actor, at FROM appraisal_input_correction WHERE enterprise_id = $1 AND year = $2 ORDER BY at DESC, id DESC`,
    [enterpriseId, year],
  )
  // a closed year: what was published, and the 更正 filed since (docs/domain.md "Closed years")
  const closed = await restatement.closedYear(db, e.county_code, year)
  const published = closed ? await restatement.publishedInputs(db, enterpriseId, year) : null
  const restatements = await restatement.ofEnterprise(db, enterpriseId, year)
  const standing = closed ? restatements.filter((r) => r.status === '已更正' && r.batchId === closed.batchId) : []
  return {
    enterpriseId,
    name: e.name,
    year,
    closed,
    restatements,
    items: (Object.keys(INPUT_ITEMS) as InputItem[]).map((item) => {
      const s = src.rows.find((x) => x.item === item)
      return {
        item,
        name: INPUT_ITEMS[item].name,
        unit: INPUT_ITEMS[item].unit,
        value: y.rows[0]?.[item] ?? null,
        source: INPUT_ITEMS[item].source,
        reportedDate: s?.reported_date ?? null,
        updatedBy: s?.updated_by ?? null,
        publishedValue: closed ? (published?.[item] ?? null) : undefined,
        restated: standing.find((r) => r.item === item) ?? null,
        pending: restatements.find((r) => r.item === item && r.status === '待审定') ?? null,
      }
    }),
    history: hist.rows.map((h) => ({
      item: h.item,
      name: INPUT_ITEMS[h.item as InputItem]?.name ?? h.item,
      oldValue: h.old_value,
      newValue: h.new_value,
      reason: h.reason,
      actor: h.actor,
      at: iso(h.at),
    })),
  }
}

/** The rows of an import template: every enterprise of the scope with its current values of `items` in `year`. */
export async function templateRows(db: Db, scope: DataScope, year: number, items: InputItem[]) {
  const params: unknown[] = [year, items]
  const r = await db.query<{ credit_code: string; name: string; reported: string | null } & Record<string, number | null>>(
    `SELECT e.credit_code, e.name, ${items.map((i) => `y.${i}::float8 AS ${i}`).join(', ')},
       (SELECT to_char(max(s.reported_date), 'YYYY-MM-DD') FROM appraisal_input_source s WHERE s.enterprise_id = e.id AND s.year = $1 AND s.item = ANY($2::text[])) AS reported
     FROM enterprise e LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1
     WHERE NOT e.deleted AND ${scopeCondition(scope, 'e', params)} ORDER BY e.county_code, e.name, e.id`,
    params,
  )
  return r.rows.map((x) => ({
    creditCode: x.credit_code,
    name: x.name,
    values: Object.fromEntries(items.map((i) => [i, x[i] ?? null])) as Record<string, number | null>,
    reportedDate: x.reported,
  }))
}

const SOURCE_PRESENT: Record<string, string> = {
  税务: 'y.tax IS NOT NULL',
  统计: 'y.value_added IS NOT NULL AND y.revenue IS NOT NULL AND y.rd_expense IS NOT NULL',
  电力: 'y.energy IS NOT NULL',
  环保: 'y.emissions IS NOT NULL',
  人社: 'y.employees IS NOT NULL',
  自然资源: `(y.land_area_m2 IS NOT NULL OR EXISTS (SELECT 1 FROM parcel pp WHERE pp.enterprise_id = e.id AND NOT pp.deleted))`,
}

/** The enterprises that reported a year, with their inputs; `missing` keeps those lacking a source's data. */
export async function inputList(
  db: Db,
  scope: DataScope,
  year: number,
  f: { keyword?: string; scale?: Scale; missing?: string },
  args: PageArgs,
): Promise<Page<Record<string, unknown>>> {
  const where = new Where(year).add('NOT e.deleted')
  where.raw(scopeCondition(scope, 'e', where.params))
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.scale, 'e.scale = ?')
  if (f.missing) where.raw(`NOT (${SOURCE_PRESENT[f.missing]})`)
  return queryPage<Record<string, unknown>>(
    db,
    {
      select: `e.id AS "enterpriseId", e.name, e.credit_code AS "creditCode", e.scale, c.name AS "countyName", y.tax::float8 AS tax,
        y.value_added::float8 AS "valueAdded", y.revenue::float8 AS revenue, y.rd_expense::float8 AS "rdExpense", y.energy::float8 AS energy,
        y.emissions::float8 AS emissions, y.employees AS employees, y.land_area_m2::float8 AS "landAreaM2",
        ARRAY[${Object.entries(SOURCE_PRESENT)
          .map(([k, v]) => `CASE WHEN ${v} THEN NULL ELSE '${k}' END`)
          .join(', ')}] AS missing`,
      from: `enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 LEFT JOIN region c ON c.code = e.county_code`,
      where,
      order: orderBy(args, { name: 'e.name', tax: 'y.tax' }, 'e.id'),
    },
    args,
    (r) => ({ ...r, missing: (r.missing as (string | null)[]).filter(Boolean) }),
  )
}

/** 完整度: per county, the enterprises that reported the year and how many have each source's data. */
export async function completeness(db: Db, scope: DataScope, year: number) {
  const params: unknown[] = [year]
  const where = scopeCondition(scope, 'e', params)
  const r = await db.query<Record<string, number | string>>(
    `SELECT e.county_code AS code, c.name, count(*)::int AS reported,
       ${Object.entries(SOURCE_PRESENT)
         .map(([k, v]) => `count(*) FILTER (WHERE ${v})::int AS "${k}"`)
         .join(', ')}
     FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $1 LEFT JOIN region c ON c.code = e.county_code
     WHERE NOT e.deleted AND ${where} GROUP BY e.county_code, c.name ORDER BY e.county_code`,
    params,
  )
  return {
    year,
    rows: r.rows.map((x) => ({
      code: x.code as string,
      name: (x.name as string) ?? '未落区县',
      reported: x.reported as number,
      sources: Object.keys(SOURCE_PRESENT).map((s) => ({
        source: s,
        complete: x[s] as number,
        missing: (x.reported as number) - (x[s] as number),
      })),
    })),
  }
}

// ---- norms and models ----

/** 评价标准 of the scope and year. */
export async function normList(db: Db, scope: DataScope, year: number, f: { indicator?: string }, args: PageArgs) {
  const where = new Where().add('n.year = ?', year)
  where.raw(scopeOfCounty(scope, where.params, 'n', 'c'))
  where.addIf(f.indicator, 'n.indicator = ?')
  return queryPage<Record<string, unknown>>(
    db,
    {
      select: `n.id, n.county_code AS "countyCode", c.name AS "countyName", n.year, n.division, n.indicator, n.value::float8 AS value,
        n.updated_by AS "updatedBy", n.updated_at AS "updatedAt"`,
      from: `appraisal_norm n LEFT JOIN region c ON c.code = n.county_code`,
      where,
      order: orderBy(args, { division: 'n.division', indicator: 'n.indicator' }, 'n.county_code, n.division, n.indicator'),
    },
    args,
    (r) => ({ ...r, updatedAt: iso(r.updatedAt as Date) }),
  )
}

/** Saves one norm as a change 待审定 (in force once another account approves it); answers the change's id. */
export async function saveNorm(
  db: Db,
  scope: DataScope,
  f: { countyCode: string; year: number; division: string; indicator: string; value: number },
  actor: AuthUser,
): Promise<number> {
  await assertStatYear(db, f.year)
  await assertCounty(db, scope, f.countyCode)
  return proposeNorms(db, actor, { countyCode: f.countyCode, year: f.year, rows: [f], note: '修改基准值' })
}

/**
 * 按区县中位数填充: each division's median of each indicator among the county's enterprises of the year
 * (positive medians only), as one change 待审定.
 */
export async function fillNormsFromMedian(
  db: Db,
  scope: DataScope,
  f: { countyCode: string; year: number },
  actor: AuthUser,
): Promise<number> {
  await assertStatYear(db, f.year)
  await assertCounty(db, scope, f.countyCode)
  const subjects = await readSubjects(db, f.year, f.countyCode)
  const rows: { division: string; indicator: string; value: number }[] = []
  const divisions = [...new Set(subjects.map((s) => s.division).filter((d): d is string => !!d))]
  for (const division of divisions) {
    for (const key of MODEL_INDICATOR_KEYS) {
      const m = median(
        subjects
          .filter((s) => s.division === division)
          .map((s) => s.values[key])
          .filter((v): v is number => v !== null && v !== undefined),
      )
      if (m !== null && m > 0) rows.push({ division, indicator: key, value: m })
    }
  }
  if (rows.length) await proposeNorms(db, actor, { countyCode: f.countyCode, year: f.year, rows, note: '按区县中位数填充' })
  return rows.length
}

/** The models in force for a county (or the province default) in a year, both scales, with the versions kept. */
export async function models(db: Db, scope: DataScope, year: number, countyCode?: string) {
  if (countyCode) await assertCounty(db, scope, countyCode)
  const inForce: ModelInForce[] = []
  for (const scale of ['规上', '规下'] as const) {
    inForce.push(countyCode ? await modelInForce(db, countyCode, scale, year) : await modelInForce(db, '', scale, year))
  }
  const versions = await db.query<Record<string, unknown>>(
    `SELECT id, county_code AS "countyCode", scale, effective_year AS "effectiveYear", version, note, created_by AS "createdBy", created_at AS "createdAt",
       status, approved_by AS "approvedBy", decision_note AS "decisionNote"
     FROM appraisal_model WHERE ${countyCode ? 'county_code = $1' : 'county_code IS NULL'} ORDER BY scale, effective_year DESC, version DESC`,
    countyCode ? [countyCode] : [],
  )
  return {
    year,
    countyCode: countyCode ?? null,
    models: inForce,
    versions: versions.rows.map((v) => ({ ...v, createdAt: iso(v.createdAt as Date) })),
  }
}

/** Saves a model as a new version (weights must total 100). */
export async function saveModel(
  db: Db,
  scope: DataScope,
  f: { countyCode?: string; effectiveYear: number; note: string } & AppraisalModelSpec,
  actor: AuthUser,
): Promise<{ id: number; version: number }> {
  const problems = modelProblems(f)
  if (problems.length) throw badRequest(problems[0].message, problems)
  if (f.countyCode) await assertCounty(db, scope, f.countyCode)
  else if (scope.kind !== 'all' && !(scope.kind === 'region' && scope.level === 'province')) {
    throw forbidden('只有省级账号可以修改全省默认模型，请选择区县')
  }
  return db.transaction(async (tx) => {
    const v = await tx.query<{ v: number }>(
      `SELECT COALESCE(max(version), 0)::int + 1 AS v FROM appraisal_model WHERE COALESCE(county_code, '') = $1 AND scale = $2 AND effective_year = $3`,
      [f.countyCode ?? '', f.scale, f.effectiveYear],
    )
    const version = v.rows[0].v
    // a draft 待审定: in force once another account approves it (approval.ts)
    const r = await tx.query<{ id: number }>(
      `INSERT INTO appraisal_model (county_code, scale, effective_year, version, indicators, cap, benchmark, min_land_mu, min_tax_per_mu, bonus, vetoes, rule, note, created_by, created_user_id, status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, '待审定') RETURNING id`,
      [
        f.countyCode ?? null,
        f.scale,
        f.effectiveYear,
        version,
        JSON.stringify(f.indicators),
        f.cap,
        f.benchmark,
        f.minLandMu,
        f.minTaxPerMu,
        JSON.stringify(f.bonus),
        JSON.stringify(f.vetoes),
        JSON.stringify(f.rule),
        f.note,
        actor.realName,
        actor.id,
      ],
    )
    await recordStep(tx, actor, { subject: 'appraisal_model', subjectId: r.rows[0].id, action: '提交审定', to: '待审定', note: f.note })
    return { id: r.rows[0].id, version }
  })
}

// ---- batches ----

interface BatchRow {
  id: number
  county_code: string
  county_name: string
  year: number
  version: number
  state: BatchState
  reason: string
  publicity_start: string | null
  publicity_end: string | null
  run_at: Date | null
  published_at: Date | null
  run_by: string
  publicity_by: string
  published_by: string
  run_user_id: number | null
  publicity_user_id: number | null
  a: number
  b: number
  c: number
  d: number
  open_objections: number
}

const BATCH_SELECT = `SELECT b.id, b.county_code, r.name AS county_name, b.year::int AS year, b.version, b.state, b.reason,
    to_char(b.publicity_start, 'YYYY-MM-DD') AS publicity_start, to_char(b.publicity_end, 'YYYY-MM-DD') AS publicity_end, b.run_at, b.published_at,
    b.run_by, b.publicity_by, b.published_by, b.run_user_id, b.publicity_user_id,
    (SELECT count(*) FILTER (WHERE x.class = 'A') FROM appraisal_result x WHERE x.batch_id = b.id)::int AS a,
    (SELECT count(*) FILTER (WHERE x.class = 'B') FROM appraisal_result x WHERE x.batch_id = b.id)::int AS b,
    (SELECT count(*) FILTER (WHERE x.class = 'C') FROM appraisal_result x WHERE x.batch_id = b.id)::int AS c,
    (SELECT count(*) FILTER (WHERE x.class = 'D') FROM appraisal_result x WHERE x.batch_id = b.id)::int AS d,
    (SELECT count(*) FROM appraisal_objection o WHERE o.batch_id = b.id AND o.state = '待审')::int AS open_objections
  FROM appraisal_batch b JOIN region r ON r.code = b.county_code`

const batchOf = (r: BatchRow): AppraisalBatch => ({
  id: r.id,
  countyCode: r.county_code,
  countyName: r.county_name,
  year: r.year,
  version: r.version,
  state: r.state,
  reason: r.reason,
  publicityStart: r.publicity_start,
  publicityEnd: r.publicity_end,
  runAt: iso(r.run_at),
  publishedAt: iso(r.published_at),
  counts: { A: r.a, B: r.b, C: r.c, D: r.d },
  openObjections: r.open_objections,
  runBy: r.run_by,
  publicityBy: r.publicity_by,
  publishedBy: r.published_by,
  runUserId: r.run_user_id,
  publicityUserId: r.publicity_user_id,
  publishFrom: (r.state === '公示' || r.state === '异议') && r.publicity_end ? firstPublishDay(r.publicity_end) : null,
})

/** The batch row with who ran it and opened its 公示 (the 四眼 checks). */
async function batchRow(db: Db, scope: DataScope, id: number): Promise<BatchRow> {
  const r = await db.query<BatchRow>(`${BATCH_SELECT} WHERE b.id = $1`, [id])
  if (!r.rows[0] || !(await regionInScope(db, scope, r.rows[0].county_code)))
    throw notFound(`评价批次 ${id} 不存在或不在本账号的数据范围内`)
  return r.rows[0]
}

/** Throws the refusal of a batch transition (409 / 422 in the envelope, naming the field). */
function allowed(t: BatchTransition): BatchState {
  if (!t.ok) throw new AppError(t.status, t.message, [{ field: t.field, message: t.message }])
  return t.next
}

/** A batch of the scope, or 404. */
export async function batch(db: Db, scope: DataScope, id: number): Promise<AppraisalBatch> {
  return batchOf(await batchRow(db, scope, id))
}

/** The batches of a year in the scope, newest version first. */
export async function batches(db: Db, scope: DataScope, year: number): Promise<AppraisalBatch[]> {
  const params: unknown[] = [year]
  const cond = scopeOfCounty(scope, params)
  const r = await db.query<BatchRow>(`${BATCH_SELECT} WHERE b.year = $1 AND ${cond} ORDER BY b.county_code, b.version DESC`, params)
  return r.rows.map(batchOf)
}

/** A condition on b.county_code: the county lies in the scope. */
function scopeOfCounty(scope: DataScope, params: unknown[], table = 'b', region = 'r'): string {
  if (scope.kind === 'all') return 'TRUE'
  if (scope.kind === 'none') return 'FALSE'
  params.push(scope.code)
  const p = `$${params.length}`
  return `(${table}.county_code = ${p} OR ${region}.parent_code = ${p} OR EXISTS (SELECT 1 FROM region rp WHERE rp.code = ${region}.parent_code AND rp.parent_code = ${p}))`
}

/**
 * 试算: the county's open batch of the year is run again, or a new version is opened — after a
 * published one only with a reason. Scores, ranks and classes are written in one transaction.
 */
export async function run(db: Db, scope: DataScope, f: { countyCode: string; year: number; reason?: string }, actor: AuthUser) {
  await assertStatYear(db, f.year)
  await assertCounty(db, scope, f.countyCode)
  const id = await db.transaction(async (tx) => {
    const open = await tx.query<{ id: number; state: BatchState }>(
      `SELECT id, state FROM appraisal_batch WHERE county_code = $1 AND year = $2 AND state IN ('试算', '公示', '异议') FOR UPDATE`,
      [f.countyCode, f.year],
    )
    let id: number
    if (open.rows[0]) {
      allowed(batchTransition(open.rows[0].state, 'run', { today: productToday() }))
      id = open.rows[0].id
    } else {
      const prev = await tx.query<{ v: number; published: number }>(
        `SELECT COALESCE(max(version), 0)::int AS v, count(*) FILTER (WHERE state IN ('发布', '归档'))::int AS published FROM appraisal_batch WHERE county_code = $1 AND year = $2`,
        [f.countyCode, f.year],
      )
      if (prev.rows[0].published > 0 && !f.reason?.trim()) {
        throw problem('reason', `${f.year}年评价已发布，发布后重新评价须填写原因 reason`)
      }
      const b = await tx.query<{ id: number }>(
        `INSERT INTO appraisal_batch (county_code, year, version, state, reason, models) VALUES ($1, $2, $3, '试算', $4, '[]') RETURNING id`,
        [f.countyCode, f.year, prev.rows[0].v + 1, f.reason?.trim() || '年度评价'],
      )
      id = b.rows[0].id
    }
    await runBatch(tx, { id, countyCode: f.countyCode, year: f.year }, actor.realName)
    await tx.query('UPDATE appraisal_batch SET run_user_id = $2 WHERE id = $1', [id, actor.id])
    await recordStep(tx, actor, { subject: 'appraisal_batch', subjectId: id, action: '试算', to: '试算', note: f.reason?.trim() ?? '' })
    return id
  })
  return batch(db, scope, id)
}

/** 公示: a 试算 batch opens its publicity window. */
export async function publicity(db: Db, scope: DataScope, f: { batchId: number; start: string; end: string }, actor: AuthUser) {
  const b = await batch(db, scope, f.batchId)
  const next = allowed(batchTransition(b.state, 'publicity', { today: productToday() }))
  const { publicityDays } = await dueProcessSettings(db)
  const marks = await calendarMarks(db, f.start, f.end < f.start ? f.start : f.end)
  const bad = publicityWindowProblem(f, productToday(), publicityDays, marks)
  if (bad) throw problem(bad.field, bad.message)
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE appraisal_batch SET state = $4, publicity_start = $2, publicity_end = $3, publicity_by = $5, publicity_user_id = $6 WHERE id = $1`,
      [b.id, f.start, f.end, next, actor.realName, actor.id],
    )
    await recordStep(tx, actor, {
      subject: 'appraisal_batch',
      subjectId: b.id,
      action: '公示',
      from: b.state,
      to: next,
      note: `公示期 ${f.start} 至 ${f.end}（${workingDaysBetween(f.start, f.end, marks)}个工作日）`,
    })
  })
  return batch(db, scope, b.id)
}

/** 异议: registered against a batch in 公示 or 异议 for an enterprise of its results. */
export async function addObjection(
  db: Db,
  scope: DataScope,
  f: { batchId: number; enterpriseId: number; content: string; attachments: number[] },
  actor: AuthUser,
  channel: '企业' | '代登记' = '代登记',
): Promise<number> {
  const b = await batch(db, scope, f.batchId)
  const next = allowed(batchTransition(b.state, 'object', { today: productToday(), publicityEnd: b.publicityEnd }))
  const inBatch = await db.query('SELECT 1 FROM appraisal_result WHERE batch_id = $1 AND enterprise_id = $2', [b.id, f.enterpriseId])
  if (inBatch.rows.length === 0) throw problem('enterpriseId', '该企业不在本批次的评价结果中')
  if (f.attachments.length) {
    // only files uploaded for an objection by this user (POST /api/appraiseResult/objection/upload)
    const files = await db.query<{ id: number }>(
      `SELECT id::int AS id FROM upload_file WHERE id = ANY($1::bigint[]) AND dm = '${OBJECTION_DM}' AND uploaded_by = $2`,
      [f.attachments, actor.id],
    )
    const found = new Set(files.rows.map((x) => x.id))
    const bad = f.attachments.find((x) => !found.has(x))
    if (bad !== undefined) throw problem('attachments', `附件 #${bad} 不存在或不是本人为异议上传的文件，请重新上传`)
  }
  return db.transaction(async (tx) => {
    const r = await tx.query<{ id: number }>(
      `INSERT INTO appraisal_objection (batch_id, enterprise_id, content, attachments, created_by, created_user_id, channel)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
      [b.id, f.enterpriseId, f.content, JSON.stringify(f.attachments), actor.realName, actor.id, channel],
    )
    await tx.query(`UPDATE appraisal_batch SET state = $2 WHERE id = $1`, [b.id, next])
    const step = { action: channel === '企业' ? '企业提出异议' : '代企业登记异议', note: f.content }
    await recordStep(tx, actor, { subject: 'objection', subjectId: r.rows[0].id, ...step, to: '待审' })
    if (next !== b.state) await recordStep(tx, actor, { subject: 'appraisal_batch', subjectId: b.id, ...step, from: b.state, to: next })
    return r.rows[0].id
  })
}

/** The 代码 objection attachments are filed under in the file store. */
export const OBJECTION_DM = 'appraisal_objection'

/** The objections of a batch, each with its attachments (id, name, size). */
export async function objections(db: Db, scope: DataScope, batchId: number) {
  const b = await batch(db, scope, batchId)
  const r = await db.query<Record<string, unknown>>(
    `SELECT o.id, o.enterprise_id AS "enterpriseId", e.name, o.content, o.state, o.decision, o.created_by AS "createdBy",
       o.channel, o.created_user_id AS "createdUserId",
       o.created_at AS "createdAt", o.reviewed_by AS "reviewedBy", o.reviewed_at AS "reviewedAt",
       COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.original_name, 'size', f.size) ORDER BY a.ord)
                 FROM jsonb_array_elements_text(o.attachments) WITH ORDINALITY a(v, ord) JOIN upload_file f ON f.id = a.v::bigint), '[]') AS attachments
     FROM appraisal_objection o JOIN enterprise e ON e.id = o.enterprise_id WHERE o.batch_id = $1 ORDER BY o.id`,
    [b.id],
  )
  return r.rows.map((x) => ({
    ...x,
    attachments: (x.attachments as { id: number; name: string; size: number }[]).map((a) => ({
      id: Number(a.id),
      name: a.name,
      size: Number(a.size),
    })),
    createdAt: iso(x.createdAt as Date),
    reviewedAt: iso(x.reviewedAt as Date | null),
  }))
}

/** An attachment of an objection of the scope (404 when the file is not one of its attachments). */
export async function objectionFile(db: Db, scope: DataScope, objectionId: number, fileId: number): Promise<number> {
  const o = await db.query<{ batch_id: number; attachments: number[] }>(
    'SELECT batch_id, attachments FROM appraisal_objection WHERE id = $1',
    [objectionId],
  )
  if (!o.rows[0]) throw notFound(`异议 ${objectionId} 不存在`)
  await batch(db, scope, o.rows[0].batch_id)
  if (!o.rows[0].attachments.map(Number).includes(fileId)) throw notFound(`文件 ${fileId} 不是该异议的附件`)
  return fileId
}

/** 审核异议: 维持 keeps the result; 采纳 corrects an input (if given) and re-runs the batch — all in one transaction. */
export async function reviewObjection(
  db: Db,
  scope: DataScope,
  f: { id: number; decision: '维持' | '采纳'; note: string; correction?: { item: InputItem; value: number } },
  actor: AuthUser,
) {
  const o = await db.query<{ batch_id: number; enterprise_id: number; state: string; created_user_id: number | null }>(
    'SELECT batch_id, enterprise_id, state, created_user_id FROM appraisal_objection WHERE id = $1',
    [f.id],
  )
  if (!o.rows[0]) throw notFound(`异议 ${f.id} 不存在`)
  const b = await batch(db, scope, o.rows[0].batch_id)
  if (o.rows[0].state !== '待审') throw problem('id', `该异议已审核（${o.rows[0].state}）`)
  allowed(batchTransition(b.state, 'review', { today: productToday(), actorRegistered: o.rows[0].created_user_id === actor.id }))
  if (f.correction && f.decision !== '采纳') throw problem('correction', '只有采纳的异议可以更正指标')
  await db.transaction(async (tx) => {
    if (f.correction) {
      await correct(
        tx,
        scope,
        { enterpriseId: o.rows[0].enterprise_id, year: b.year, ...f.correction, reason: `异议采纳：${f.note}`, objectionId: f.id },
        actor,
      )
    }
    await tx.query(`UPDATE appraisal_objection SET state = $2, decision = $3, reviewed_by = $4, reviewed_at = now() WHERE id = $1`, [
      f.id,
      f.decision,
      f.note,
      actor.realName,
    ])
    await tx.query('UPDATE appraisal_objection SET reviewed_user_id = $2 WHERE id = $1', [f.id, actor.id])
    await recordStep(tx, actor, {
      subject: 'objection',
      subjectId: f.id,
      action: `审核：${f.decision}`,
      from: '待审',
      to: f.decision,
      note: f.note,
    })
    if (f.decision === '采纳') {
      // the reviewer's re-run produced the results to publish: for 四眼 the reviewer ran the 试算
      await runBatch(tx, { id: b.id, countyCode: b.countyCode, year: b.year }, actor.realName)
      await tx.query('UPDATE appraisal_batch SET run_user_id = $2 WHERE id = $1', [b.id, actor.id])
      await recordStep(tx, actor, {
        subject: 'appraisal_batch',
        subjectId: b.id,
        action: '采纳异议后重新试算',
        from: b.state,
        to: b.state,
        note: f.note,
      })
    }
  })
  return batch(db, scope, b.id)
}

/** 发布: a batch in 公示 or 异议 without open objections becomes the county's published result; the one before is 归档. */
export async function publish(db: Db, scope: DataScope, batchId: number, actor: AuthUser) {
  const row = await batchRow(db, scope, batchId)
  const b = batchOf(row)
  allowed(
    batchTransition(b.state, 'publish', {
      today: productToday(),
      publicityEnd: b.publicityEnd,
      openObjections: b.openObjections,
      actorRan: row.run_user_id === actor.id,
      actorOpenedPublicity: row.publicity_user_id === actor.id,
    }),
  )
  await db.transaction(async (tx) => {
    await tx.query(`UPDATE appraisal_batch SET state = '归档' WHERE county_code = $1 AND year = $2 AND state = '发布'`, [
      b.countyCode,
      b.year,
    ])
    await tx.query(
      `UPDATE appraisal_batch SET state = '发布', published_at = now(), published_by = $2, published_user_id = $3 WHERE id = $1`,
      [b.id, actor.realName, actor.id],
    )
    await recordStep(tx, actor, { subject: 'appraisal_batch', subjectId: b.id, action: '发布（审定）', from: b.state, to: '发布' })
  })
  return batch(db, scope, b.id)
}

// ---- results ----

interface ResultDbRow {
  batch_id: number
  enterprise_id: number
  name: string
  credit_code: string
  county_name: string | null
  scale: string
  indicator_values: Record<string, number | null>
  scores: Record<string, { benchmark: number | null; score: number }>
  adjustments: { name: string; points: number }[]
  total: number
  rank: number
  group_size: number
  class: 'A' | 'B' | 'C' | 'D'
  reason: string
  last_class: string | null
}

const resultOf = (r: ResultDbRow, restated: Restatement[] = []): AppraisalResultRow => ({
  batchId: r.batch_id,
  enterpriseId: r.enterprise_id,
  name: r.name,
  creditCode: r.credit_code,
  countyName: r.county_name,
  scale: r.scale,
  values: r.indicator_values,
  scores: r.scores,
  adjustments: r.adjustments,
  total: r.total,
  rank: r.rank,
  groupSize: r.group_size,
  class: r.class,
  reason: r.reason,
  lastClass: r.last_class,
  restated,
})

/**
 * The rows with the standing approved 更正 of their closed year (docs/domain.md "Closed years"), read
 * once for the page: only a row of the published batch carries them (a 更正 is filed against the batch
 * that closed the year), and its class stays as published.
 */
async function withRestated(db: Db, year: number, rows: AppraisalResultRow[]): Promise<AppraisalResultRow[]> {
  const marks = await restatement.marksOf(
    db,
    year,
    rows.map((r) => r.enterpriseId),
  )
  return rows.map((r) => ({ ...r, restated: (marks.get(r.enterpriseId) ?? []).filter((m) => m.batchId === r.batchId) }))
}

/**
 * 评价结果 of a batch, or of the year: each county's latest batch (the one in work, else the published one).
 */
export async function results(
  db: Db,
  scope: DataScope,
  year: number,
  f: { batchId?: number; class?: string; scale?: string; keyword?: string },
  args: PageArgs,
): Promise<Page<AppraisalResultRow>> {
  const where = new Where()
  let rowsYear = year
  if (f.batchId) {
    rowsYear = (await batch(db, scope, f.batchId)).year
    where.add('x.batch_id = ?', f.batchId)
  } else {
    where.add(
      `x.batch_id IN (SELECT DISTINCT ON (county_code) id FROM appraisal_batch WHERE year = ? AND state <> '归档'
         ORDER BY county_code, (state = '发布'), version DESC)`,
      year,
    )
  }
  where.raw(scopeCondition(scope, 'e', where.params))
  where.addIf(f.class, 'x.class = ?')
  where.addIf(f.scale, 'x.scale = ?')
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  const page = await queryPage<ResultDbRow, AppraisalResultRow>(
    db,
    {
      select: `x.batch_id, x.enterprise_id, e.name, e.credit_code, c.name AS county_name, x.scale, x.indicator_values, x.scores, x.adjustments,
        x.total, x.rank, x.group_size, x.class, x.reason, x.last_class`,
      from: `appraisal_result x JOIN enterprise e ON e.id = x.enterprise_id LEFT JOIN region c ON c.code = e.county_code`,
      where,
      order: orderBy(args, { rank: 'x.rank', total: 'x.total', name: 'e.name' }, 'e.county_code, x.scale, x.rank'),
    },
    args,
    (r) => resultOf(r),
  )
  return { ...page, list: await withRestated(db, rowsYear, page.list) }
}

/** The run's snapshot keys of the input items (RunInputs). */
const SNAPSHOT_KEY: Record<InputItem, string> = {
  tax: 'tax',
  value_added: 'valueAdded',
  revenue: 'revenue',
  rd_expense: 'rd',
  energy: 'energy',
  emissions: 'emissions',
  employees: 'employees',
  land_area_m2: 'landM2',
}

/**
 * 企业评价卡: one enterprise's result in a batch — the inputs the run read (with their source, the
 * date reported and today's value when it has changed since), each indicator's value, benchmark
 * and score, 加减分, total, rank, class, reason, last year's class — with the corrections of its
 * inputs and the 加减分/一票否决 events of the year.
 */
export async function resultDetail(db: Db, scope: DataScope, batchId: number, enterpriseId: number) {
  const b = await batch(db, scope, batchId)
  const r = await db.query<ResultDbRow & { inputs: Record<string, number | null> }>(
    `SELECT x.*, e.name, e.credit_code, c.name AS county_name FROM appraisal_result x JOIN enterprise e ON e.id = x.enterprise_id
     LEFT JOIN region c ON c.code = e.county_code WHERE x.batch_id = $1 AND x.enterprise_id = $2`,
    [b.id, enterpriseId],
  )
  if (!r.rows[0]) throw notFound(`企业 ${enterpriseId} 不在该批次的评价结果中`)
  const now = await inputs(db, scope, enterpriseId, b.year)
  const snap = r.rows[0].inputs
  const events = await db.query<{ name: string; evidence: string; evidence_date: string | null }>(
    `SELECT name, evidence, to_char(evidence_date, 'YYYY-MM-DD') AS evidence_date FROM appraisal_event WHERE enterprise_id = $1 AND year = $2 ORDER BY name`,
    [enterpriseId, b.year],
  )
  return {
    batch: b,
    result: (await withRestated(db, b.year, [resultOf(r.rows[0])]))[0],
    inputs: snap,
    items: now.items.map((i) => {
      const used = snap[SNAPSHOT_KEY[i.item as InputItem]] ?? null
      return { ...i, value: used, current: i.value, changed: (i.value ?? null) !== used }
    }),
    history: now.history,
    events: events.rows.map((e) => ({ name: e.name, evidence: e.evidence, evidenceDate: e.evidence_date })),
  }
}

/** The catalogue figures 同比 compares (the year's enterprise figures of the scope). */
export const COMPARE_FIGURES = [
  'appraisedEnterpriseCount',
  'ratedEnterpriseCount',
  'lowTaxEnterpriseCount',
  'tax',
  'taxPerMu',
  'valueAddedPerMu',
  'laborProductivity',
  'energyEfficiency',
  'emissionEfficiency',
  'rdRatio',
] as const satisfies readonly FigureKey[]

/** The enterprise figures of a year over the scope (exact). */
async function figuresOfYear(db: Db, scope: DataScope, year: number) {
  const params: unknown[] = [year]
  const where = scopeCondition(scope, 'e', params)
  const r = await db.query<EnterpriseSumsRow>(
    `WITH r AS MATERIALIZED (SELECT ${enterpriseYearColumns('$1')} FROM ${enterpriseYearFrom('$1')} WHERE NOT e.deleted AND ${where})
     SELECT ${enterpriseSums('r')} FROM r`,
    params,
  )
  return enterpriseFigures(r.rows[0])
}

/**
 * 同比: published classes of `base` (default the year before) × of `year`, in the scope — the
 * migration matrix, each class's count in both years, how many moved up, stayed, moved down,
 * entered or left — and the catalogue's enterprise figures of both years with their change.
 */
export async function compare(db: Db, scope: DataScope, year: number, base = year - 1) {
  if (base >= year) throw problem('base', `对比年度 base 应早于年度 year（${year}）`)
  const params: unknown[] = [year, base]
  const where = scopeCondition(scope, 'e', params)
  const r = await db.query<{ last: string | null; now: string | null; n: number }>(
    `SELECT p.class AS last, a.class AS now, count(*)::int AS n
     FROM (SELECT enterprise_id, class FROM enterprise_appraisal_yearly WHERE year = $1) a
     FULL JOIN (SELECT enterprise_id, class FROM enterprise_appraisal_yearly WHERE year = $2) p ON p.enterprise_id = a.enterprise_id
     JOIN enterprise e ON e.id = COALESCE(a.enterprise_id, p.enterprise_id)
     WHERE NOT e.deleted AND ${where} GROUP BY 1, 2`,
    params,
  )
  const classes = ['A', 'B', 'C', 'D'] as const
  const rows = [...classes, null].map((from) => ({
    from: from ?? '新参评',
    to: Object.fromEntries(classes.map((to) => [to, r.rows.find((x) => x.last === from && x.now === to)?.n ?? 0])),
    left: r.rows.find((x) => x.last === from && x.now === null)?.n ?? 0,
  }))
  const rank = (c: string) => 'ABCD'.indexOf(c)
  const sum = (p: (x: { last: string | null; now: string | null }) => boolean) => r.rows.filter(p).reduce((t, x) => t + x.n, 0)
  const both = (x: { last: string | null; now: string | null }): x is { last: string; now: string } => !!x.last && !!x.now
  const counts = (pick: 'last' | 'now') => Object.fromEntries(classes.map((c) => [c, sum((x) => x[pick] === c)])) as Record<string, number>
  const [fy, fb] = [await figuresOfYear(db, scope, year), await figuresOfYear(db, scope, base)]
  return {
    year,
    base,
    matrix: rows,
    counts: { base: counts('last'), year: counts('now') },
    moves: {
      up: sum((x) => both(x) && rank(x.now) < rank(x.last)),
      same: sum((x) => both(x) && x.now === x.last),
      down: sum((x) => both(x) && rank(x.now) > rank(x.last)),
      entered: sum((x) => !x.last && !!x.now),
      left: sum((x) => !!x.last && !x.now),
    },
    alerts: { droppedTwoOrMore: sum((x) => both(x) && rank(x.now) - rank(x.last) >= 2) },
    figures: COMPARE_FIGURES.map((key) => {
      const [now, then] = [shown(key, fy[key]), shown(key, fb[key])]
      return {
        key,
        name: FIGURES[key].name,
        unit: FIGURES[key].unit,
        base: then,
        year: now,
        change: now === null || then === null ? null : shown(key, fy[key]! - fb[key]!),
        rate:
          now === null || then === null || fb[key] === 0 ? null : Math.round(((fy[key]! - fb[key]!) / Math.abs(fb[key]!)) * 10000) / 100,
      }
    }),
  }
}

/** 公示名单: the public list of a batch put to 公示 (or published), ordered by county, scale and rank. */
export async function publicityList(db: Db, scope: DataScope, batchId: number) {
  const b = await batch(db, scope, batchId)
  if (b.state === '试算') throw problem('batchId', '批次尚未公示，公示后才能导出公示名单')
  const r = await db.query<{
    name: string
    credit_code: string
    county_name: string | null
    scale: string
    total: number
    rank: number
    group_size: number
    class: string
  }>(
    `SELECT e.name, e.credit_code, c.name AS county_name, x.scale, x.total, x.rank, x.group_size, x.class
     FROM appraisal_result x JOIN enterprise e ON e.id = x.enterprise_id LEFT JOIN region c ON c.code = e.county_code
     WHERE x.batch_id = $1 ORDER BY x.scale, x.rank`,
    [b.id],
  )
  return { batch: b, rows: r.rows }
}
