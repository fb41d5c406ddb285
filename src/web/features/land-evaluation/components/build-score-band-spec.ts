/**
 * 得分分布 as a pure G2 spec (docs/conventions.md "Layers, charts and walls as data"): the run's parcels in
 * score bands of 10 points, the bands at or above the pass score in the flagged colour, those
 * below in grey, a band that the pass score cuts in a lighter flagged colour.
 */
import type { G2Spec } from '../../../charts/g2-spec'
import type { EvaluationAbstract } from '../../../../domain/contracts/land-evaluation'
import { BRAND } from '../../../ui/theme'
import { BELOW_PASS, SCORE_RAMP } from './score-colors'
import { countTick, formatCount } from './evaluation-format'

/** Where a band lies against the pass score. */
export type BandSide = '低于认定分值' | '跨认定分值' | '达到认定分值'

/** One bar: the band's lower bound as key, "60–70" as name, its parcels. */
export interface ScoreBandPoint {
  key: string
  name: string
  count: number
  side: BandSide
}

const SIDE_COLORS: Record<BandSide, string> = { 低于认定分值: BELOW_PASS, 跨认定分值: SCORE_RAMP[1], 达到认定分值: SCORE_RAMP[2] }

/** The bars of the bands, lowest first. */
export function scoreBandPoints(bands: EvaluationAbstract['scoreBands'], passScore: number): ScoreBandPoint[] {
  return [...bands]
    .sort((a, b) => a.from - b.from)
    .map((b) => {
      const to = b.from >= 90 ? 100 : b.from + 10
      const side: BandSide = b.from >= passScore ? '达到认定分值' : to <= passScore ? '低于认定分值' : '跨认定分值'
      return { key: String(b.from), name: `${b.from}–${to}`, count: b.count, side }
    })
}

/** The G2 spec of the score distribution. */
export function buildScoreBandSpec(bands: EvaluationAbstract['scoreBands'], passScore: number): G2Spec {
  const data = scoreBandPoints(bands, passScore)
  const sides = (Object.keys(SIDE_COLORS) as BandSide[]).filter((s) => data.some((d) => d.side === s))
  return {
    type: 'interval',
    autoFit: true,
    animate: false,
    paddingTop: 24,
    data,
    encode: { x: 'name', y: 'count', color: 'side' },
    scale: { x: { padding: 0.2 }, y: { nice: true }, color: { domain: sides, range: sides.map((s) => SIDE_COLORS[s]) } },
    style: { maxWidth: 36 },
    axis: {
      x: { title: '得分（分）', titleFontSize: 12, labelAutoRotate: false },
      y: { title: '地块（宗）', titleFontSize: 12, labelFormatter: countTick, labelAutoRotate: false },
    },
    legend: { color: { position: 'top', layout: { justifyContent: 'flex-end' } } },
    labels: [
      {
        text: (d: ScoreBandPoint) => (d.count ? formatCount(d.count) : ''),
        position: 'top',
        textBaseline: 'bottom',
        dy: -3,
        fontSize: 11,
        fill: BRAND.text,
      },
    ],
    tooltip: {
      title: (d: ScoreBandPoint) => `${d.name} 分`,
      items: [{ field: 'count', name: '地块', valueFormatter: (v: number) => `${formatCount(v)} 宗` }],
    },
  }
}
