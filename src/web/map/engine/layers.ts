/**
 * L7 layer builders from plain data: raster tiles, outlines with labels, vector tiles from our
 * API, GeoJSON shapes, heat. Only this room calls L7; features pass data and colours.
 */
import { HeatmapLayer, LineLayer, PointLayer, PolygonLayer, RasterLayer } from '@antv/l7-layers'
import type { ILayer } from '@antv/l7-core'
import type { FeatureCollection } from 'geojson'
import { HEAT } from '../../../domain/map-constants'
import { HEAT_RAMP } from '../rules/cluster-rules'
import type { TileSource } from '../rules/base-map-rules'
import { fillRings } from '../rules/fill-rules'

/** A raster tile layer from a URL template with {x}{y}{z} and subdomain placeholders (docs/product.md §7). */
export function rasterTiles(src: Pick<TileSource, 'url' | 'minZoom' | 'maxZoom'>, opacity = 1, zIndex = 0): ILayer {
  return new RasterLayer({ zIndex, minZoom: src.minZoom, maxZoom: src.maxZoom + 0.99 })
    .source(src.url, { parser: { type: 'rasterTile', tileSize: 256, zoomOffset: 0 } })
    .style({ opacity }) as unknown as ILayer
}

/** Outline drawing style of the offline base map. */
export interface OutlineStyle {
  fill: string
  fillOpacity: number
  line: string
  lineWidth: number
  label?: string
  labelSize?: number
  /** halo around label text; dark on a dark base */
  labelHalo?: string
}

/** Filled outlines with their lines and name labels (the offline base map, district outlines). */
export function outlines(fc: FeatureCollection, s: OutlineStyle, zIndex = 0): ILayer[] {
  const fill = new PolygonLayer({ zIndex }).source(fillRings(fc)).shape('fill').color(s.fill).style({ opacity: s.fillOpacity })
  const line = new LineLayer({ zIndex: zIndex + 1 }).source(fc).shape('line').size(s.lineWidth).color(s.line)
  const layers = [fill, line] as unknown as ILayer[]
  if (s.label) {
    const labels = fc.features.map((f) => ({
      name: String(f.properties?.name ?? ''),
      lng: Number(f.properties?.labelLng),
      lat: Number(f.properties?.labelLat),
    }))
    layers.push(
      new PointLayer({ zIndex: zIndex + 2 })
        .source(labels, { parser: { type: 'json', x: 'lng', y: 'lat' } })
        .shape('name', 'text')
        .size(s.labelSize ?? 12)
        .color(s.label)
        .style({ textAnchor: 'center', stroke: s.labelHalo ?? '#ffffff', strokeWidth: 2, textAllowOverlap: false }) as unknown as ILayer,
    )
  }
  return layers
}

/** Vector tiles of our API (`/api/tiles/{layer}/{z}/{x}/{y}.pbf`) coloured by a property. */
export function vectorTilePolygons(opts: {
  url: string
  sourceLayer: string
  headers: Record<string, string>
  colorField: string
  colors: Record<string, string>
  minZoom: number
  zIndex?: number
}): ILayer {
  const keys = Object.keys(opts.colors)
  return new PolygonLayer({ zIndex: opts.zIndex ?? 10, sourceLayer: opts.sourceLayer, featureId: 'id', minZoom: opts.minZoom })
    .source(opts.url, { parser: { type: 'mvt', tileSize: 256, maxZoom: 18, requestParameters: { headers: opts.headers } } })
    .shape('fill')
    .color(opts.colorField, (v: string) => opts.colors[v] ?? opts.colors[keys[0]])
    .style({ opacity: 0.75 })
    .active({ color: '#ffd400' }) as unknown as ILayer
}

/** Outlines of the polygons of our vector tiles in one colour (zones of a district). */
export function vectorTileOutlines(opts: {
  url: string
  sourceLayer: string
  headers: Record<string, string>
  color: string
  width: number
  minZoom: number
  zIndex?: number
}): ILayer {
  return new LineLayer({ zIndex: opts.zIndex ?? 25, sourceLayer: opts.sourceLayer, featureId: 'id', minZoom: opts.minZoom })
    .source(opts.url, { parser: { type: 'mvt', tileSize: 256, maxZoom: 18, requestParameters: { headers: opts.headers } } })
    .shape('line')
    .size(opts.width)
    .color(opts.color) as unknown as ILayer
}

/** GeoJSON shapes as an outline (dashed when asked) or a fill, e.g. zones and new-build shapes. */
export function shapes(
  fc: FeatureCollection,
  style: { color: string; kind: 'outline' | 'fill'; dashed?: boolean; width?: number },
  zIndex = 20,
): ILayer[] {
  if (style.kind === 'fill') {
    return [
      new PolygonLayer({ zIndex }).source(fillRings(fc)).shape('fill').color(style.color).style({ opacity: 0.6 }) as unknown as ILayer,
    ]
  }
  const line = new LineLayer({ zIndex })
    .source(fc)
    .shape('line')
    .size(style.width ?? 2)
    .color(style.color)
  if (style.dashed) line.style({ lineType: 'dash', dashArray: [4, 3] })
  return [line as unknown as ILayer]
}

/** docs/product.md §9 heat: radius 25 plus blur 15 (L7's kernel radius covers both), gradient stops 0.4…1. */
export function heat(rows: { lng: number; lat: number; w: number }[], zIndex = 15): ILayer {
  return (
    new HeatmapLayer({ zIndex })
      .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
      .shape('heatmap')
      // the weight as given (a merged cell carries the sum of its points), not rescaled to the data
      .size('w', (w: number) => w)
      .style({ intensity: 2, radius: HEAT.radius + HEAT.blur, opacity: 0.85, rampColors: HEAT_RAMP }) as unknown as ILayer
  )
}

/** Circles with a count label (cluster markers, district markers). */
export function countedCircles(rows: { lng: number; lat: number; label: string; size: number; color: string }[], zIndex = 30): ILayer[] {
  const circles = new PointLayer({ zIndex })
    .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
    .shape('circle')
    .size('size', (v: number) => v)
    .color('color', (v: string) => v)
    .style({ opacity: 0.85, stroke: '#ffffff', strokeWidth: 2 })
  const labels = new PointLayer({ zIndex: zIndex + 1 })
    .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
    .shape('label', 'text')
    .size(12)
    .color('#ffffff')
    .style({ textAllowOverlap: true, textAnchor: 'center' })
  return [circles, labels] as unknown as ILayer[]
}

/** Points as circles of one colour (e.g. an enterprise's location), with an optional text label. */
export function markers(fc: FeatureCollection, style: { color: string; size?: number; label?: string }, zIndex = 26): ILayer[] {
  const rows = fc.features
    .filter((f) => f.geometry?.type === 'Point')
    .map((f) => {
      const [lng, lat] = (f.geometry as { coordinates: number[] }).coordinates
      return { lng, lat, label: String(f.properties?.label ?? style.label ?? '') }
    })
  const circles = new PointLayer({ zIndex })
    .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
    .shape('circle')
    .size(style.size ?? 10)
    .color(style.color)
    .style({ opacity: 0.9, stroke: '#ffffff', strokeWidth: 2 })
  const layers = [circles] as unknown as ILayer[]
  if (rows.some((r) => r.label)) {
    layers.push(
      new PointLayer({ zIndex: zIndex + 1 })
        .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
        .shape('label', 'text')
        .size(12)
        .color('#1f2d3d')
        .style({ textAnchor: 'top', textOffset: [0, 14], stroke: '#ffffff', strokeWidth: 2, textAllowOverlap: true }) as unknown as ILayer,
    )
  }
  return layers
}

/** A region drawn as a symbol at its seat: circle radius in pixels, fill colour, and its name. */
export interface SeatSymbolRow {
  lng: number
  lat: number
  radius: number
  color: string
  name: string
}

/**
 * Circles at seats with their names under them (issue 19: a level with no outlines shows its
 * regions' figures as proportional symbols). The circles are the pickable first layer; names give
 * way to each other where they would overlap.
 */
export function seatSymbols<T extends SeatSymbolRow>(
  rows: T[],
  s: {
    stroke: string
    label: string
    labelHalo: string
    labelSize: number
    opacity?: number
    /** pixels between a seat and the top of its name */ labelOffset?: number
  },
  zIndex = 18,
): ILayer[] {
  const circles = new PointLayer({ zIndex })
    .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
    .shape('circle')
    .size('radius', (r: number) => r)
    .color('color', (c: string) => c)
    .style({ opacity: s.opacity ?? 0.9, stroke: s.stroke, strokeWidth: 1 })
  const labels = new PointLayer({ zIndex: zIndex + 1 })
    .source(rows, { parser: { type: 'json', x: 'lng', y: 'lat' } })
    .shape('name', 'text')
    .size(s.labelSize)
    .color(s.label)
    .style({
      textAnchor: 'top',
      textOffset: [0, s.labelOffset ?? 8],
      padding: [2, 2],
      stroke: s.labelHalo,
      strokeWidth: 2,
      textAllowOverlap: false,
    })
  labels.updateLayerConfig({ enableSelect: false, enableHighlight: false })
  return [circles, labels] as unknown as ILayer[]
}
