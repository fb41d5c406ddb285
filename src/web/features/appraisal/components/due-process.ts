/**
 * Due process of a batch as the pages show it (issue 28, docs/domain.md "Due process"): the 公示
 * window a dialog proposes, what it says of the chosen window, and why 发布 is not offered to the
 * signed-in user. The rules themselves are the domain's (appraisal-batch-state.ts), so the button
 * says what the server would answer.
 */
import type { AppraisalBatch } from '../../../../domain/contracts/appraisal'
import type { CalendarYear } from '../../../../domain/contracts/work-calendar'
import { batchTransition, firstPublishDay, publicityWindowProblem } from '../../../../domain/appraisal-batch-state'
import { chineseDate, windowEnd, workingDaysBetween, type CalendarMark, type CalendarMarks } from '../../../../domain/work-calendar'

/** The marked days of the calendars read (several years joined). */
export function marksOf(years: readonly (CalendarYear | undefined)[]): CalendarMarks {
  const marks = new Map<string, CalendarMark>()
  for (const y of years) for (const d of y?.days ?? []) marks.set(d.day, d.mark)
  return marks
}

/** The window a 公示 dialog proposes: from today, `days` working days, and the first day 发布 is allowed. */
export function defaultPublicityWindow(
  today: string,
  days: number,
  marks: CalendarMarks,
): { start: string; end: string; publishFrom: string } {
  const end = windowEnd(today, days, marks)
  return { start: today, end, publishFrom: firstPublishDay(end) }
}

/**
 * What the dialog says of a chosen window: "公示期X个工作日，YYYY年M月D日起可发布", or the refusal the
 * server would give (too short, starting in the past) as an error.
 */
export function publicityWindowNote(
  w: { start: string; end: string },
  today: string,
  days: number,
  marks: CalendarMarks,
): { ok: boolean; text: string } {
  const problem = publicityWindowProblem(w, today, days, marks)
  if (problem) return { ok: false, text: problem.message }
  const held = workingDaysBetween(w.start, w.end, marks)
  return { ok: true, text: `公示期${held}个工作日，${chineseDate(firstPublishDay(w.end))}起可发布` }
}

/** Who asks to publish: their account id (the batches record the accounts that ran and opened them), and whether they hold 评价审定. */
export interface Publisher {
  userId: number
  mayApprove: boolean
}

/**
 * Why `who` cannot publish `b` today (null: they can): no 评价审定 grant, the state, the window not
 * yet over, open 异议, or the 四眼 rule (they ran the 试算 or opened the 公示) — in the server's words.
 */
export function publishBlock(b: AppraisalBatch, who: Publisher, today: string): string | null {
  if (!who.mayApprove) return '发布须由持有评价审定权限的人员办理（如经信科长），请在“评价审定”页发布'
  const t = batchTransition(b.state, 'publish', {
    today,
    publicityEnd: b.publicityEnd,
    openObjections: b.openObjections,
    actorRan: b.runUserId === who.userId,
    actorOpenedPublicity: b.publicityUserId === who.userId,
  })
  return t.ok ? null : t.message
}
