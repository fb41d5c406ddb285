/**
 * 评价批次的状态机 (docs/domain.md "亩均效益评价" and "Due process"): 试算 → 公示 → 异议 → 发布 → 归档, as a
 * pure function of the state, the action, the day and who acts, so that the server and the table
 * test read the same rules. What it adds to the plain states is due process:
 *
 * - the 公示 window holds at least the 公示期 in working days and does not open in the past;
 * - 异议 are accepted until the window's last day, and 发布 only after it (the enterprises keep their week);
 * - 发布 is a 审定: whoever ran the 试算 or opened the 公示 cannot publish (四眼原则);
 * - an 异议 is decided by another account than the one that registered it.
 */
import { addDays, chineseDate, type CalendarMarks, windowEnd, workingDaysBetween } from './work-calendar'
import type { BatchState } from './contracts/appraisal'

/** What a person does to a batch. */
export type BatchAction = 'run' | 'publicity' | 'object' | 'review' | 'publish'

/** Chinese names of the actions, for messages and the 办理记录. */
export const BATCH_ACTION_LABEL: Readonly<Record<BatchAction, string>> = {
  run: '试算',
  publicity: '公示',
  object: '提出异议',
  review: '审核异议',
  publish: '发布',
}

/** What the rules need to know besides the state. */
export interface BatchContext {
  /** today on the product's calendar */
  today: string
  /** the last day of the batch's 公示 window (公示 and 异议 only) */
  publicityEnd?: string | null
  /** objections not yet decided (publish) */
  openObjections?: number
  /** the acting account ran the batch's 试算 (publish) */
  actorRan?: boolean
  /** the acting account opened the batch's 公示 (publish) */
  actorOpenedPublicity?: boolean
  /** the acting account registered the objection (review) */
  actorRegistered?: boolean
}

/** Where an allowed action leads, or why it is refused (409: the state forbids it; 422: a rule of due process). */
export type BatchTransition = { ok: true; next: BatchState } | { ok: false; status: 409 | 422; field: string; message: string }

const refuse = (status: 409 | 422, field: string, message: string): BatchTransition => ({ ok: false, status, field, message })

/** The first day 发布 is allowed: the day after the window ends. */
export function firstPublishDay(publicityEnd: string): string {
  return addDays(publicityEnd, 1)
}

/** The next state of a batch after an action, or why the action is refused. */
export function batchTransition(state: BatchState, action: BatchAction, ctx: BatchContext): BatchTransition {
  const open = state === '公示' || state === '异议'
  switch (action) {
    case 'run':
      if (state === '试算') return { ok: true, next: '试算' }
      if (open) return refuse(409, 'batchId', '批次正在公示，公示期间不能重新试算；请先登记并审核异议')
      return refuse(409, 'batchId', `批次已${state}，请新建一版评价（须填写原因）`)
    case 'publicity':
      if (state !== '试算') return refuse(409, 'batchId', `批次当前为${state}，只有试算的批次可以公示`)
      return { ok: true, next: '公示' }
    case 'object':
      if (state === '试算') return refuse(409, 'batchId', '批次尚未公示，公示期间才能提出异议')
      if (!open) return refuse(409, 'batchId', `批次已${state}，不能再提出异议`)
      if (ctx.publicityEnd && ctx.today > ctx.publicityEnd)
        return refuse(422, 'batchId', `公示期已于${chineseDate(ctx.publicityEnd)}结束，不能再提出异议`)
      return { ok: true, next: '异议' }
    case 'review':
      if (state !== '异议') return refuse(409, 'id', `批次已${state}，不能再审核异议`)
      if (ctx.actorRegistered) return refuse(422, 'id', '异议由本账号代为登记，不能由本账号审核；请由经信科其他人员审核（四眼原则）')
      return { ok: true, next: '异议' }
    case 'publish': {
      if (state === '试算') return refuse(409, 'batchId', '批次尚未公示，请先公示再发布')
      if (!open) return refuse(409, 'batchId', `批次已${state}`)
      if (ctx.publicityEnd && ctx.today <= ctx.publicityEnd)
        return refuse(
          422,
          'batchId',
          `公示期至${chineseDate(ctx.publicityEnd)}结束，${chineseDate(firstPublishDay(ctx.publicityEnd))}起才能发布；公示期间企业仍可提出异议`,
        )
      if (ctx.openObjections) return refuse(422, 'batchId', `尚有${ctx.openObjections}件异议未审核，请审核后再发布`)
      const own = [ctx.actorRan && '试算', ctx.actorOpenedPublicity && '公示'].filter(Boolean)
      if (own.length)
        return refuse(
          422,
          'batchId',
          `本批次的${own.join('和')}由本账号办理，不能再由本账号发布；请由另一名有评价审定权限的人员发布（四眼原则）`,
        )
      return { ok: true, next: '发布' }
    }
  }
}

/**
 * Why a 公示 window cannot open (null: it can): it starts before today, ends before it starts, or
 * holds fewer working days than the 公示期 — the message names the earliest end allowed.
 */
export function publicityWindowProblem(
  w: { start: string; end: string },
  today: string,
  days: number,
  marks: CalendarMarks,
): { field: 'start' | 'end'; message: string } | null {
  if (w.start < today) return { field: 'start', message: `公示开始日期 start 不能早于今天（${chineseDate(today)}）` }
  if (w.end < w.start) return { field: 'end', message: '公示结束日期 end 不能早于开始日期' }
  const held = workingDaysBetween(w.start, w.end, marks)
  if (held < days) {
    const earliest = windowEnd(w.start, days, marks)
    return {
      field: 'end',
      message: `公示期至少${days}个工作日（节假日不计），${chineseDate(w.start)}开始的公示最早于${chineseDate(earliest)}结束，当前只有${held}个工作日`,
    }
  }
  return null
}
