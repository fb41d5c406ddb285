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
  /** 退出: the contract broken on this date (no longer overdue from then on) */
  exitDate?: string | null
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
  if (p.exitDate && p.exitDate <= date) return false
  const started = p.startDate !== null && p.startDate <= date
  const completed = p.completionDate !== null && p.completionDate <= date
  if (!started && p.startDeadline !== null && p.startDeadline < date) return true
  return !completed && p.completionDeadline !== null && p.completionDeadline < date
}

/** 退出 (a broken contract) — recorded like a stage, after any of them. */
export const EXIT_STAGE = 'tc'
export const EXIT_NAME = '项目退出'

/** What happens to the land of an exited project: 收回 makes the parcel 已收回 (through an audited submission). */
export const EXIT_OUTCOMES = ['收回', '保留', '转让'] as const
export type ExitOutcome = (typeof EXIT_OUTCOMES)[number]

/** Default deadlines (docs/domain.md): start within 12 months of delivery, completion within 24 months of start. */
export const START_WITHIN_MONTHS = 12
export const COMPLETION_WITHIN_MONTHS = 24

/** A date `months` later (YYYY-MM-DD; the last day of the month when the day does not exist, as PostgreSQL's interval does). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const total = y * 12 + (m - 1) + months
  const ty = Math.floor(total / 12)
  const tm = total % 12
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate()
  return `${String(ty).padStart(4, '0')}-${String(tm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** Whole days from a to b (YYYY-MM-DD). */
export const daysFrom = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)

/** The deadline a stage is registered against, if any: 项目开工 the start deadline, 竣工验收 the completion deadline. */
export function deadlineOfStage(
  stage: LifecycleStage,
  p: { startDeadline: string | null; completionDeadline: string | null },
): string | null {
  return stage === 'xmkg' ? p.startDeadline : stage === 'jgys' ? p.completionDeadline : null
}

/** Days late of a registration on `date` against its stage's deadline (null when on time or without a deadline). */
export function lateDays(
  stage: LifecycleStage,
  date: string,
  p: { startDeadline: string | null; completionDeadline: string | null },
): number | null {
  const deadline = deadlineOfStage(stage, p)
  if (!deadline || date <= deadline) return null
  return daysFrom(deadline, date)
}

// ---- 标准地 commitments and the judgement of 竣工验收 / 项目评价 ----

/** The 标准地 commitments of a project (null = not committed). */
export interface Commitments {
  /** 固定资产投资强度, 万元/亩 */
  investIntensity: number | null
  /** 容积率 */
  plotRatio: number | null
  /** 亩均税收, 万元/亩 */
  taxPerMu: number | null
  /** 单位能耗增加值, 万元/吨标准煤 */
  energyVa: number | null
  /** 单位排放增加值, 万元/吨 */
  emissionVa: number | null
}

/** The actual figures registered at 竣工验收 (investment, floor area, 容积率) and 项目评价 (tax, value added per unit). */
export interface Actuals {
  /** 实际固定资产投资, 万元 */
  investment?: number | null
  /** 建筑面积, 平方米 */
  buildingArea?: number | null
  plotRatio?: number | null
  /** 年税收, 万元 */
  tax?: number | null
  energyVa?: number | null
  emissionVa?: number | null
}

export type CommitmentKey = keyof Commitments

/** The commitment items: name, unit, and their bounds (a commitment outside them is refused). */
export const COMMITMENT_ITEMS: Record<CommitmentKey, { name: string; unit: string; max: number }> = {
  investIntensity: { name: '固定资产投资强度', unit: '万元/亩', max: 100_000 },
  plotRatio: { name: '容积率', unit: '', max: 10 },
  taxPerMu: { name: '亩均税收', unit: '万元/亩', max: 10_000 },
  energyVa: { name: '单位能耗增加值', unit: '万元/吨标准煤', max: 10_000 },
  emissionVa: { name: '单位排放增加值', unit: '万元/吨', max: 100_000 },
}

/** Which items each judging stage compares, and the actual figures it needs. */
export const JUDGED_ITEMS: Record<'jgys' | 'xmpj', CommitmentKey[]> = {
  jgys: ['investIntensity', 'plotRatio'],
  xmpj: ['investIntensity', 'plotRatio', 'taxPerMu', 'energyVa', 'emissionVa'],
}
export const REQUIRED_ACTUALS: Record<'jgys' | 'xmpj', (keyof Actuals)[]> = {
  jgys: ['investment', 'buildingArea', 'plotRatio'],
  xmpj: ['tax', 'energyVa', 'emissionVa'],
}
export const ACTUAL_NAMES: Record<keyof Actuals, { name: string; unit: string; max: number }> = {
  investment: { name: '实际固定资产投资', unit: '万元', max: 100_000_000 },
  buildingArea: { name: '建筑面积', unit: '平方米', max: 10_000_000 },
  plotRatio: { name: '实际容积率', unit: '', max: 20 },
  tax: { name: '年税收', unit: '万元', max: 100_000_000 },
  energyVa: { name: '单位能耗增加值', unit: '万元/吨标准煤', max: 10_000 },
  emissionVa: { name: '单位排放增加值', unit: '万元/吨', max: 100_000 },
}

/** One item of a judgement. */
export interface JudgedItem {
  key: CommitmentKey
  name: string
  unit: string
  committed: number
  actual: number
  /** actual − committed, 2 digits */
  gap: number
  passed: boolean
}

/** A judgement against the commitments: 达标 when every committed item is met. */
export interface Judgement {
  passed: boolean
  items: JudgedItem[]
  /** 结论, e.g. 「未达标：容积率低于承诺 0.30」 */
  conclusion: string
}

const r2 = (v: number) => Math.round(v * 100) / 100

/**
 * Compares the actuals with the commitments (each item: 达标 when actual ≥ committed — every
 * 标准地 indicator is a floor). Intensity and 亩均 figures are per 亩 of the parcel (`areaMu`).
 * Items without a commitment are not judged.
 */
export function judge(stage: 'jgys' | 'xmpj', c: Commitments, a: Actuals, areaMu: number): Judgement {
  const actualOf: Record<CommitmentKey, number | null> = {
    investIntensity: a.investment != null && areaMu > 0 ? a.investment / areaMu : null,
    plotRatio: a.plotRatio ?? null,
    taxPerMu: a.tax != null && areaMu > 0 ? a.tax / areaMu : null,
    energyVa: a.energyVa ?? null,
    emissionVa: a.emissionVa ?? null,
  }
  const items: JudgedItem[] = []
  for (const key of JUDGED_ITEMS[stage]) {
    const committed = c[key]
    const actual = actualOf[key]
    if (committed == null || actual == null) continue
    const { name, unit } = COMMITMENT_ITEMS[key]
    items.push({ key, name, unit, committed, actual: r2(actual), gap: r2(actual - committed), passed: actual >= committed })
  }
  const failed = items.filter((i) => !i.passed)
  const passed = failed.length === 0
  const conclusion = passed
    ? `达标：${items.length} 项承诺指标均已达到`
    : `未达标：${failed.map((i) => `${i.name}低于承诺 ${r2(-i.gap)}${i.unit}`).join('；')}`
  return { passed, items, conclusion }
}
