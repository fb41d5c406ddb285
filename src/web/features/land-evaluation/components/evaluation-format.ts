/**
 * How the 低效用地评价 pages write things: figures with 2 decimals (亩, 分, 万元/亩) and counts as
 * whole numbers, '—' for what is not known; a model item in words ("容积率 < 1.0（25分）"); a run
 * as "2025年 · 模型名 · 时间 · 操作人".
 */
import {
  EVALUATION_INDICATORS,
  type EvaluationIndicator,
  type EvaluationRun,
  type ModelItem,
  type Operator,
} from '../../../../domain/contracts/land-evaluation'
import { roundTo } from '../../../../domain/codes/units'
import { formatTime } from '../../../widgets/format-time'

/** Shown for a figure that does not exist. */
export const NO_FIGURE = '—'

const TWO = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const WHOLE = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 0 })

const known = (v: number | null | undefined): v is number => v !== null && v !== undefined && Number.isFinite(v)

/** 2 decimals with thousands separators: 1234.5 → "1,234.50". */
export function formatAmount(v: number | null | undefined): string {
  // round first so that 1.005 shows as 1.01 (the binary value lies just below)
  return known(v) ? TWO.format(roundTo(v, 2)) : NO_FIGURE
}

/** A count (宗) with thousands separators. */
export function formatCount(v: number | null | undefined): string {
  return known(v) ? WHOLE.format(v) : NO_FIGURE
}

/** An axis label of a count: whole ticks only (a nice scale over 0..2 also ticks 0.5). */
export function countTick(v: number): string {
  return Number.isInteger(v) ? formatCount(v) : ''
}

/** Text that may be absent. */
export function formatText(v: string | null | undefined): string {
  return v === null || v === undefined || v === '' ? NO_FIGURE : v
}

/** The comparison as people write it. */
export const OPERATOR_LABEL: Record<Operator, string> = { '<': '<', '<=': '≤', '>': '>', '>=': '≥', '=': '=' }

/** A yes/no indicator: its unit says （是=1）. */
export const isYesNo = (indicator: EvaluationIndicator) => EVALUATION_INDICATORS[indicator].unit.startsWith('（')

/** The unit shown next to a threshold or a value ('' for 容积率 and the yes/no indicators). */
export function unitOf(indicator: EvaluationIndicator): string {
  return isYesNo(indicator) ? '' : EVALUATION_INDICATORS[indicator].unit
}

/** A threshold in words: 容积率 keeps one decimal (1.0), yes/no shows 是 or 否. */
function thresholdText(indicator: EvaluationIndicator, t: number): string {
  if (isYesNo(indicator)) return t === 1 ? '是' : t === 0 ? '否' : String(t)
  const unit = unitOf(indicator)
  const n = unit === '' && Number.isInteger(t) ? t.toFixed(1) : String(t)
  return unit === '' ? n : unit === '%' ? `${n}%` : `${n} ${unit}`
}

/** Short names for tags and column heads (the full name stays in the tooltip). */
export const INDICATOR_SHORT: Record<EvaluationIndicator, string> = {
  plotRatio: '容积率',
  density: '建筑密度',
  taxPerMu: '亩均税收',
  valueAddedPerMu: '亩均增加值',
  idleYears: '逾期未开工',
  stopped: '停产/半停产',
}

/** A column head: the short name and the unit, "建筑密度（%）". */
export function indicatorHead(indicator: EvaluationIndicator): string {
  const unit = unitOf(indicator)
  return unit ? `${INDICATOR_SHORT[indicator]}（${unit}）` : INDICATOR_SHORT[indicator]
}

/** A condition for a tag: "容积率<1.0", "逾期未开工≥1年", "停产/半停产". */
export function shortConditionText(item: Pick<ModelItem, 'indicator' | 'operator' | 'threshold'>): string {
  const short = INDICATOR_SHORT[item.indicator]
  if (isYesNo(item.indicator) && item.operator === '=' && item.threshold === 1) return short
  const unit = unitOf(item.indicator)
  const t = unit === '' && Number.isInteger(item.threshold) ? item.threshold.toFixed(1) : String(item.threshold)
  return `${short}${OPERATOR_LABEL[item.operator]}${t}${unit === '%' || unit === '年' ? unit : ''}`
}

/** The condition alone: "容积率 < 1.0", "用地单位停产或半停产 = 是". */
export function conditionText(item: Pick<ModelItem, 'indicator' | 'operator' | 'threshold'>): string {
  return `${EVALUATION_INDICATORS[item.indicator].name} ${OPERATOR_LABEL[item.operator]} ${thresholdText(item.indicator, item.threshold)}`
}

/** The condition with its weight: "容积率 < 1.0（25分）". */
export function itemText(item: ModelItem): string {
  return `${conditionText(item)}（${formatWeight(item.weight)}分）`
}

/** A weight or score without trailing zeros (25, 12.5). */
export function formatWeight(v: number): string {
  return String(roundTo(v, 2))
}

/** An indicator's value of a parcel with its unit, e.g. "0.85", "23.40%", "是". */
export function formatIndicatorValue(indicator: EvaluationIndicator, v: number | null | undefined): string {
  if (!known(v)) return NO_FIGURE
  if (isYesNo(indicator)) return v === 1 ? '是' : v === 0 ? '否' : formatAmount(v)
  return unitOf(indicator) === '%' ? `${formatAmount(v)}%` : formatAmount(v)
}

/** A run as the run select lists it: "2025年 · 模型名 · 2026/01/05 14:30 · 陈土地". */
export function runLabel(run: EvaluationRun): string {
  return [`${run.year}年`, run.modelName, formatTime(run.runAt), run.runBy].join(' · ')
}

/** Where a run looked: the district, or the province when it covered all. */
export function runScope(run: EvaluationRun): string {
  return run.regionName ?? '全省'
}
