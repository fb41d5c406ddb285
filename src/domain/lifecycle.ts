/**
 * 工业用地全生命周期 stages and deadlines (docs/domain.md "Land lifecycle"): the stage a project is in
 * on a date, and whether it is overdue then. Shared by the API and the lifecycle globe's replay.
 */

/** Stage codes in order (docs/domain.md: xmqy → tdgy → xmkg → sgjs → jgys → xmtc → xmpj). */
export const LIFECYCLE_STAGES = ['xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj'] as const

/** A lifecycle stage code. */
export type LifecycleStage = (typeof LIFECYCLE_STAGES)[number]

/** Chinese stage names. */
export const STAGE_NAMES: Record<LifecycleStage, string> = {
  xmqy: '项目签约',
  tdgy: '土地供应',
  xmkg: '项目开工',
  sgjs: '施工建设',
  jgys: '竣工验收',
  xmtc: '项目投产',
  xmpj: '项目评价',
}

/** The dates of a project's stages (YYYY-MM-DD; null = not reached) and its deadlines. */
export interface StageDates {
  signedDate: string
  supplyDate: string | null
  startDate: string | null
  constructionDate: string | null
  completionDate: string | null
  productionDate: string | null
  evaluationDate: string | null
  startDeadline: string | null
  completionDeadline: string | null
}

const DATE_OF: Record<LifecycleStage, keyof StageDates> = {
  xmqy: 'signedDate',
  tdgy: 'supplyDate',
  xmkg: 'startDate',
  sgjs: 'constructionDate',
  jgys: 'completionDate',
  xmtc: 'productionDate',
  xmpj: 'evaluationDate',
}

/** The stage on `date` (the last stage reached by then), or null before signing. */
export function stageAt(p: StageDates, date: string): LifecycleStage | null {
  let stage: LifecycleStage | null = null
  for (const s of LIFECYCLE_STAGES) {
    const d = p[DATE_OF[s]]
    if (d && d <= date) stage = s
    else break
  }
  return stage
}

/**
 * Whether a project is overdue on `date` (docs/domain.md: start within 12 months of delivery, completion
 * within 24 months of start): not started by a passed start deadline, or not completed by a
 * passed completion deadline.
 */
export function overdueAt(p: StageDates, date: string): boolean {
  const started = p.startDate !== null && p.startDate <= date
  const completed = p.completionDate !== null && p.completionDate <= date
  if (!started && p.startDeadline !== null && p.startDeadline < date) return true
  return !completed && p.completionDeadline !== null && p.completionDeadline < date
}
