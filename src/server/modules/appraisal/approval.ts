/**
 * 评价审定 (issue 28, docs/domain.md "Due process"): a model or a norm change is saved as a draft
 * 待审定 and changes nothing until another account holding 评价审定 approves it; 退回 sends it back
 * with a reason. The 更正 of a closed year wait in the same list (./restatement.ts). Every step is in
 * the 办理记录 of what it changed.
 */
import type { NormChangeItem, PendingApproval } from '../../../domain/contracts/appraisal'
import { modelDiff } from '../../../domain/appraisal-approval'
import { indicatorName } from '../../../domain/appraisal-run'
import type { AuthUser } from '../../auth/session'
import { regionInScope, type DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { AppError, badRequest, notFound } from '../../http/errors'
import { assertSecondAccount, recordStep, stepsOf, type ProceedingStep } from '../../common/proceeding'
import { modelInForce, specOf, type ModelRow } from './run'
import { batch } from './service'
import * as restatement from './restatement'

interface ModelDraftRow extends ModelRow {
  status: string
  note: string
  created_by: string
  created_user_id: number | null
  created_at: Date
  county_name: string | null
}

interface NormChangeRow {
  id: number
  county_code: string
  county_name: string
  year: number
  items: NormChangeItem[]
  note: string
  status: string
  created_by: string
  created_user_id: number | null
  created_at: Date
}

/** Whether a model of `county` (null: the province default) is the scope's to see and decide. */
async function modelInScope(db: Db, scope: DataScope, county: string | null): Promise<boolean> {
  if (county) return regionInScope(db, scope, county)
  return scope.kind === 'all' || (scope.kind === 'region' && scope.level === 'province')
}

/** What waits for 审定 in the scope: model drafts and norm change sets, oldest first. */
export async function pending(db: Db, scope: DataScope, actor: AuthUser): Promise<PendingApproval[]> {
  const models = await db.query<ModelDraftRow>(
    `SELECT m.*, r.name AS county_name FROM appraisal_model m LEFT JOIN region r ON r.code = m.county_code
     WHERE m.status = '待审定' ORDER BY m.created_at, m.id`,
  )
  const norms = await db.query<NormChangeRow>(
    `SELECT c.id, c.county_code, r.name AS county_name, c.year::int AS year, c.items, c.note, c.status, c.created_by, c.created_user_id, c.created_at
     FROM appraisal_norm_change c JOIN region r ON r.code = c.county_code WHERE c.status = '待审定' ORDER BY c.created_at, c.id`,
  )
  const out: PendingApproval[] = []
  for (const m of models.rows) {
    if (!(await modelInScope(db, scope, m.county_code))) continue
    const inForce = await modelInForce(db, m.county_code ?? '', m.scale, m.effective_year)
    out.push({
      kind: 'model',
      id: m.id,
      countyCode: m.county_code,
      countyName: m.county_name ?? '全省默认',
      year: m.effective_year,
      title: `${m.county_name ?? '全省默认'} ${m.scale}评价模型 第${m.version}版（${m.effective_year}年起）`,
      note: m.note,
      createdBy: m.created_by,
      createdAt: iso(m.created_at) as string,
      diff: modelDiff(inForce.spec, specOf(m)),
      own: m.created_user_id === actor.id,
    })
  }
  for (const c of norms.rows) {
    if (!(await regionInScope(db, scope, c.county_code))) continue
    out.push({
      kind: 'norm',
      id: c.id,
      countyCode: c.county_code,
      countyName: c.county_name,
      year: c.year,
      title: `${c.county_name} ${c.year}年评价标准（${c.items.length}项）`,
      note: c.note,
      createdBy: c.created_by,
      createdAt: iso(c.created_at) as string,
      diff: c.items.map((i) => ({
        what: `${i.division} ${indicatorName(i.indicator)}`,
        before: i.old === null ? '—' : String(i.old),
        after: String(i.new),
      })),
      own: c.created_user_id === actor.id,
    })
  }
  out.push(...(await restatement.pending(db, scope, actor)))
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** 审定: 通过 puts a model in force or applies a norm change; 退回 (with a reason) sends it back. Never by its author. */
export async function decide(
  db: Db,
  scope: DataScope,
  actor: AuthUser,
  f: { kind: 'model' | 'norm' | 'restatement'; id: number; decision: '通过' | '退回'; note: string },
): Promise<string> {
  if (f.decision === '退回' && !f.note.trim())
    throw badRequest('退回须填写审定意见 note', [{ field: 'note', message: '退回须填写审定意见' }])
  if (f.kind === 'restatement') return restatement.decide(db, scope, actor, f)
  const next = f.decision === '通过' ? '生效' : '退回'
  return db.transaction(async (tx) => {
    if (f.kind === 'model') {
      const r = await tx.query<ModelDraftRow>('SELECT m.*, NULL AS county_name FROM appraisal_model m WHERE m.id = $1 FOR UPDATE', [f.id])
      const m = r.rows[0]
      if (!m || !(await modelInScope(tx, scope, m.county_code))) throw notFound(`评价模型 ${f.id} 不存在或不在本账号的数据范围内`)
      if (m.status !== '待审定') throw new AppError(409, `该模型已${m.status}，不能再审定`)
      assertSecondAccount(actor.id, [{ what: '提交了该模型', by: m.created_user_id }], '审定')
      await tx.query(
        `UPDATE appraisal_model SET status = $2, approved_by = $3, approved_user_id = $4, approved_at = now(), decision_note = $5 WHERE id = $1`,
        [m.id, next, actor.realName, actor.id, f.note],
      )
      await recordStep(tx, actor, {
        subject: 'appraisal_model',
        subjectId: m.id,
        action: `审定${f.decision}`,
        from: '待审定',
        to: next,
        note: f.note,
      })
      return `${m.scale}评价模型第${m.version}版已${f.decision === '通过' ? `审定通过，${m.effective_year}年起生效` : '退回'}`
    }
    const r = await tx.query<NormChangeRow>('SELECT * FROM appraisal_norm_change WHERE id = $1 FOR UPDATE', [f.id])
    const c = r.rows[0]
    if (!c || !(await regionInScope(tx, scope, c.county_code))) throw notFound(`评价标准变更 ${f.id} 不存在或不在本账号的数据范围内`)
    if (c.status !== '待审定') throw new AppError(409, `该评价标准变更已${c.status}，不能再审定`)
    assertSecondAccount(actor.id, [{ what: '提交了该评价标准变更', by: c.created_user_id }], '审定')
    if (f.decision === '通过') {
      await tx.query(
        `INSERT INTO appraisal_norm (county_code, year, division, indicator, value, updated_by)
         SELECT $1, $2, division, indicator, new, $3 FROM json_to_recordset($4::json) AS r(division varchar, indicator varchar, new float8)
         ON CONFLICT (county_code, year, division, indicator) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
        [c.county_code, c.year, `${c.created_by}（${actor.realName}审定）`, JSON.stringify(c.items)],
      )
    }
    await tx.query(
      `UPDATE appraisal_norm_change SET status = $2, approved_by = $3, approved_user_id = $4, approved_at = now(), decision_note = $5 WHERE id = $1`,
      [c.id, next, actor.realName, actor.id, f.note],
    )
    await recordStep(tx, actor, {
      subject: 'appraisal_norm',
      subjectId: c.id,
      action: `审定${f.decision}`,
      from: '待审定',
      to: next,
      note: f.note,
    })
    return `评价标准变更（${c.items.length}项）已${f.decision === '通过' ? '审定通过并生效' : '退回'}`
  })
}

/** The 办理记录 of a batch, model, norm change or 异议 of the scope. */
export async function steps(
  db: Db,
  scope: DataScope,
  subject: 'appraisal_batch' | 'appraisal_model' | 'appraisal_norm' | 'objection' | 'restatement',
  id: number,
): Promise<ProceedingStep[]> {
  if (subject === 'appraisal_batch') await batch(db, scope, id)
  else if (subject === 'restatement') await restatement.assertInScope(db, scope, id)
  else if (subject === 'objection') {
    const o = await db.query<{ batch_id: number }>('SELECT batch_id FROM appraisal_objection WHERE id = $1', [id])
    if (!o.rows[0]) throw notFound(`异议 ${id} 不存在`)
    await batch(db, scope, o.rows[0].batch_id)
  } else if (subject === 'appraisal_model') {
    const m = await db.query<{ county_code: string | null }>('SELECT county_code FROM appraisal_model WHERE id = $1', [id])
    if (!m.rows[0] || !(await modelInScope(db, scope, m.rows[0].county_code)))
      throw notFound(`评价模型 ${id} 不存在或不在本账号的数据范围内`)
  } else {
    const c = await db.query<{ county_code: string }>('SELECT county_code FROM appraisal_norm_change WHERE id = $1', [id])
    if (!c.rows[0] || !(await regionInScope(db, scope, c.rows[0].county_code)))
      throw notFound(`评价标准变更 ${id} 不存在或不在本账号的数据范围内`)
  }
  return stepsOf(db, subject, id)
}
