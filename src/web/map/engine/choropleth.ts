/**
 * L7 builder of a 分级设色 (choropleth): filled regions in their joined colour (property `color`,
 * see rules/choropleth-rules), outlines, a hover highlight. The fill is the pickable layer.
 */
import { LineLayer, PolygonLayer } from '@antv/l7-layers'
import type { ILayer } from '@antv/l7-core'
import type { FeatureCollection } from 'geojson'
import { fillRings } from '../rules/fill-rules'

/** Look of a choropleth. */
export interface ChoroplethStyle {
  opacity: number
  line: string
  lineWidth: number
  /** fill of the hovered region */
  highlight: string
}

/** The fill (pickable, first) and its outline. */
export function choropleth(fc: FeatureCollection, s: ChoroplethStyle, zIndex = 5): { fill: ILayer; layers: ILayer[] } {
  const fill = new PolygonLayer({ zIndex })
    .source(fillRings(fc))
    .shape('fill')
    .color('color', (c: string) => c)
    .style({ opacity: s.opacity })
    .active({ color: s.highlight }) as unknown as ILayer
  const line = new LineLayer({ zIndex: zIndex + 1 }).source(fc).shape('line').size(s.lineWidth).color(s.line) as unknown as ILayer
  return { fill, layers: [fill, line] }
}
