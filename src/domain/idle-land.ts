/**
 * 闲置土地 after 《闲置土地处置办法》 (docs/domain.md "闲置土地"): what makes supplied land idle, the
 * order of the procedure documents, the disposal methods open to each cause, and the 土地闲置费.
 * Pure rules shared by the server and the forms.
 */
import { addDays, type CalendarMarks, windowEnd } from './work-calendar'

/** The grounds of idleness: not started one year after the agreed date; or started, too little done and stopped for a year. */
export const IDLE_GROUNDS = ['未按期动工', '开发不足停工'] as const
export type IdleGround = (typeof IDLE_GROUNDS)[number]

/** Who caused the idleness: the enterprise (土地使用权人) or the government (政府或政府有关部门的行为). */
export const IDLE_CAUSES = ['企业原因', '政府原因'] as const
export type IdleCause = (typeof IDLE_CAUSES)[number]

/** The procedure documents, in the order they are issued. */
export const IDLE_DOCUMENTS = ['调查通知书', '闲置土地认定书', '处置决定书'] as const
export type IdleDocumentKind = (typeof IDLE_DOCUMENTS)[number]

/** Disposal when the government caused the idleness (办法 第十二条). */
export const GOVERNMENT_METHODS = ['延长动工期限', '调整用途或规划条件', '临时使用', '置换土地', '协议有偿收回'] as const
/** Disposal when the enterprise caused it (办法 第十四条): 土地闲置费 after one year, 无偿收回 after two. */
export const ENTERPRISE_METHODS = ['征缴土地闲置费', '无偿收回'] as const
export const IDLE_METHODS = [...GOVERNMENT_METHODS, ...ENTERPRISE_METHODS] as const
export type IdleMethod = (typeof IDLE_METHODS)[number]

/** Methods whose completion takes the land back (the parcel becomes 已收回 through an audited submission). */
export const RECOVERING_METHODS: readonly IdleMethod[] = ['协议有偿收回', '无偿收回', '置换土地']

/** Disposal states shared with 低效用地 on /system/stock. */
export const DISPOSAL_STATES = ['未处置', '方案中', '实施中', '已完成'] as const
export type DisposalState = (typeof DISPOSAL_STATES)[number]

/** 土地闲置费: 20 % of the 出让 or 划拨 price. */
export const IDLE_FEE_RATE = 0.2
/** Longest extension of the start deadline: one year. */
export const MAX_EXTENSION_YEARS = 1
/** Developed less than this share of the area … */
export const DEVELOPED_SHARE = 1 / 3
/** … or invested less than this share of the total investment. */
export const INVESTED_SHARE = 0.25

/** 土地闲置费 of a price (万元): 20 % of it; null without a price. */
export function idleFee(price: number | null | undefined): number | null {
  return price === null || price === undefined ? null : price * IDLE_FEE_RATE
}

/** The date `years` whole years after a YYYY-MM-DD date (29 February goes to 28 February). */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number)
  const ny = y + years
  const last = new Date(Date.UTC(ny, m, 0)).getUTCDate()
  return `${ny}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`
}

/** Whole years from one date to another (0 when `to` is earlier). */
export function fullYears(from: string, to: string): number {
  let n = 0
  while (addYears(from, n + 1) <= to) n++
  return n
}

/** The facts idleness is judged on. */
export interface IdleFacts {
  areaM2: number
  agreedStartDate: string | null
  actualStartDate: string | null
  /** 已开发面积 (平方米), for land that started */
  developedAreaM2?: number | null
  /** 已投资额 and 总投资额 (万元) */
  invested?: number | null
  totalInvestment?: number | null
  /** 停工日期 */
  stoppedSince?: string | null
}

/** What the rules say of a parcel on a date. */
export type IdleJudgement =
  { idle: true; ground: IdleGround; idleSince: string; grounds: string[] } | { idle: false; field: string; reason: string }

/**
 * Judges idleness on `on`: 未按期动工 when not started one full year after the agreed start date;
 * 开发不足停工 when started but developed less than a third of the area or invested less than a
 * quarter, and stopped for one full year.
 */
export function judgeIdle(f: IdleFacts, on: string): IdleJudgement {
  if (!f.actualStartDate) {
    if (!f.agreedStartDate) return { idle: false, field: 'parcelId', reason: '该地块没有约定动工日期，无法按未按期动工认定闲置' }
    const due = addYears(f.agreedStartDate, 1)
    if (due > on)
      return { idle: false, field: 'parcelId', reason: `约定动工日期 ${f.agreedStartDate} 起未满一年（${due} 满一年），不构成闲置` }
    return {
      idle: true,
      ground: '未按期动工',
      idleSince: f.agreedStartDate,
      grounds: [`约定动工日期 ${f.agreedStartDate}，至 ${on} 未动工开发，已满 ${fullYears(f.agreedStartDate, on)} 年`],
    }
  }
  if (!f.stoppedSince) return { idle: false, field: 'stoppedSince', reason: '已动工的地块须填写停工日期 stoppedSince' }
  if (f.stoppedSince < f.actualStartDate)
    return { idle: false, field: 'stoppedSince', reason: `停工日期 stoppedSince 不能早于实际动工日期 ${f.actualStartDate}` }
  if (f.stoppedSince > on) return { idle: false, field: 'stoppedSince', reason: '停工日期 stoppedSince 不能晚于认定日期' }
  const grounds: string[] = []
  const developed = f.developedAreaM2 ?? null
  if (developed !== null && developed < f.areaM2 * DEVELOPED_SHARE)
    grounds.push(`已开发面积 ${developed.toFixed(0)} 平方米，不足总面积 ${f.areaM2.toFixed(0)} 平方米的三分之一`)
  const invested = f.invested ?? null
  const total = f.totalInvestment ?? null
  if (invested !== null && total !== null && total > 0 && invested < total * INVESTED_SHARE)
    grounds.push(`已投资额 ${invested} 万元，不足总投资额 ${total} 万元的 25%`)
  if (grounds.length === 0)
    return {
      idle: false,
      field: developed === null && invested === null ? 'developedAreaM2' : developed !== null ? 'developedAreaM2' : 'invested',
      reason: '已开发面积不少于总面积的三分之一、且已投资额不少于总投资额的 25%，不构成闲置',
    }
  if (addYears(f.stoppedSince, 1) > on)
    return { idle: false, field: 'stoppedSince', reason: `停工日期 ${f.stoppedSince} 起中止开发未满一年，不构成闲置` }
  grounds.push(`自 ${f.stoppedSince} 中止开发建设，已满 ${fullYears(f.stoppedSince, on)} 年`)
  return { idle: true, ground: '开发不足停工', idleSince: f.stoppedSince, grounds }
}

/** Why a method cannot be chosen for a case, or null: the cause's methods, 闲置费 at one year, 无偿收回 at two. */
export function methodProblem(cause: IdleCause, method: IdleMethod, idleSince: string, on: string): string | null {
  if (cause === '政府原因' && !(GOVERNMENT_METHODS as readonly string[]).includes(method))
    return `政府原因造成的闲置只能采取 ${GOVERNMENT_METHODS.join('、')} 之一，不能${method}`
  if (cause === '企业原因' && !(ENTERPRISE_METHODS as readonly string[]).includes(method))
    return `企业原因造成的闲置只能 ${ENTERPRISE_METHODS.join(' 或 ')}，不能${method}`
  const years = fullYears(idleSince, on)
  if (method === '征缴土地闲置费' && years < 1) return `闲置未满一年（自 ${idleSince} 起），不能征缴土地闲置费`
  if (method === '无偿收回' && years < 2) return `闲置未满两年（自 ${idleSince} 起 ${years} 年），不能无偿收回`
  return null
}

/**
 * Why a new agreed start date cannot extend a plan made on `planDate`, or null: 延长动工期限 moves
 * the start later, by at most {@link MAX_EXTENSION_YEARS} year (办法 第十二条).
 */
export function extensionProblem(planDate: string, newStartDate: string): string | null {
  const latest = addYears(planDate, MAX_EXTENSION_YEARS)
  if (newStartDate <= planDate || newStartDate > latest)
    return `新约定动工日期 newStartDate 应晚于方案日期，且延长不超过一年（不晚于 ${latest}）`
  return null
}

/** The document that must come before `kind`, or null for the first. */
export function previousDocument(kind: IdleDocumentKind): IdleDocumentKind | null {
  const i = IDLE_DOCUMENTS.indexOf(kind)
  return i > 0 ? IDLE_DOCUMENTS[i - 1] : null
}

// ---- 听证告知, 政府原因 and 报批 (docs/domain.md "闲置土地：听证告知、政府原因与报批") ----

/**
 * 办法 第八条: the government's own reasons for a delay. Recorded on a case chosen from this list;
 * with one of them a fee may still be charged on land idle two years or more (the holder's own
 * share of the delay is then less than the two years of 第十四条).
 */
export const GOVERNMENT_REASONS = [
  '因未按照约定/规定的期限、条件将土地交付给国有建设用地使用权人',
  '因土地利用总体规划、城乡规划依法修改',
  '因国家出台相关政策需对约定/规定的规划和建设条件进行修改',
  '因处置土地上相关群众信访事项等无法动工开发',
  '因军事管制、文物保护等无法动工开发',
  '政府、政府有关部门的其他行为',
] as const
export type GovernmentReason = (typeof GOVERNMENT_REASONS)[number]

/** 办法 第十五条: the decisions the holder must be told of in writing, with its right to a hearing, before they are made. */
export const HEARING_METHODS: readonly IdleMethod[] = ['征缴土地闲置费', '无偿收回']

/** How a 听证告知 ends: the hearing held, the holder waived it in writing, or the deadline passed without a request. */
export const HEARING_OUTCOMES = ['已听证', '放弃听证', '逾期未申请'] as const
export type HearingOutcome = (typeof HEARING_OUTCOMES)[number]

/**
 * The last day the holder may ask for a 听证: `days` working days of the product calendar, counted
 * from the day after the 听证告知 (the day of the notice itself does not count, as with every
 * period counted in days).
 */
export function hearingDeadline(noticeDate: string, days: number, marks: CalendarMarks): string {
  return windowEnd(addDays(noticeDate, 1), days, marks)
}

/** Whether the method needs a completed 听证告知 before its 处置决定书. */
export const needsHearing = (method: IdleMethod | null | undefined): boolean => !!method && HEARING_METHODS.includes(method)

/**
 * Why the 征缴土地闲置费 rule of 第十四条 refuses a fee on land idle two years or more, or null: two
 * years idle is 无偿收回 unless a 第八条 government reason is recorded on the case.
 */
export function twoYearProblem(method: IdleMethod, idleSince: string, on: string, govReason: string | null | undefined): string | null {
  if (method !== '征缴土地闲置费') return null
  const years = fullYears(idleSince, on)
  if (years < 2 || govReason) return null
  return `闲置已满两年（自 ${idleSince} 起 ${years} 年），依《闲置土地处置办法》第十四条应无偿收回；只有记录了第八条所列的政府原因 govReason 时，才能改为征缴土地闲置费`
}

// ---- money, exact to the 分 ----

/** 分 in one 元 and in one 万元. */
export const FEN_PER_YUAN = 100
export const FEN_PER_WAN = 1_000_000

/**
 * A decimal written in `unit` (元 or 万元) turned into 分, rounded half up at the 分 — on the decimal
 * digits as written, never through a multiplication of binary fractions (89.746 万元 is 89 746 000 分
 * exactly). Null when the text is not a non-negative decimal.
 */
export function decimalToFen(value: string | number, unit: '元' | '万元'): number | null {
  let s = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim()
  if (/e/i.test(s)) s = Number(s).toFixed(12)
  const m = /^(\d+)(?:\.(\d*))?$/.exec(s)
  if (!m) return null
  const shift = unit === '元' ? 2 : 6
  const frac = (m[2] ?? '').padEnd(shift + 1, '0')
  let fen = BigInt(m[1] + frac.slice(0, shift))
  if (Number(frac[shift]) >= 5) fen += 1n
  return Number(fen)
}

/** Whether a text in 元 has at most two decimals (a payment cannot be split below the 分). */
export const isYuanText = (value: string | number): boolean =>
  /^\d+(\.\d{1,2})?$/.test(typeof value === 'number' ? String(value) : value.trim())

/** 土地闲置费 in 分: 20 % of the price in 分, rounded half up at the 分. */
export function idleFeeFen(priceFen: number | null | undefined): number | null {
  if (priceFen === null || priceFen === undefined) return null
  return Number((BigInt(priceFen) * 20n + 50n) / 100n)
}

/** 分 as 元 with two decimals and thousands separated by thin spaces: 897 460.00. */
export function fenToYuanText(fen: number, group = true): string {
  const neg = fen < 0
  const abs = BigInt(Math.abs(fen))
  const whole = (abs / 100n).toString()
  const cents = (abs % 100n).toString().padStart(2, '0')
  const grouped = group ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : whole
  return `${neg ? '-' : ''}${grouped}.${cents}`
}

/** 分 as 万元 with as many decimals as it needs (up to six): 89 746 000 分 → 89.746. */
export function fenToWanText(fen: number): string {
  const neg = fen < 0
  const abs = BigInt(Math.abs(fen))
  const whole = (abs / 1_000_000n).toString()
  const frac = (abs % 1_000_000n).toString().padStart(6, '0').replace(/0+$/, '')
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`
}

/** An amount as the pages and exports show it: 897 460.00 元（89.746 万元）. */
export const moneyText = (fen: number | null | undefined): string =>
  fen === null || fen === undefined ? '—' : `${fenToYuanText(fen)} 元（${fenToWanText(fen)} 万元）`
