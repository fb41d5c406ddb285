/**
 * The colours of a score: a sequential ramp from the run's pass score (light orange) to 100 (deep
 * red) for flagged parcels, grey below the pass score; the legend's bands of that ramp.
 */
import { rampColor } from '../../../map/rules/choropleth-rules'

/** Light → deep: from just flagged to the worst. */
export const SCORE_RAMP = ['#fdd49e', '#fc8d59', '#e34a33', '#b30000'] as const

/** A score under the pass score. */
export const BELOW_PASS = '#8c99ad'

/** The fill of a score against the pass score. */
export function scoreColor(score: number, passScore: number): string {
  return score < passScore ? BELOW_PASS : rampColor(score, passScore, 100, SCORE_RAMP)
}

/** One legend entry. */
export interface ScoreBand {
  label: string
  color: string
}

/** The legend: `bands` equal steps from the pass score to 100, each in its middle's colour. */
export function scoreBands(passScore: number, bands = 4): ScoreBand[] {
  if (!(passScore < 100)) return [{ label: '100 分', color: scoreColor(100, passScore) }]
  const step = (100 - passScore) / bands
  const round = (v: number) => Math.round(v * 10) / 10
  return Array.from({ length: bands }, (_, i) => {
    const from = passScore + step * i
    const to = from + step
    return { label: `${round(from)}–${round(to)} 分`, color: scoreColor(from + step / 2, passScore) }
  })
}
