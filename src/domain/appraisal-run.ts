/**
 * The 亩均效益评价 run (docs/domain.md "亩均效益评价"), pure: a model scores the enterprises of one
 * county and scale in one year. Each indicator — a figure of the catalogue, computed by the
 * catalogue's formula — scores weight × min(value ÷ benchmark, cap) (benchmark: the county's norm of
 * the enterprise's GB/T 4754 division, else the group's median); 加分/减分 items add their points;
 * the class follows the model's rule (quota or thresholds), and a D trigger (亩均税收 below the
 * model's floor, a 一票否决 event) makes D whatever the score. Nothing here rounds but the reason text.
 */
import { FIGURES, INDICATOR_KEYS } from './figures/catalogue'
import type { AppraisalClass } from './appraisal'

/** Indicators a model may weigh: the six of docs/domain.md, and 亩均营业收入 of the 规下 model. */
export const MODEL_INDICATOR_KEYS = [...INDICATOR_KEYS, 'revenuePerMu'] as const
export type ModelIndicatorKey = (typeof MODEL_INDICATOR_KEYS)[number]

/** Enterprise scale (规上 / 规下): each has its own model. */
export const SCALES = ['规上', '规下'] as const
export type Scale = (typeof SCALES)[number]

/** A class rule: quotas in percent of the group (A top, D bottom, B after A), or score thresholds. */
export type ClassRule = { mode: 'quota'; a: number; b: number; d: number } | { mode: 'threshold'; a: number; b: number; c: number }

/** A model as a run reads it. */
export interface AppraisalModelSpec {
  scale: Scale
  indicators: { key: ModelIndicatorKey; weight: number }[]
  /** the highest value ÷ benchmark that scores (default 1.5) */
  cap: number
  /** where the benchmark comes from: the norms table (falling back to the median) or the group median */
  benchmark: 'norm' | 'median'
  /** 规下 enterprises need at least this much land (亩) to be appraised; 规上 always are */
  minLandMu: number
  /** D trigger: 亩均税收 (万元/亩, unrounded) below this is D */
  minTaxPerMu: number
  /** 加分 (> 0) and 减分 (< 0) items by event name */
  bonus: { name: string; points: number }[]
  /** 一票否决 event names: D whatever the score */
  vetoes: string[]
  rule: ClassRule
}

/** The default models of docs/domain.md: 规上 40/20/10/10/10/10, 规下 亩均税收 60 + 亩均营业收入 40; A top 20 %, D bottom 5 %. */
export function defaultModel(scale: Scale): AppraisalModelSpec {
  const indicators: AppraisalModelSpec['indicators'] =
    scale === '规上'
      ? [
          { key: 'taxPerMu', weight: 40 },
          { key: 'valueAddedPerMu', weight: 20 },
          { key: 'laborProductivity', weight: 10 },
          { key: 'energyEfficiency', weight: 10 },
          { key: 'emissionEfficiency', weight: 10 },
          { key: 'rdRatio', weight: 10 },
        ]
      : [
          { key: 'taxPerMu', weight: 60 },
          { key: 'revenuePerMu', weight: 40 },
        ]
  return {
    scale,
    indicators,
    cap: 1.5,
    benchmark: 'median',
    minLandMu: 3,
    minTaxPerMu: 1,
    bonus: [
      { name: '高新技术企业', points: 5 },
      { name: '违法用地', points: -10 },
    ],
    vetoes: ['重大安全事故', '重大环境污染事件'],
    rule: { mode: 'quota', a: 20, b: 40, d: 5 },
  }
}

/** One problem of a model: the field and the rule, in Chinese. */
export interface ModelProblem {
  field: string
  message: string
}

/** The rules a model must keep; empty when it is valid. Weights must total 100 (the message names the total). */
export function modelProblems(m: AppraisalModelSpec): ModelProblem[] {
  const out: ModelProblem[] = []
  if (m.indicators.length === 0) out.push({ field: 'indicators', message: '评价指标不能为空' })
  const seen = new Set<string>()
  m.indicators.forEach((x, i) => {
    if (!(MODEL_INDICATOR_KEYS as readonly string[]).includes(x.key))
      out.push({ field: `indicators.${i}.key`, message: `未知的评价指标 ${x.key}` })
    if (seen.has(x.key)) out.push({ field: `indicators.${i}.key`, message: `评价指标 ${indicatorName(x.key)} 重复` })
    seen.add(x.key)
    if (!(x.weight > 0)) out.push({ field: `indicators.${i}.weight`, message: `${indicatorName(x.key)}的权重应大于0` })
  })
  const total = weightTotal(m.indicators)
  if (Math.abs(total - 100) > 1e-9) out.push({ field: 'indicators', message: `指标权重合计应为100，当前为${total}` })
  if (!(m.cap >= 1)) out.push({ field: 'cap', message: '封顶系数 cap 应不小于1' })
  const r = m.rule
  if (r.mode === 'quota') {
    for (const k of ['a', 'b', 'd'] as const)
      if (!(r[k] >= 0 && r[k] <= 100)) out.push({ field: `rule.${k}`, message: `${k.toUpperCase()}类比例应在0到100之间` })
    if (r.a + r.b + r.d > 100) out.push({ field: 'rule', message: `A、B、D类比例合计不能超过100%，当前为${r.a + r.b + r.d}%` })
  } else if (!(r.a > r.b && r.b > r.c && r.c >= 0)) {
    out.push({ field: 'rule', message: '分数线应为 A > B > C ≥ 0' })
  }
  return out
}

/** Σ weights (the live total of the model editor). */
export function weightTotal(indicators: { weight: number }[]): number {
  return Math.round(indicators.reduce((s, x) => s + (Number.isFinite(x.weight) ? x.weight : 0), 0) * 1e6) / 1e6
}

/** The catalogue name of a model indicator. */
export function indicatorName(key: string): string {
  return (FIGURES as Record<string, { name: string }>)[key]?.name ?? key
}

/** One enterprise as the run reads it: its indicator values (the catalogue's formulas, computed by the server). */
export interface AppraisalSubject {
  enterpriseId: number
  /** GB/T 4754 division (C34), for the norms */
  division: string | null
  values: Partial<Record<ModelIndicatorKey, number | null>>
  /** the event names of the year (加分/减分/一票否决) */
  events: string[]
}

/** The score of one indicator. */
export interface IndicatorScore {
  value: number | null
  benchmark: number | null
  score: number
}

/** The outcome of one enterprise. */
export interface AppraisalOutcome {
  enterpriseId: number
  scores: Partial<Record<ModelIndicatorKey, IndicatorScore>>
  adjustments: { name: string; points: number }[]
  total: number
  rank: number
  groupSize: number
  class: AppraisalClass
  reason: string
}

/** Median of the numbers (mean of the middle two for an even count), null for none. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null
  const s = [...values].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2
}

/** How the reason of a D by a trigger starts (评价监测 tells these from D by the quota or score line). */
export const D_TRIGGER_REASONS = { veto: '一票否决：', taxFloor: '亩均税收 ' } as const

/** half away from zero, as SQL round(numeric): the quota counts */
const roundHalfUp = (x: number) => Math.floor(x + 0.5)
const show = (x: number) => (Math.round(x * 100) / 100).toFixed(2)

/**
 * Scores, ranks and classes one group (one county, one scale, one year) by its model. `norm`
 * answers the county's norm of a division and indicator (undefined: none).
 */
export function runGroup(
  subjects: AppraisalSubject[],
  model: AppraisalModelSpec,
  norm: (division: string | null, key: ModelIndicatorKey) => number | undefined = () => undefined,
): AppraisalOutcome[] {
  const medians = new Map<ModelIndicatorKey, number | null>()
  for (const { key } of model.indicators) {
    medians.set(key, median(subjects.map((s) => s.values[key]).filter((v): v is number => v !== null && v !== undefined)))
  }
  const scored = subjects.map((s) => {
    const scores: Partial<Record<ModelIndicatorKey, IndicatorScore>> = {}
    let sum = 0
    for (const { key, weight } of model.indicators) {
      const value = s.values[key] ?? null
      const fromNorm = model.benchmark === 'norm' ? norm(s.division, key) : undefined
      const benchmark = fromNorm ?? medians.get(key) ?? null
      const score = value !== null && benchmark !== null && benchmark > 0 ? weight * Math.min(Math.max(value / benchmark, 0), model.cap) : 0
      scores[key] = { value, benchmark, score }
      sum += score
    }
    const adjustments = model.bonus.filter((b) => s.events.includes(b.name)).map((b) => ({ name: b.name, points: b.points }))
    const total = sum + adjustments.reduce((t, a) => t + a.points, 0)
    return { s, scores, adjustments, total }
  })
  scored.sort((a, b) => b.total - a.total || a.s.enterpriseId - b.s.enterpriseId)
  const n = scored.length
  const r = model.rule
  return scored.map((x, i) => {
    const rank = i + 1
    const veto = model.vetoes.find((v) => x.s.events.includes(v))
    const tax = x.s.values.taxPerMu ?? null
    let cls: AppraisalClass
    let reason: string
    if (veto) {
      cls = 'D'
      reason = `${D_TRIGGER_REASONS.veto}${veto}`
    } else if (tax !== null && tax < model.minTaxPerMu) {
      cls = 'D'
      reason = `${D_TRIGGER_REASONS.taxFloor}${show(tax)} 万元/亩，低于 ${model.minTaxPerMu} 万元/亩`
    } else if (r.mode === 'quota') {
      cls =
        rank > n - roundHalfUp((n * r.d) / 100)
          ? 'D'
          : rank <= roundHalfUp((n * r.a) / 100)
            ? 'A'
            : rank <= roundHalfUp((n * (r.a + r.b)) / 100)
              ? 'B'
              : 'C'
      reason = `综合得分 ${show(x.total)}，排名 ${rank}/${n}，按比例（A类前${r.a}%、B类其后${r.b}%、D类后${r.d}%）评为${cls}类`
    } else {
      cls = x.total >= r.a ? 'A' : x.total >= r.b ? 'B' : x.total >= r.c ? 'C' : 'D'
      reason = `综合得分 ${show(x.total)}，按分数线（A≥${r.a}、B≥${r.b}、C≥${r.c}）评为${cls}类`
    }
    return {
      enterpriseId: x.s.enterpriseId,
      scores: x.scores,
      adjustments: x.adjustments,
      total: x.total,
      rank,
      groupSize: n,
      class: cls,
      reason,
    }
  })
}
