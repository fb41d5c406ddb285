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
  /** 亩均税收, 万元/亩 — given directly when it comes from the enterprise's yearly figures (catalogue taxPerMu) */
  taxPerMu?: number | null
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
  // 项目评价 (达产复核) reads 亩均税收 and the value added per unit of energy and emission from the enterprise's yearly figures
  xmpj: [],
}
export const ACTUAL_NAMES: Record<keyof Actuals, { name: string; unit: string; max: number }> = {
  investment: { name: '实际固定资产投资', unit: '万元', max: 100_000_000 },
  buildingArea: { name: '建筑面积', unit: '平方米', max: 10_000_000 },
  plotRatio: { name: '实际容积率', unit: '', max: 20 },
  tax: { name: '年税收', unit: '万元', max: 100_000_000 },
  taxPerMu: { name: '亩均税收', unit: '万元/亩', max: 10_000 },
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
  /** where the actual came from: the enterprise's yearly figures of a year, their source and the date reported */
  basis?: FigureBasis
}

/** The yearly figure an actual was read from (enterprise_yearly, appraisal_input_source). */
export interface FigureBasis {
  year: number
  /** 税务, 统计, 电力, 环保 … (null when the source was not recorded) */
  source: string | null
  reportedDate: string | null
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
    taxPerMu: a.taxPerMu ?? (a.tax != null && areaMu > 0 ? a.tax / areaMu : null),
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

// ---- 标准地 双合同: the two contracts, and the 违约金 rule they carry ----

/**
 * What a 违约 is (docs/domain.md "工业用地全生命周期"): a start or completion registered after the
 * agreed date, and a 项目评价 whose 亩均税收 is below the commitment.
 */
export const BREACH_KINDS = ['逾期开工', '逾期竣工', '亩均税收未达承诺'] as const
export type BreachKind = (typeof BREACH_KINDS)[number]

/**
 * The 违约金 rule a county writes into the two contracts. Late start or completion: for each day
 * late, `latePermille` ‰ of the 出让价款 (the clause of the model 出让合同: 每延期一日，支付相当于出让价款总额
 * 一定比例的违约金). 亩均税收 short at 项目评价 (the 投资建设协议's 达产复核 clause): `taxPercent` % of the
 * tax missing, i.e. (承诺亩均税收 − 实际亩均税收) × 出让面积（亩）.
 */
export interface PenaltyRule {
  /** ‰ of the 出让价款 per day late, 0–10 with at most two decimals */
  latePermille: number
  /** % of the missing tax, 0–200 with at most two decimals */
  taxPercent: number
}

/** The rule the signing form proposes: 1 ‰ a day, and the missing tax in full. */
export const DEFAULT_PENALTY_RULE: PenaltyRule = { latePermille: 1, taxPercent: 100 }

/** A rate with at most two decimals as an integer of hundredths (1.25 → 125), read on its digits. */
const hundredths = (rate: number): bigint => BigInt(Math.round(rate * 100))

/**
 * 违约金 of a late start or completion, in 分: 出让价款 × ‰ × days, rounded half up at the 分 once, in
 * integers (no binary fraction ever touches the money).
 */
export function latePenaltyFen(priceFen: number, latePermille: number, days: number): number {
  if (days <= 0 || priceFen <= 0) return 0
  // priceFen × (permille / 1000) × days = priceFen × hundredths × days / 100 000
  return Number((BigInt(priceFen) * hundredths(latePermille) * BigInt(days) + 50_000n) / 100_000n)
}

/**
 * 违约金 of a missed 亩均税收 commitment, in 分: (committed − actual) 万元/亩 × 亩 × percent, rounded half up
 * at the 分 once; 0 when the commitment is met.
 */
export function taxPenaltyFen(committedPerMu: number, actualPerMu: number, areaMu: number, taxPercent: number): number {
  const shortPerMu = committedPerMu - actualPerMu
  if (!(shortPerMu > 0) || !(areaMu > 0)) return 0
  // 万元 → 分 is × 1 000 000, and percent / 100: × 10 000 × percent
  return Math.round(shortPerMu * areaMu * 10_000 * taxPercent)
}

/** The rule in words, as the contract and the 违约 record say it. */
export function penaltyRuleText(kind: BreachKind, rule: PenaltyRule): string {
  return kind === '亩均税收未达承诺'
    ? `按亩均税收差额 ×出让面积的 ${rule.taxPercent}% 计`
    : `每逾期一日按出让价款的 ${rule.latePermille}‰ 计`
}
