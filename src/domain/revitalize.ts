/**
 * 低效用地再开发 (docs/domain.md 低效用地): the 台账 states, the 盘活处置 methods with the fields each
 * needs, the plan's state machine, and the risk of a plan under supervision. Pure rules shared by
 * the server and the forms.
 */

/** 台账 states: 疑似 → 已认定 → 已纳入方案 → 实施中 → 已完成 (销号) | 复核剔除. */
export const LEDGER_STATES = ['疑似', '已认定', '已纳入方案', '实施中', '已完成', '复核剔除'] as const
export type LedgerState = (typeof LEDGER_STATES)[number]

/** 盘活方式 and their 细分方式. */
export const PLAN_METHODS = ['收回收储', '企业自主再开发', '兼并重组', '合作开发', '用途调整', '复垦', '司法处置'] as const
export type PlanMethod = (typeof PLAN_METHODS)[number]
export const SUB_METHODS: Readonly<Record<PlanMethod, readonly string[]>> = {
  收回收储: ['依法收回', '协商收购'],
  企业自主再开发: ['提容增效', '技改'],
  兼并重组: ['兼并重组', '协议转让'],
  合作开发: [],
  用途调整: [],
  复垦: [],
  司法处置: [],
}

/** The method-specific fields of a plan (`details`), with their Chinese names and units. */
export const DETAIL_FIELDS = {
  storageAgency: { name: '收储机构', unit: '' },
  compensation: { name: '补偿金额', unit: '万元' },
  transferee: { name: '受让方', unit: '' },
  price: { name: '转让价款', unit: '万元' },
  permitNo: { name: '规划许可号', unit: '' },
  premium: { name: '补缴出让金', unit: '万元' },
  partner: { name: '合作方', unit: '' },
  courtCaseNo: { name: '案号', unit: '' },
} as const
export type DetailField = keyof typeof DETAIL_FIELDS

/** Which method-specific fields a method requires. */
export const METHOD_FIELDS: Readonly<Record<PlanMethod, readonly DetailField[]>> = {
  收回收储: ['storageAgency', 'compensation'],
  企业自主再开发: ['permitNo'],
  兼并重组: ['transferee', 'price'],
  合作开发: ['partner'],
  用途调整: ['permitNo', 'premium'],
  复垦: [],
  司法处置: ['courtCaseNo'],
}

/** The facts 办结 may write to a plan's parcels (the fields of the 办结 form). */
export const COMPLETION_FACTS = {
  plotRatioAfter: '盘活后容积率',
  buildingAreaAfter: '盘活后建筑面积',
  holderCreditCode: '新用地单位统一社会信用代码',
  landUseAfter: '盘活后现状地类',
  planningUseAfter: '盘活后规划用途',
  statusAfter: '盘活后地块状态',
} as const
export type CompletionFact = keyof typeof COMPLETION_FACTS

/** The statuses a parcel may leave 低效 for when its plan keeps the land in industrial use. */
export const STATUS_AFTER_CHOICES = ['已投产', '在建', '已供未建'] as const
export type StatusAfter = (typeof STATUS_AFTER_CHOICES)[number]
/** The status a kept parcel gets at 办结 when the form names none. */
export const DEFAULT_STATUS_AFTER: StatusAfter = '已投产'

/**
 * What 办结 of each method does to its parcels (docs/domain.md 盘活的效果), written through an
 * audited data-centre submission: every parcel leaves 低效 — 已收回 when the method takes the land
 * out of the industrial books (`recovers`), else the chosen status — and gets the method's facts.
 */
export const METHOD_EFFECTS: Readonly<
  Record<PlanMethod, { recovers: boolean; required: readonly CompletionFact[]; optional: readonly CompletionFact[]; effect: string }>
> = {
  收回收储: { recovers: true, required: [], optional: [], effect: '地块“已收回”' },
  企业自主再开发: {
    recovers: false,
    required: ['plotRatioAfter', 'buildingAreaAfter'],
    optional: ['statusAfter'],
    effect: '新的容积率和建筑面积，地块不再低效',
  },
  兼并重组: { recovers: false, required: ['holderCreditCode'], optional: ['statusAfter'], effect: '新的用地单位，地块不再低效' },
  合作开发: { recovers: false, required: ['holderCreditCode'], optional: ['statusAfter'], effect: '合作开发后的用地单位，地块不再低效' },
  用途调整: {
    recovers: false,
    required: ['planningUseAfter'],
    optional: ['landUseAfter', 'plotRatioAfter', 'statusAfter'],
    effect: '新的规划用途和现状地类（容积率按新的规划条件），地块不再低效',
  },
  复垦: { recovers: true, required: ['landUseAfter'], optional: [], effect: '复垦后的农用地地类，地块退出工业用地（已收回）' },
  司法处置: { recovers: false, required: ['holderCreditCode'], optional: ['statusAfter'], effect: '新的权利人（买受人），地块不再低效' },
}

/** Methods whose completion takes the land out of the books: the parcel becomes 已收回 through an audited submission. */
export const RECOVERING_PLAN_METHODS: readonly PlanMethod[] = PLAN_METHODS.filter((m) => METHOD_EFFECTS[m].recovers)
/** Methods whose completion needs the new 容积率 and 建筑面积 (sent to the data centre for audit). */
export const REBUILDING_PLAN_METHODS: readonly PlanMethod[] = PLAN_METHODS.filter((m) =>
  METHOD_EFFECTS[m].required.includes('plotRatioAfter'),
)

/**
 * A parcel 销号 on `closedDate` is flagged again only by a run of a year that began after the 销号:
 * figures of the year of the 盘活 or before it cannot judge what the 盘活 changed.
 */
export function closedBeforeFigures(closedDate: string | null, year: number): boolean {
  return closedDate === null || closedDate < `${year}-01-01`
}

/** Plan states: 草稿 → 待审核 → 实施中 → 已完成 → 已验收 | 已逾期 | 终止. */
export const PLAN_STATES = ['草稿', '待审核', '实施中', '已逾期', '已完成', '已验收', '终止'] as const
export type PlanState = (typeof PLAN_STATES)[number]

/** What may be done to a plan (checkPhcz), and from which states. */
export const PLAN_ACTIONS = {
  提交: { from: ['草稿'], to: '待审核' },
  退回: { from: ['待审核'], to: '草稿' },
  审核通过: { from: ['待审核'], to: '实施中' },
  验收: { from: ['已完成'], to: '已验收' },
  终止: { from: ['草稿', '待审核', '实施中', '已逾期'], to: '终止' },
} as const satisfies Record<string, { from: readonly PlanState[]; to: PlanState }>
export type PlanAction = keyof typeof PLAN_ACTIONS
export const PLAN_ACTION_NAMES = Object.keys(PLAN_ACTIONS) as PlanAction[]

/** States whose plan is being carried out (progress reports, 督办, 办结). */
export const RUNNING_STATES: readonly PlanState[] = ['实施中', '已逾期']
/** States of a done plan (its effects count). */
export const DONE_STATES: readonly PlanState[] = ['已完成', '已验收']

/** The state a plan shows today: 实施中 past its deadline is 已逾期. */
export function effectiveState(state: string, deadline: string, today: string): PlanState {
  if (state === '实施中' && deadline < today) return '已逾期'
  return state as PlanState
}

/** Days between two ISO dates (b − a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000)
}

/** A plan is 未报告 when its last report (or its start, without one) is this many days old. */
export const NO_REPORT_DAYS = 30

/** The progress a plan should have today on the straight line from start (0 %) to deadline (100 %). */
export function expectedProgress(start: string, deadline: string, today: string): number {
  const span = daysBetween(start, deadline)
  if (span <= 0) return today >= deadline ? 100 : 0
  const gone = daysBetween(start, today)
  return Math.max(0, Math.min(100, Math.round((gone / span) * 100)))
}

/** The risks of a running plan and its score (higher first in 盘活监管). */
export interface PlanRisk {
  overdue: boolean
  /** days since the last report (or the start) when ≥ 30, else null */
  silentDays: number | null
  /** percentage points behind the straight line, when behind */
  behind: number | null
  expected: number
  score: number
  level: '高' | '中' | '低' | '无'
  reasons: string[]
}

/**
 * Risk of a plan under supervision: overdue weighs most, then 30 days without a report, then the
 * points behind the straight line from start to deadline.
 */
export function planRisk(
  p: { state: string; startDate: string; deadline: string; progress: number; lastReportDate: string | null },
  today: string,
): PlanRisk {
  const running = RUNNING_STATES.includes(effectiveState(p.state, p.deadline, today))
  const expected = expectedProgress(p.startDate, p.deadline, today)
  if (!running) return { overdue: false, silentDays: null, behind: null, expected, score: 0, level: '无', reasons: [] }
  const overdue = p.deadline < today
  const since = daysBetween(p.lastReportDate ?? p.startDate, today)
  const silentDays = since >= NO_REPORT_DAYS ? since : null
  const behind = p.progress < expected ? expected - p.progress : null
  const reasons: string[] = []
  if (overdue) reasons.push(`已逾期 ${daysBetween(p.deadline, today)} 天`)
  if (silentDays !== null) reasons.push(`${silentDays} 天未报告进度`)
  if (behind !== null) reasons.push(`进度落后 ${behind} 个百分点`)
  const score = (overdue ? 1000 : 0) + (silentDays !== null ? 500 : 0) + (behind ?? 0)
  const level = overdue ? '高' : silentDays !== null || (behind ?? 0) >= 20 ? '中' : behind !== null ? '低' : '无'
  return { overdue, silentDays, behind, expected, score, level, reasons }
}
