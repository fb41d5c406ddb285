/**
 * 各区县疑似低效 as a pure G2 spec: the flagged parcels per county, most first, at most `top`
 * counties (10); the tooltip adds their area (亩) and the county's parcels scored.
 */
import type { G2Spec } from '../../../charts/g2-spec'
import type { EvaluationAbstract } from '../../../../domain/contracts/land-evaluation'
import { BRAND } from '../../../ui/theme'
import { countTick, formatAmount, formatCount } from './evaluation-format'
import { SCORE_RAMP } from './score-colors'

/** One bar: the county code as key, its name and figures. */
export interface CountyPoint {
  key: string
  name: string
  flaggedCount: number
  flaggedAreaMu: number
  parcelCount: number
}

/** Counties with flagged parcels, most first, cut to `top`. */
export function countyPoints(rows: EvaluationAbstract['byCounty'], top = 10): CountyPoint[] {
  return rows
    .filter((r) => r.flaggedCount > 0)
    .sort((a, b) => b.flaggedCount - a.flaggedCount || b.flaggedAreaMu - a.flaggedAreaMu)
    .slice(0, top)
    .map((r) => ({ key: r.code, name: r.name, flaggedCount: r.flaggedCount, flaggedAreaMu: r.flaggedAreaMu, parcelCount: r.parcelCount }))
}

/** The G2 spec of the county bars. */
export function buildCountySpec(rows: EvaluationAbstract['byCounty'], top = 10): G2Spec {
  const data = countyPoints(rows, top)
  return {
    type: 'interval',
    autoFit: true,
    animate: false,
    paddingRight: 40,
    data,
    encode: { x: 'name', y: 'flaggedCount' },
    coordinate: { transform: [{ type: 'transpose' }] },
    scale: { x: { padding: 0.3 }, y: { nice: true, tickCount: 5 } },
    style: { fill: SCORE_RAMP[2], maxWidth: 18 },
    axis: {
      x: { title: false, labelAutoHide: false, labelFontSize: 12 },
      y: { title: '疑似低效（宗）', titleFontSize: 12, labelFormatter: countTick, labelAutoRotate: false },
    },
    labels: [
      {
        text: (d: CountyPoint) => formatCount(d.flaggedCount),
        position: 'right',
        textAlign: 'start',
        dx: 4,
        fontSize: 11,
        fill: BRAND.text,
      },
    ],
    tooltip: {
      title: 'name',
      items: [
        { field: 'flaggedCount', name: '疑似低效', valueFormatter: (v: number) => `${formatCount(v)} 宗` },
        { field: 'flaggedAreaMu', name: '疑似低效面积', valueFormatter: (v: number) => `${formatAmount(v)} 亩` },
        { field: 'parcelCount', name: '参评地块', valueFormatter: (v: number) => `${formatCount(v)} 宗` },
      ],
    },
  }
}
