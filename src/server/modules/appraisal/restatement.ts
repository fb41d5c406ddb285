/**
 * Closed years and their 更正 (restatement; docs/domain.md "Closed years"): once a county's 亩均 batch
 * of a year is published, that county-year's inputs are closed — what was published is kept
 * (`appraisal_published_input`, written when the batch becomes 发布) and a change of an input is
 * filed 待审定 with its reason and filer. It reaches `enterprise_yearly` (with the correction
 * history row) only when another account holding 评价审定 approves it; 退回 needs a reason. Published
 * results never move. Every step is in the 办理记录 (subject `restatement`).
 */
import {
  INPUT_ITEMS,
  type ClosedYear,
  type InputItem,
  type PendingApproval,
  type Restatement,
  type RestatementMarks,
} from '../../../domain/contracts/appraisal'
import type { AuthUser } from '../../auth/session'
import { regionInScope, scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { AppError, badRequest, notFound } from '../../http/errors'
import { assertSecondAccount, recordStep } from '../../common/proceeding'

/** The published batch that closed a county's year, or null while the year is open. */
export async function closedYear(db: Db, countyCode: string | null, year: number): Promise<ClosedYear | null> {
  if (!countyCode) return null
  const r = await db.query<{ id: number; version: number; published_at: Date | null }>(
    `SELECT id, version, published_at FROM appraisal_batch WHERE county_code = $1 AND year = $2 AND state = '发布'`,
    [countyCode, year],
  )
  return r.rows[0] ? { batchId: r.rows[0].id, version: r.rows[0].version, publishedAt: iso(r.rows[0].published_at) } : null
}

/** The published batch of each closed county of a year: county → batch id. */
export async function closedCounties(db: Db, year: number): Promise<Map<string, number>> {
  const r = await db.query<{ county_code: string; id: number }>(
    `SELECT county_code, id FROM appraisal_batch WHERE year = $1 AND state = '发布'`,
    [year],
  )
  return new Map(r.rows.map((x) => [x.county_code, x.id]))
}

/** The inputs of an enterprise's closed year as published (null values: not reported then; no row: not published). */
export async function publishedInputs(db: Db, enterpriseId: number, year: number): Promise<Record<InputItem, number | null> | null> {
  const r = await db.query<Record<InputItem, number | null>>(
    `SELECT tax, value_added, revenue, rd_expense, energy, emissions, employees, land_area_m2
     FROM appraisal_published_input WHERE enterprise_id = $1 AND year = $2`,
    [enterpriseId, year],
  )
  return r.rows[0] ?? null
}

/** A 更正 to file: one input of an enterprise's closed year. */
export interface RestatementFiling {
  enterpriseId: number
  countyCode: string
  year: number
  batchId: number
  item: InputItem
  oldValue: number | null
  value: number
  reason: string
  reportedDate?: string | null
}

const pendingTaken = (item: InputItem) =>
  new AppError(409, `该企业本年度的${INPUT_ITEMS[item].name}已有待审定的更正，请待评价审定通过或退回后再提交`)

/**
 * Files 更正 待审定 in `tx` (one statement for any number), each with its 办理记录 step; answers their
 * ids. Refuses (409) an input that has a 更正 waiting already.
 */
export async function fileRestatements(tx: Db, actor: AuthUser, rows: RestatementFiling[], note?: string): Promise<number[]> {
  if (!rows.length) return []
  const taken = await tx.query<{ item: InputItem }>(
    `SELECT r.item FROM appraisal_restatement r JOIN json_to_recordset($1::json) AS f(enterprise_id int, year int, item varchar)
       ON f.enterprise_id = r.enterprise_id AND f.year = r.year AND f.item = r.item WHERE r.status = '待审定' LIMIT 1`,
    [JSON.stringify(rows.map((r) => ({ enterprise_id: r.enterpriseId, year: r.year, item: r.item })))],
  )
  if (taken.rows[0]) throw pendingTaken(taken.rows[0].item)
  const r = await tx.query<{ id: number }>(
    `WITH f AS (
       SELECT * FROM json_to_recordset($1::json) AS f(enterprise_id int, county_code varchar, year int, batch_id int, item varchar,
         old_value float8, new_value float8, reason varchar, reported_date date)
     ), ins AS (
       INSERT INTO appraisal_restatement (enterprise_id, year, county_code, batch_id, item, published_value, old_value, new_value, reason,
         reported_date, created_by, created_user_id)
       SELECT f.enterprise_id, f.year, f.county_code, f.batch_id, f.item,
         CASE f.item WHEN 'tax' THEN p.tax WHEN 'value_added' THEN p.value_added WHEN 'revenue' THEN p.revenue WHEN 'rd_expense' THEN p.rd_expense
           WHEN 'energy' THEN p.energy WHEN 'emissions' THEN p.emissions WHEN 'employees' THEN p.employees ELSE p.land_area_m2 END,
         f.old_value, f.new_value, f.reason, f.reported_date, $2, $3
       FROM f LEFT JOIN appraisal_published_input p ON p.enterprise_id = f.enterprise_id AND p.year = f.year
       RETURNING id, item, old_value, new_value
     )
     INSERT INTO proceeding_step (subject, subject_id, action, from_state, to_state, actor_id, actor, note)
     SELECT 'restatement', ins.id, '提交更正', '', '待审定', $3, $2, left($4::text || COALESCE(ins.old_value::text, '空') || ' → ' || ins.new_value::text, 500)
     FROM ins RETURNING subject_id AS id`,
    [
      JSON.stringify(
        rows.map((x) => ({
          enterprise_id: x.enterpriseId,
          county_code: x.countyCode,
          year: x.year,
          batch_id: x.batchId,
          item: x.item,
          old_value: x.oldValue,
          new_value: x.value,
          reason: x.reason.trim().slice(0, 500),
          reported_date: x.reportedDate ?? null,
        })),
      ),
      actor.realName,
      actor.id,
      note ? `${note}：` : '',
    ],
  )
  return r.rows.map((x) => Number(x.id)).sort((a, b) => a - b)
}

interface RestatementRow {
  id: number
  enterprise_id: number
  enterprise_name: string
  county_code: string
  county_name: string | null
  year: number
  batch_id: number
  item: InputItem
  published_value: number | null
  old_value: number | null
  new_value: number
  reason: string
  reported_date: string | null
  status: Restatement['status']
  created_by: string
  created_user_id: number | null
  created_at: Date
  decided_by: string
  decided_at: Date | null
  decision_note: string
}

const SELECT = `SELECT r.id, r.enterprise_id, e.name AS enterprise_name, r.county_code, c.name AS county_name, r.year::int AS year, r.batch_id,
    r.item, r.published_value, r.old_value, r.new_value, r.reason, to_char(r.reported_date, 'YYYY-MM-DD') AS reported_date, r.status,
    r.created_by, r.created_user_id, r.created_at, r.decided_by, r.decided_at, r.decision_note
  FROM appraisal_restatement r JOIN enterprise e ON e.id = r.enterprise_id LEFT JOIN region c ON c.code = r.county_code`

const restatementOf = (r: RestatementRow): Restatement => ({
  id: r.id,
  enterpriseId: r.enterprise_id,
  enterpriseName: r.enterprise_name,
  countyName: r.county_name,
  year: r.year,
  batchId: r.batch_id,
  item: r.item,
  itemName: INPUT_ITEMS[r.item].name,
  unit: INPUT_ITEMS[r.item].unit,
  publishedValue: r.published_value,
  oldValue: r.old_value,
  newValue: r.new_value,
  reason: r.reason,
  status: r.status,
  createdBy: r.created_by,
  createdAt: iso(r.created_at) as string,
  decidedBy: r.decided_by,
  decidedAt: iso(r.decided_at),
  decisionNote: r.decision_note,
})

/** Approved 更正 still standing: the batch that closed the year is the published one (a later version publishes them). */
const STANDING = `r.status = '已更正' AND EXISTS (SELECT 1 FROM appraisal_batch b WHERE b.id = r.batch_id AND b.state = '发布')`

/** Every 更正 of an enterprise's year, newest first (the enterprise is the caller's to see). */
export async function ofEnterprise(db: Db, enterpriseId: number, year: number): Promise<Restatement[]> {
  const r = await db.query<RestatementRow>(`${SELECT} WHERE r.enterprise_id = $1 AND r.year = $2 ORDER BY r.id DESC`, [enterpriseId, year])
  return r.rows.map(restatementOf)
}

/** The standing approved 更正 of some enterprises in a year: enterprise → its 更正 (the marks of list rows). */
export async function marksOf(db: Db, year: number, enterpriseIds: number[]): Promise<Map<number, Restatement[]>> {
  const out = new Map<number, Restatement[]>()
  if (!enterpriseIds.length) return out
  const r = await db.query<RestatementRow>(
    `${SELECT} WHERE r.year = $1 AND r.enterprise_id = ANY($2::int[]) AND ${STANDING} ORDER BY r.decided_at, r.id`,
    [year, enterpriseIds],
  )
  for (const x of r.rows) out.set(x.enterprise_id, [...(out.get(x.enterprise_id) ?? []), restatementOf(x)])
  return out
}

/** Whether standing approved 更正 touch a scope's year — the count, the enterprises and the list — for "含已更正数据". */
export async function marks(db: Db, scope: DataScope, year: number): Promise<RestatementMarks> {
  const params: unknown[] = [year]
  const r = await db.query<RestatementRow>(
    `${SELECT} WHERE r.year = $1 AND ${STANDING} AND ${scopeCondition(scope, 'e', params)} ORDER BY r.decided_at DESC, r.id DESC`,
    params,
  )
  return {
    year,
    count: r.rows.length,
    enterprises: new Set(r.rows.map((x) => x.enterprise_id)).size,
    list: r.rows.map(restatementOf),
  }
}

const fmt = (v: number | null) => (v === null ? '空' : String(v))

/** The 更正 waiting for 审定 in the scope, as items of the 评价审定 work list. */
export async function pending(db: Db, scope: DataScope, actor: AuthUser): Promise<PendingApproval[]> {
  const r = await db.query<RestatementRow>(`${SELECT} WHERE r.status = '待审定' ORDER BY r.created_at, r.id`)
  const out: PendingApproval[] = []
  for (const x of r.rows) {
    if (!(await regionInScope(db, scope, x.county_code))) continue
    const meta = INPUT_ITEMS[x.item]
    out.push({
      kind: 'restatement',
      id: x.id,
      countyCode: x.county_code,
      countyName: x.county_name ?? x.county_code,
      year: x.year,
      title: `${x.enterprise_name} ${x.year}年${meta.name}更正（已发布年度）`,
      note: x.reason,
      createdBy: x.created_by,
      createdAt: iso(x.created_at) as string,
      diff: [
        {
          what: `${meta.name}（${meta.unit}），发布时为 ${fmt(x.published_value)}`,
          before: fmt(x.old_value),
          after: fmt(x.new_value),
        },
      ],
      own: x.created_user_id === actor.id,
    })
  }
  return out
}

/**
 * 审定 of a 更正: 通过 writes the new value to `enterprise_yearly` with its source date and the
 * correction history row (old value, reason, filer and approver) in this transaction; 退回 (with a
 * reason) leaves the value. Never by its filer (四眼, 422).
 */
export async function decide(
  db: Db,
  scope: DataScope,
  actor: AuthUser,
  f: { id: number; decision: '通过' | '退回'; note: string },
): Promise<string> {
  return db.transaction(async (tx) => {
    const r = await tx.query<RestatementRow>(`${SELECT} WHERE r.id = $1 FOR UPDATE OF r`, [f.id])
    const x = r.rows[0]
    if (!x || !(await regionInScope(tx, scope, x.county_code))) throw notFound(`更正 ${f.id} 不存在或不在本账号的数据范围内`)
    if (x.status !== '待审定') throw new AppError(409, `该更正已${x.status}，不能再审定`)
    assertSecondAccount(actor.id, [{ what: '提交了该更正', by: x.created_user_id }], '审定')
    const meta = INPUT_ITEMS[x.item]
    const next = f.decision === '通过' ? '已更正' : '退回'
    if (f.decision === '通过') {
      const now = await tx.query<{ v: number | null }>(
        `SELECT ${x.item}::float8 AS v FROM enterprise_yearly WHERE enterprise_id = $1 AND year = $2 FOR UPDATE`,
        [x.enterprise_id, x.year],
      )
      if (now.rows.length === 0) {
        await tx.query(`INSERT INTO enterprise_yearly (enterprise_id, year, ${x.item}) VALUES ($1, $2, $3)`, [
          x.enterprise_id,
          x.year,
          x.new_value,
        ])
      } else {
        await tx.query(`UPDATE enterprise_yearly SET ${x.item} = $3, updated_at = now() WHERE enterprise_id = $1 AND year = $2`, [
          x.enterprise_id,
          x.year,
          x.new_value,
        ])
      }
      const who = `${x.created_by}（${actor.realName}审定）`.slice(0, 64)
      await tx.query(
        `INSERT INTO appraisal_input_source (enterprise_id, year, item, source, reported_date, updated_by)
         VALUES ($1, $2, $3, $4, COALESCE($5::date, current_date), $6)
         ON CONFLICT (enterprise_id, year, item) DO UPDATE SET reported_date = EXCLUDED.reported_date, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [x.enterprise_id, x.year, x.item, meta.source, x.reported_date, who],
      )
      await tx.query(
        `INSERT INTO appraisal_input_correction (enterprise_id, year, item, old_value, new_value, reason, actor)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [x.enterprise_id, x.year, x.item, now.rows[0]?.v ?? null, x.new_value, x.reason, who],
      )
    }
    await tx.query(
      `UPDATE appraisal_restatement SET status = $2, decided_by = $3, decided_user_id = $4, decided_at = now(), decision_note = $5 WHERE id = $1`,
      [x.id, next, actor.realName, actor.id, f.note],
    )
    await recordStep(tx, actor, {
      subject: 'restatement',
      subjectId: x.id,
      action: `审定${f.decision}`,
      from: '待审定',
      to: next,
      note: f.note,
    })
    return f.decision === '通过'
      ? `已审定通过：${x.enterprise_name} ${x.year}年${meta.name} ${fmt(x.old_value)} → ${x.new_value}，标记为已更正（已发布的评价类别不变）`
      : `已退回 ${x.enterprise_name} ${x.year}年${meta.name}的更正`
  })
}

/** Whether a 更正 is the scope's to read (its 办理记录). */
export async function assertInScope(db: Db, scope: DataScope, id: number): Promise<void> {
  const r = await db.query<{ county_code: string }>('SELECT county_code FROM appraisal_restatement WHERE id = $1', [id])
  if (!r.rows[0] || !(await regionInScope(db, scope, r.rows[0].county_code))) throw notFound(`更正 ${id} 不存在或不在本账号的数据范围内`)
}

/** 400 of a 更正 that changes nothing. */
export const unchanged = (name: string) => badRequest(`数值 value 与现值相同，${name}无需更正`, [{ field: 'value', message: '与现值相同' }])
