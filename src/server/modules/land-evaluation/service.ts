/**
 * 低效用地评价: a model's conditions applied to a parcel's values — the score is the sum of the
 * weights of the conditions met; a parcel at or above the model's pass score is 疑似低效. A value
 * that is not known (no holder, no figures) meets no condition.
 */
import type { EvaluationIndicator, ModelItem, Operator } from '../../../domain/contracts/land-evaluation'
import { roundTo } from '../../../domain/codes/units'
import { closedBeforeFigures } from '../../../domain/revitalize'
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

/**
 * Scores one parcel with a model's items for a run of `year`. A parcel 销号 in that year or after it
 * (its 盘活 not yet judged by a year of figures) is scored but not flagged (docs/domain.md 台账).
 */
export function score(p: ParcelFacts, items: readonly ModelItem[], passScore: number, year: number): ScoredParcel {
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
  const reopened = closedBeforeFigures(p.closed_date, year)
  return {
    id: p.id,
    score: s,
    flagged: s >= passScore && reopened,
    vals,
    hits,
    m2: p.area_m2 ?? 0,
    closedDate: reopened ? null : p.closed_date,
  }
}
