/**
 * 加分 / 减分 / 一票否决 events of an enterprise's year (docs/domain.md "亩均效益评价"): each names one
 * item of the model in force for the enterprise's county and year and says on what ground it was
 * recorded (依据 and its date). Added, edited with a reason and deleted with a reason; every change
 * is kept in appraisal_event_change. The next 试算 reads the events as they stand (run.ts
 * `readSubjects`); a published batch keeps what it read.
 */
import type { Page } from '../../../domain/contracts/envelope'
import type { AuthUser } from '../../auth/session'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { badRequest, conflict, notFound } from '../../http/errors'
import { modelInForce } from './run'
import { assertStatYear, enterpriseInScope } from './service'

const problem = (field: string, message: string) => badRequest(message, [{ field, message }])

/** One event as listed. */
export interface EventRow {
  id: number
  enterpriseId: number
  enterpriseName: string
  creditCode: string
  countyName: string | null
  year: number
  name: string
  kind: '加分' | '减分' | '一票否决' | '未列入模型'
  points: number | null
  evidence: string
  evidenceDate: string | null
  note: string
  updatedBy: string
  updatedAt: string | null
}

/** The 加减分 and 一票否决 items of the models in force for a county and year (both scales). */
export async function itemsOf(
  db: Db,
  county: string,
  year: number,
): Promise<{ name: string; kind: EventRow['kind']; points: number | null }[]> {
  const out = new Map<string, { name: string; kind: EventRow['kind']; points: number | null }>()
  for (const scale of ['规上', '规下'] as const) {
    const m = (await modelInForce(db, county, scale, year)).spec
    for (const b of m.bonus)
      if (!out.has(b.name)) out.set(b.name, { name: b.name, kind: b.points >= 0 ? '加分' : '减分', points: b.points })
    for (const v of m.vetoes) if (!out.has(v)) out.set(v, { name: v, kind: '一票否决', points: null })
  }
  return [...out.values()]
}

interface EventDbRow {
  id: number
  enterprise_id: number
  enterprise_name: string
  credit_code: string
  county_code: string | null
  county_name: string | null
  year: number
  name: string
  evidence: string
  evidence_date: string | null
  note: string
  updated_by: string
  updated_at: Date | null
}

/** The events of a year in the scope, each with what it counts for in its county's model. */
export async function list(
  db: Db,
  scope: DataScope,
  year: number,
  f: { keyword?: string; name?: string },
  args: PageArgs,
): Promise<Page<EventRow>> {
  const where = new Where().add('ev.year = ?', year).add('NOT e.deleted')
  where.raw(scopeCondition(scope, 'e', where.params))
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.name, 'ev.name = ?')
  const page = await queryPage<EventDbRow>(
    db,
    {
      select: `ev.id, ev.enterprise_id, e.name AS enterprise_name, e.credit_code, e.county_code, c.name AS county_name, ev.year::int AS year, ev.name,
        ev.evidence, to_char(ev.evidence_date, 'YYYY-MM-DD') AS evidence_date, ev.note, ev.updated_by, ev.updated_at`,
      from: `appraisal_event ev JOIN enterprise e ON e.id = ev.enterprise_id LEFT JOIN region c ON c.code = e.county_code`,
      where,
      order: orderBy(args, { name: 'ev.name', enterprise: 'e.name' }, 'e.county_code, e.name, ev.name, ev.id'),
    },
    args,
  )
  const items = new Map<string, Awaited<ReturnType<typeof itemsOf>>>()
  const rows: EventRow[] = []
  for (const r of page.list) {
    const county = r.county_code ?? ''
    if (!items.has(county)) items.set(county, county ? await itemsOf(db, county, year) : [])
    const it = items.get(county)!.find((x) => x.name === r.name)
    rows.push({
      id: r.id,
      enterpriseId: r.enterprise_id,
      enterpriseName: r.enterprise_name,
      creditCode: r.credit_code,
      countyName: r.county_name,
      year: r.year,
      name: r.name,
      kind: it?.kind ?? '未列入模型',
      points: it?.points ?? null,
      evidence: r.evidence,
      evidenceDate: r.evidence_date,
      note: r.note,
      updatedBy: r.updated_by,
      updatedAt: iso(r.updated_at),
    })
  }
  return { ...page, list: rows }
}

type EventFields = { enterpriseId: number; year: number; name: string; evidence: string; evidenceDate?: string; note: string }

const snapshot = (f: { name: string; evidence: string; evidenceDate?: string | null; note: string }) => ({
  name: f.name,
  evidence: f.evidence,
  evidenceDate: f.evidenceDate ?? null,
  note: f.note,
})

/** 新增 or 修改 (with a reason) one event; the change is kept. Validates everything before writing. */
export async function save(db: Db, scope: DataScope, f: EventFields & { id?: number; reason?: string }, actor: AuthUser) {
  await assertStatYear(db, f.year)
  const e = await enterpriseInScope(db, scope, f.enterpriseId)
  if (!e.county_code) throw problem('enterpriseId', '该企业未落区县，不参加亩均效益评价')
  const items = await itemsOf(db, e.county_code, f.year)
  if (!items.some((x) => x.name === f.name)) {
    throw problem(
      'name',
      `事项 name 应为该区县${f.year}年评价模型中的加减分或一票否决事项（${items.map((x) => x.name).join('、') || '无'}）`,
    )
  }
  if (f.evidenceDate && Number(f.evidenceDate.slice(0, 4)) > f.year + 1) {
    throw problem('evidenceDate', `依据日期 evidenceDate 不能晚于评价年度的次年（${f.year + 1}年）`)
  }
  let before: (ReturnType<typeof snapshot> & { enterprise_id: number; year: number }) | undefined
  if (f.id !== undefined) {
    if (!f.reason?.trim()) throw problem('reason', '修改原因 reason 不能为空')
    const r = await db.query<{
      enterprise_id: number
      year: number
      name: string
      evidence: string
      evidence_date: string | null
      note: string
    }>(
      `SELECT enterprise_id, year::int AS year, name, evidence, to_char(evidence_date, 'YYYY-MM-DD') AS evidence_date, note FROM appraisal_event WHERE id = $1`,
      [f.id],
    )
    const old = r.rows[0]
    if (!old) throw notFound(`事项 ${f.id} 不存在`)
    await enterpriseInScope(db, scope, old.enterprise_id)
    if (old.enterprise_id !== f.enterpriseId || old.year !== f.year) {
      throw problem('enterpriseId', '修改事项时不能更换企业或年度，请删除后重新登记')
    }
    before = { ...snapshot({ ...old, evidenceDate: old.evidence_date }), enterprise_id: old.enterprise_id, year: old.year }
  }
  const dup = await db.query<{ id: number }>('SELECT id FROM appraisal_event WHERE enterprise_id = $1 AND year = $2 AND name = $3', [
    f.enterpriseId,
    f.year,
    f.name,
  ])
  if (dup.rows[0] && dup.rows[0].id !== f.id) throw conflict(`${e.name} ${f.year}年已登记「${f.name}」，请修改原记录`)
  return db.transaction(async (tx) => {
    let id: number
    if (f.id === undefined) {
      const r = await tx.query<{ id: number }>(
        `INSERT INTO appraisal_event (enterprise_id, year, name, evidence, evidence_date, note, created_by, updated_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING id`,
        [f.enterpriseId, f.year, f.name, f.evidence, f.evidenceDate ?? null, f.note, actor.realName],
      )
      id = r.rows[0].id
    } else {
      id = f.id
      await tx.query(
        `UPDATE appraisal_event SET name = $2, evidence = $3, evidence_date = $4, note = $5, updated_by = $6, updated_at = now() WHERE id = $1`,
        [id, f.name, f.evidence, f.evidenceDate ?? null, f.note, actor.realName],
      )
    }
    await tx.query(
      `INSERT INTO appraisal_event_change (event_id, enterprise_id, year, action, before, after, reason, actor) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        f.enterpriseId,
        f.year,
        f.id === undefined ? '新增' : '修改',
        before ? JSON.stringify(snapshot(before)) : null,
        JSON.stringify(snapshot(f)),
        f.reason?.trim() ?? '',
        actor.realName,
      ],
    )
    return { id, enterpriseName: e.name }
  })
}

/** 删除 one event with its reason; the event as it was is kept in the changes. */
export async function remove(db: Db, scope: DataScope, f: { id: number; reason: string }, actor: AuthUser) {
  const r = await db.query<{
    enterprise_id: number
    year: number
    name: string
    evidence: string
    evidence_date: string | null
    note: string
  }>(
    `SELECT enterprise_id, year::int AS year, name, evidence, to_char(evidence_date, 'YYYY-MM-DD') AS evidence_date, note FROM appraisal_event WHERE id = $1`,
    [f.id],
  )
  const old = r.rows[0]
  if (!old) throw notFound(`事项 ${f.id} 不存在`)
  const e = await enterpriseInScope(db, scope, old.enterprise_id)
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM appraisal_event WHERE id = $1', [f.id])
    await tx.query(
      `INSERT INTO appraisal_event_change (event_id, enterprise_id, year, action, before, after, reason, actor) VALUES ($1, $2, $3, '删除', $4, NULL, $5, $6)`,
      [f.id, old.enterprise_id, old.year, JSON.stringify(snapshot({ ...old, evidenceDate: old.evidence_date })), f.reason, actor.realName],
    )
  })
  return { name: old.name, enterpriseName: e.name, year: old.year }
}

/** The changes of an enterprise's events in a year, newest first. */
export async function history(db: Db, scope: DataScope, enterpriseId: number, year: number) {
  await enterpriseInScope(db, scope, enterpriseId)
  const r = await db.query<{
    id: number
    event_id: number
    action: string
    before: Record<string, unknown> | null
    after: Record<string, unknown> | null
    reason: string
    actor: string
    at: Date
  }>(
    `SELECT id, event_id, action, before, after, reason, actor, at FROM appraisal_event_change WHERE enterprise_id = $1 AND year = $2 ORDER BY at DESC, id DESC`,
    [enterpriseId, year],
  )
  return r.rows.map((x) => ({
    id: Number(x.id),
    eventId: x.event_id,
    action: x.action,
    before: x.before,
    after: x.after,
    reason: x.reason,
    actor: x.actor,
    at: iso(x.at),
  }))
}
