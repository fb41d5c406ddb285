/**
 * 低效用地评价: a model's conditions applied to a parcel's values — the score is the sum of the
 * weights of the conditions met; a parcel at or above the model's pass score is 疑似低效. A value
 * that is not known (no holder, no figures) meets no condition.
 */
import type { EvaluationIndicator, ModelItem, Operator } from '../../../domain/contracts/land-evaluation'
import { roundTo } from '../../../domain/codes/units'
import type { ParcelFacts, ScoredParcel } from './repo'

const TESTS: Record<Operator, (v: number, t: number) => boolean> = {
  '<': (v, t) => v < t,
  '<=': (v, t) => v <= t,
  '>': (v, t) => v > t,
  '>=': (v, t) => v >= t,
  '=': (v, t) => v === t,
}

/** The values of a parcel by indicator. */
export function valuesOf(p: ParcelFacts): Record<EvaluationIndicator, number | null> {
  const r = (v: number | null, d = 2) => (v === null ? null : roundTo(v, d))
  return {
    plotRatio: r(p.plot_ratio),
    density: r(p.density, 1),
    taxPerMu: r(p.tax_per_mu),
    valueAddedPerMu: r(p.value_added_per_mu),
    idleYears: r(p.idle_years),
    stopped: p.stopped,
  }
}

/** Scores one parcel with a model's items. */
export function score(p: ParcelFacts, items: readonly ModelItem[], passScore: number): ScoredParcel {
  const vals = valuesOf(p)
  const hits: number[] = []
  let total = 0
  items.forEach((item, i) => {
    const v = vals[item.indicator]
    if (v !== null && TESTS[item.operator](v, item.threshold)) {
      hits.push(i)
      total += item.weight
    }
  })
  const s = roundTo(total, 2)
  return { id: p.id, score: s, flagged: s >= passScore, vals, hits, m2: p.area_m2 ?? 0 }
}
