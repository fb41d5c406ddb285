/**
 * 评价审定 of a model change (issue 28): what a draft changes against the model in force, line by
 * line, so that the approving account sees exactly what it approves.
 */
import { indicatorName, type AppraisalModelSpec } from './appraisal-run'

/** One changed setting of a model: what, before, after. */
export interface ModelChange {
  what: string
  before: string
  after: string
}

const ruleText = (r: AppraisalModelSpec['rule']): string =>
  r.mode === 'quota' ? `按比例：A前${r.a}%、B前${r.b}%、D后${r.d}%` : `按分数线：A≥${r.a}、B≥${r.b}、C≥${r.c}`
const points = (p: number) => (p > 0 ? `+${p}` : String(p))

/** The settings a draft changes against the model in force (empty: it changes nothing). */
export function modelDiff(before: AppraisalModelSpec, after: AppraisalModelSpec): ModelChange[] {
  const out: ModelChange[] = []
  const add = (what: string, b: string, a: string) => {
    if (b !== a) out.push({ what, before: b || '—', after: a || '—' })
  }
  const weights = (m: AppraisalModelSpec) => new Map(m.indicators.map((i) => [i.key as string, i.weight]))
  const wb = weights(before)
  const wa = weights(after)
  for (const key of new Set([...wb.keys(), ...wa.keys()]))
    add(`${indicatorName(key)}权重`, wb.has(key) ? String(wb.get(key)) : '', wa.has(key) ? String(wa.get(key)) : '')
  add('封顶系数', String(before.cap), String(after.cap))
  add('基准来源', before.benchmark === 'norm' ? '评价标准' : '区县中位数', after.benchmark === 'norm' ? '评价标准' : '区县中位数')
  add('规下企业用地下限（亩）', String(before.minLandMu), String(after.minLandMu))
  add('D类亩均税收下限（万元/亩）', String(before.minTaxPerMu), String(after.minTaxPerMu))
  const bonus = (m: AppraisalModelSpec) => m.bonus.map((x) => `${x.name}${points(x.points)}`).join('、')
  add('加减分', bonus(before), bonus(after))
  add('一票否决', before.vetoes.join('、'), after.vetoes.join('、'))
  add('分类规则', ruleText(before.rule), ruleText(after.rule))
  return out
}
