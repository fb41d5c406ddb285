/**
 * 各项指标命中 as a pure G2 spec: per item of the run's model, how many parcels meet it (flagged or
 * not), the item written as "容积率 < 1.0（25分）". A click on a bar reports the item's indicator.
 */
import type { G2Spec } from '../../../charts/g2-spec'
import type { EvaluationAbstract, ModelItem } from '../../../../domain/contracts/land-evaluation'
import { BRAND } from '../../../ui/theme'
import { countTick, formatCount, itemText } from './evaluation-format'

/** One bar: the indicator as key, the item in words, its parcels and their share of the run. */
export interface ItemHitPoint {
  key: string
  name: string
  count: number
  share: number
}

/** The bars in the model's order. */
export function itemHitPoints(items: readonly ModelItem[], byItem: EvaluationAbstract['byItem'], parcelCount: number): ItemHitPoint[] {
  const counts = new Map(byItem.map((b) => [b.index, b.count]))
  return items.map((item, i) => {
    const count = counts.get(i) ?? 0
    return { key: item.indicator, name: itemText(item), count, share: parcelCount > 0 ? count / parcelCount : 0 }
  })
}

/** The G2 spec of the item hits (bars from the left axis: the items are long). */
export function buildItemHitSpec(items: readonly ModelItem[], byItem: EvaluationAbstract['byItem'], parcelCount: number): G2Spec {
  const data = itemHitPoints(items, byItem, parcelCount)
  return {
    type: 'interval',
    autoFit: true,
    animate: false,
    paddingRight: 72,
    data,
    encode: { x: 'name', y: 'count' },
    coordinate: { transform: [{ type: 'transpose' }] },
    scale: { x: { padding: 0.3 }, y: { nice: true, tickCount: 5 } },
    style: { fill: BRAND.primary, maxWidth: 22, cursor: 'pointer' },
    axis: {
      x: { title: false, labelAutoHide: false, labelFontSize: 12 },
      y: { title: '命中地块（宗）', titleFontSize: 12, labelFormatter: countTick, labelAutoRotate: false },
    },
    labels: [
      {
        text: (d: ItemHitPoint) => `${formatCount(d.count)}（${Math.round(d.share * 100)}%）`,
        position: 'right',
        textAlign: 'start',
        dx: 4,
        fontSize: 11,
        fill: BRAND.text,
      },
    ],
    tooltip: { title: 'name', items: [{ field: 'count', name: '命中地块', valueFormatter: (v: number) => `${formatCount(v)} 宗` }] },
  }
}
