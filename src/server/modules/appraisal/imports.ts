/**
 * 亩均效益评价 imports (issue 15): the yearly inputs of one source department (税务, 统计, 电力 …) and the
 * norms, read from an xlsx through the project's one reader (parsed in a worker thread). Every row is
 * checked first; any bad cell refuses the whole file with each error named by its row and column, and
 * nothing is written. A good file is written in one transaction: changed inputs keep their old value
 * in the correction history (the reason names the file), and each input records its source and date.
 * A value of a closed year (its county's batch published) is not written: it is filed as a 更正
 * 待审定, one per changed value (./restatement.ts).
 */
import { INPUT_ITEMS, type InputItem } from '../../../domain/contracts/appraisal'
import { FIGURES } from '../../../domain/figures/catalogue'
import { MODEL_INDICATOR_KEYS, indicatorName } from '../../../domain/appraisal-run'
import type { AuthUser } from '../../auth/session'
import { regionInScope, scopeCondition, type DataScope } from '../../auth/data-scope'
import { proposeNorms } from './norm-change'
import type { Db } from '../../db/engine'
import { badRequest } from '../../http/errors'
import type { SourceReader } from '../datacenter-import/source/types'
import { statYears } from '../../common/stat-years'
import * as restatement from './restatement'

/** One refused cell: the Excel row number, the column header and the rule. */
export interface ImportProblem {
  row: number
  column: string
  message: string
}

/** Most errors listed in one answer (the file is refused at the first anyway). */
const MAX_PROBLEMS = 50
/** Most data rows one import takes. */
export const MAX_APPRAISAL_IMPORT_ROWS = 100_000

export const CREDIT_HEADER = '统一社会信用代码'
export const NAME_HEADER = '企业名称'
export const DATE_HEADER = '报送日期'

/** The template column of an input: its name and unit. */
export const inputHeader = (item: InputItem) => `${INPUT_ITEMS[item].name}（${INPUT_ITEMS[item].unit}）`

/** The inputs a source department reports. */
export const itemsOfSource = (source: string): InputItem[] =>
  (Object.keys(INPUT_ITEMS) as InputItem[]).filter((k) => INPUT_ITEMS[k].source === source)

/** The header note of an input: where it comes from and which catalogue indicators it feeds. */
export function inputNote(item: InputItem): string {
  const name = INPUT_ITEMS[item].name
  const feeds = MODEL_INDICATOR_KEYS.filter((k) => {
    const f = FIGURES[k] as { kind?: string; numerator?: { name: string }; denominator?: { name: string } }
    return f.kind === 'ratio' && (f.numerator?.name === name || f.denominator?.name === name)
  }).map((k) => indicatorName(k))
  return `${name}（${INPUT_ITEMS[item].unit}），来源：${INPUT_ITEMS[item].source}${feeds.length ? `；用于评价指标：${feeds.join('、')}` : ''}`
}

/** 400 listing the refused cells (row and column); nothing was written. */
function refused(problems: ImportProblem[], total: number): Error {
  const shown = problems.slice(0, MAX_PROBLEMS)
  const head = shown
    .slice(0, 3)
    .map((p) => `第${p.row}行「${p.column}」${p.message}`)
    .join('；')
  return badRequest(
    `导入文件有 ${total} 处错误，未导入任何数据：${head}${total > 3 ? ' …' : ''}`,
    shown.map((p) => ({ field: `第${p.row}行·${p.column}`, message: p.message })),
  )
}

const text = (v: unknown): string => (v === null || v === undefined ? '' : String(v).trim())

/** A number cell: null when empty, NaN when not a number. */
function numberCell(v: unknown): number | null {
  if (v === null || v === undefined || text(v) === '') return null
  if (typeof v === 'number') return v
  const n = Number(text(v).replace(/,/g, ''))
  return Number.isFinite(n) ? n : Number.NaN
}

/** Reads every row of a source into memory (bounded) and checks the headers it must have. */
async function readRows(reader: SourceReader, required: string[]): Promise<{ line: number; values: Record<string, unknown> }[]> {
  if (reader.format !== 'xlsx')
    throw badRequest('请上传 Excel（.xlsx）文件，可先下载导入模板', [{ field: 'file', message: '应为 .xlsx 文件' }])
  const missing = required.filter((h) => !reader.headers.includes(h))
  if (missing.length)
    throw badRequest(`导入文件缺少列：${missing.join('、')}（第1行应为模板的列名，请下载导入模板）`, [
      { field: 'file', message: `缺少列 ${missing.join('、')}` },
    ])
  const rows: { line: number; values: Record<string, unknown> }[] = []
  for await (const r of reader.rows()) {
    if (Object.values(r.values).every((v) => v === null || text(v) === '')) continue
    if (rows.length >= MAX_APPRAISAL_IMPORT_ROWS)
      throw badRequest(`导入文件超过 ${MAX_APPRAISAL_IMPORT_ROWS} 行，请拆分后分批导入`, [{ field: 'file', message: '行数超过上限' }])
    rows.push({ line: r.line, values: r.values })
  }
  if (rows.length === 0) throw badRequest('导入文件没有数据行（第2行起填写数据）', [{ field: 'file', message: '没有数据行' }])
  return rows
}

/**
 * 按来源导入: the inputs of `source` for `year`, matched by 统一社会信用代码 to enterprises in the
 * scope. An empty cell leaves that input as it is.
 */
export async function importInputs(
  db: Db,
  scope: DataScope,
  f: { source: string; year: number; fileName: string },
  reader: SourceReader,
  actor: AuthUser,
): Promise<{ rows: number; changed: number; unchanged: number; restated: number }> {
  const items = itemsOfSource(f.source)
  const rows = await readRows(reader, [CREDIT_HEADER])
  if (!items.some((i) => reader.headers.includes(inputHeader(i)))) {
    throw badRequest(`导入文件缺少${f.source}的指标列：${items.map(inputHeader).join('、')}（请下载${f.source}导入模板）`, [
      { field: 'file', message: `缺少${f.source}的指标列` },
    ])
  }
  const codes = [...new Set(rows.map((r) => text(r.values[CREDIT_HEADER]).toUpperCase()).filter(Boolean))]
  const params: unknown[] = [codes, f.year]
  const known = await db.query<{ id: number; credit_code: string; county_code: string | null } & Record<string, number | null>>(
    `SELECT e.id, e.credit_code, e.county_code, ${items.map((i) => `y.${i}::float8 AS ${i}`).join(', ')}, (y.id IS NOT NULL) AS has_year
     FROM enterprise e LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = $2
     WHERE e.credit_code = ANY($1::text[]) AND NOT e.deleted AND ${scopeCondition(scope, 'e', params)}`,
    params,
  )
  const byCode = new Map(known.rows.map((r) => [r.credit_code.toUpperCase(), r]))

  // a closed county-year (its batch published) is not written: its changes go to 审定 as 更正
  const closed = await restatement.closedCounties(db, f.year)
  const waiting = await db.query<{ enterprise_id: number; item: string }>(
    `SELECT enterprise_id, item FROM appraisal_restatement WHERE year = $1 AND status = '待审定' AND enterprise_id = ANY($2::int[])`,
    [f.year, known.rows.map((r) => r.id)],
  )
  const isWaiting = new Set(waiting.rows.map((w) => `${w.enterprise_id}|${w.item}`))
  const problems: ImportProblem[] = []
  const seen = new Map<string, number>()
  const changes: { enterprise_id: number; item: InputItem; old: number | null; value: number; date: string | null }[] = []
  const restate: restatement.RestatementFiling[] = []
  let unchanged = 0
  const today = new Date().toISOString().slice(0, 10)
  for (const r of rows) {
    const code = text(r.values[CREDIT_HEADER]).toUpperCase()
    const e = byCode.get(code)
    if (!code) problems.push({ row: r.line, column: CREDIT_HEADER, message: '不能为空' })
    else if (seen.has(code)) problems.push({ row: r.line, column: CREDIT_HEADER, message: `与第${seen.get(code)}行重复` })
    else if (!e) problems.push({ row: r.line, column: CREDIT_HEADER, message: `${code} 不是本账号数据范围内的企业` })
    if (code && !seen.has(code)) seen.set(code, r.line)
    let date: string | null = null
    const rawDate = text(r.values[DATE_HEADER])
    if (rawDate) {
      const d = rawDate.slice(0, 10).replace(/\//g, '-')
      if (!/^\d{4}-\d{2}-\d{2}$/.test(d) || Number.isNaN(Date.parse(d))) {
        problems.push({ row: r.line, column: DATE_HEADER, message: '应为日期，如 2025-03-31' })
      } else if (d > today) problems.push({ row: r.line, column: DATE_HEADER, message: '不能晚于今天' })
      else date = d
    }
    for (const item of items) {
      const column = inputHeader(item)
      const v = numberCell(r.values[column])
      if (v === null) continue
      if (Number.isNaN(v)) problems.push({ row: r.line, column, message: '应为数字' })
      else if (v < 0 && item !== 'value_added') problems.push({ row: r.line, column, message: '不能为负数' })
      else if (item === 'employees' && !Number.isInteger(v)) problems.push({ row: r.line, column, message: '应为整数' })
      else if (e) {
        const old = e[item] ?? null
        const batchId = e.county_code ? closed.get(e.county_code) : undefined
        if (old !== null && Math.abs(old - v) < 1e-9) unchanged++
        else if (batchId === undefined) changes.push({ enterprise_id: e.id, item, old, value: v, date })
        else if (isWaiting.has(`${e.id}|${item}`))
          problems.push({ row: r.line, column, message: '该年度评价已发布，此项已有待审定的更正，请待审定后再导入' })
        else
          restate.push({
            enterpriseId: e.id,
            countyCode: e.county_code as string,
            year: f.year,
            batchId,
            item,
            oldValue: old,
            value: v,
            reason: `${f.source}导入：${f.fileName}`,
            reportedDate: date,
          })
      }
    }
  }
  if (problems.length) throw refused(problems, problems.length)

  await db.transaction(async (tx) => {
    await restatement.fileRestatements(tx, actor, restate, '导入')
    for (const item of items) {
      const of = changes.filter((c) => c.item === item)
      if (!of.length) continue
      await tx.query(
        `INSERT INTO enterprise_yearly (enterprise_id, year, ${item})
         SELECT r.enterprise_id, $1, r.value FROM json_to_recordset($2::json) AS r(enterprise_id int, value float8)
         ON CONFLICT (enterprise_id, year) DO UPDATE SET ${item} = EXCLUDED.${item}, updated_at = now()`,
        [f.year, JSON.stringify(of.map((c) => ({ enterprise_id: c.enterprise_id, value: c.value })))],
      )
    }
    await tx.query(
      `INSERT INTO appraisal_input_source (enterprise_id, year, item, source, reported_date, updated_by)
       SELECT r.enterprise_id, $1, r.item, $2, COALESCE(r.date, current_date), $3 FROM json_to_recordset($4::json) AS r(enterprise_id int, item varchar, date date)
       ON CONFLICT (enterprise_id, year, item) DO UPDATE SET source = EXCLUDED.source, reported_date = EXCLUDED.reported_date,
         updated_by = EXCLUDED.updated_by, updated_at = now()`,
      [
        f.year,
        f.source,
        actor.realName,
        JSON.stringify(changes.map((c) => ({ enterprise_id: c.enterprise_id, item: c.item, date: c.date }))),
      ],
    )
    // a first report is not a correction; a changed value keeps what it was
    const corrected = changes.filter((c) => c.old !== null)
    if (corrected.length) {
      await tx.query(
        `INSERT INTO appraisal_input_correction (enterprise_id, year, item, old_value, new_value, reason, actor)
         SELECT r.enterprise_id, $1, r.item, r.old, r.value, $2, $3 FROM json_to_recordset($4::json) AS r(enterprise_id int, item varchar, old float8, value float8)`,
        [f.year, `${f.source}导入：${f.fileName}`.slice(0, 500), actor.realName, JSON.stringify(corrected)],
      )
    }
  })
  return { rows: rows.length, changed: changes.length, unchanged, restated: restate.length }
}

/** The columns of the norms export, which the import reads back. */
export const NORM_HEADERS = {
  county: '区县代码',
  countyName: '区县',
  year: '年度',
  division: '行业大类',
  indicator: '指标',
  value: '基准值',
}

/** 评价标准导入: rows of 区县代码 × 年度 × 行业大类 × 指标 → 基准值 (insert or replace), all or nothing. */
export async function importNorms(db: Db, scope: DataScope, reader: SourceReader, actor: AuthUser): Promise<{ rows: number }> {
  const H = NORM_HEADERS
  const rows = await readRows(reader, [H.county, H.year, H.division, H.indicator, H.value])
  const years = new Set(await statYears(db))
  const counties = [...new Set(rows.map((r) => text(r.values[H.county])).filter(Boolean))]
  const levels = await db.query<{ code: string; level: string }>('SELECT code, level FROM region WHERE code = ANY($1::text[])', [counties])
  const countyOk = new Map<string, string | null>()
  for (const c of counties) {
    const level = levels.rows.find((x) => x.code === c)?.level
    if (level !== 'county') countyOk.set(c, '不是区县代码')
    else countyOk.set(c, (await regionInScope(db, scope, c)) ? null : '不在本账号的数据范围内')
  }
  const byName = new Map<string, string>(
    MODEL_INDICATOR_KEYS.flatMap((k) => [[indicatorName(k), k] as [string, string], [k, k] as [string, string]]),
  )
  const problems: ImportProblem[] = []
  const seen = new Map<string, number>()
  const out: { county: string; year: number; division: string; indicator: string; value: number }[] = []
  for (const r of rows) {
    const county = text(r.values[H.county])
    const year = numberCell(r.values[H.year])
    const division = text(r.values[H.division]).toUpperCase()
    const indicator = byName.get(text(r.values[H.indicator]))
    const value = numberCell(r.values[H.value])
    const before = problems.length
    if (!county) problems.push({ row: r.line, column: H.county, message: '不能为空' })
    else if (countyOk.get(county)) problems.push({ row: r.line, column: H.county, message: `${county} ${countyOk.get(county)}` })
    if (year === null || Number.isNaN(year) || !years.has(year))
      problems.push({
        row: r.line,
        column: H.year,
        message: `应为有企业年度指标的年度（${[...years][0] ?? '—'}–${[...years].at(-1) ?? '—'}）`,
      })
    if (!/^[A-T][0-9]{2}$/.test(division))
      problems.push({ row: r.line, column: H.division, message: '应为 GB/T 4754 行业大类代码，如 C34' })
    if (!indicator)
      problems.push({
        row: r.line,
        column: H.indicator,
        message: `应为评价指标之一：${MODEL_INDICATOR_KEYS.map(indicatorName).join('、')}`,
      })
    if (value === null || Number.isNaN(value) || !(value > 0)) problems.push({ row: r.line, column: H.value, message: '应为大于0的数字' })
    if (problems.length > before) continue
    const key = `${county}|${year}|${division}|${indicator}`
    if (seen.has(key)) {
      problems.push({ row: r.line, column: H.indicator, message: `与第${seen.get(key)}行重复（同一区县、年度、行业和指标）` })
      continue
    }
    seen.set(key, r.line)
    out.push({ county, year: year as number, division, indicator: indicator as string, value: value as number })
  }
  if (problems.length) throw refused(problems, problems.length)
  // one change 待审定 per county and year (in force once another account approves it)
  await db.transaction(async (tx) => {
    const groups = new Map<string, typeof out>()
    for (const r of out) groups.set(`${r.county}|${r.year}`, [...(groups.get(`${r.county}|${r.year}`) ?? []), r])
    for (const rows of groups.values())
      await proposeNorms(tx, actor, { countyCode: rows[0].county, year: rows[0].year, rows, note: '导入评价标准' })
  })
  return { rows: out.length }
}
