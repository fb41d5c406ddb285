/**
 * Regions without outlines (issue 19): the plan of a region map, the symbols' places and sizes, the
 * symbol map option, and the registration that never hands ECharts a map with no region — the
 * cause of /visual's crash on a start without county outlines.
 */
import type { MultiPolygon, Polygon } from 'geojson'
import { describe, expect, it } from 'vitest'
import type { OutlineCollection } from '../../../../src/domain/contracts/outlines'
import { buildMapOption } from '../../../../src/web/charts/build-map-option'
import { buildSymbolMapOption } from '../../../../src/web/charts/build-symbol-map-option'
import { wallTheme } from '../../../../src/web/charts/chart-theme'
import { echarts, registerRegionMap } from '../../../../src/web/charts/echarts-setup'
import { planRegionMap, symbolPlaces, symbolSize } from '../../../../src/web/charts/region-symbols'

const square = (x: number, y: number, d = 1): Polygon => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + d, y],
      [x + d, y + d],
      [x, y + d],
      [x, y],
    ],
  ],
})
const outline = (
  code: string,
  name: string,
  geometry: Polygon | MultiPolygon,
  at: [number, number],
): OutlineCollection['features'][number] => ({
  type: 'Feature',
  properties: { code, name, labelLng: at[0], labelLat: at[1] },
  geometry,
})
const LEVELS_CITIES_ONLY = { province: true, city: true, county: false }
const CITIES: OutlineCollection = {
  type: 'FeatureCollection',
  features: [outline('330100', '杭州市', square(119, 29.5), [119.5, 30]), outline('330200', '宁波市', square(121, 29.5), [121.5, 30])],
  levels: LEVELS_CITIES_ONLY,
  seats: [],
}
/** Hangzhou's counties on a start without county outlines: seats only. */
const HZ_SEATS: OutlineCollection = {
  type: 'FeatureCollection',
  features: [],
  levels: LEVELS_CITIES_ONLY,
  seats: [
    { code: '330102', name: '上城区', parentCode: '330100', lng: 119.8, lat: 30.2 },
    { code: '330127', name: '淳安县', parentCode: '330100', lng: 119.1, lat: 29.6 },
    { code: '330182', name: '建德市', parentCode: '330100', lng: 119.3, lat: 29.5 },
  ],
}
const theme = wallTheme(1)
const TAX = { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 2 }

describe('planRegionMap', () => {
  it('fills the outlines when every region of the level has one', () => {
    const plan = planRegionMap(CITIES)
    expect(plan.mode).toBe('choropleth')
    expect(plan.mode === 'choropleth' && plan.outlines.features.map((f) => f.properties.code)).toEqual(['330100', '330200'])
  })

  it('puts counties without outlines at their seats inside the drilled city’s outline', () => {
    const plan = planRegionMap(HZ_SEATS, CITIES, '330100')
    expect(plan.mode).toBe('symbols')
    if (plan.mode !== 'symbols') return
    expect(plan.backdrop.features.map((f) => f.properties.code)).toEqual(['330100'])
    expect(plan.points).toEqual([
      { code: '330102', name: '上城区', lng: 119.8, lat: 30.2 },
      { code: '330127', name: '淳安县', lng: 119.1, lat: 29.6 },
      { code: '330182', name: '建德市', lng: 119.3, lat: 29.5 },
    ])
  })

  it('with some counties outlined, puts those at their label points and keeps their outlines under the symbols', () => {
    const partial: OutlineCollection = {
      ...HZ_SEATS,
      features: [outline('330102', '上城区', square(119.7, 30.1, 0.2), [119.8, 30.2])],
      seats: HZ_SEATS.seats.slice(1),
    }
    const plan = planRegionMap(partial, CITIES, '330100')
    expect(plan.mode).toBe('symbols')
    if (plan.mode !== 'symbols') return
    expect(plan.backdrop.features.map((f) => f.properties.code)).toEqual(['330100', '330102'])
    expect(plan.points.map((p) => p.code)).toEqual(['330102', '330127', '330182'])
  })

  it('with no outline at all (none of the level, no parent), plans symbols over nothing rather than an empty map', () => {
    const none: OutlineCollection = {
      type: 'FeatureCollection',
      features: [],
      levels: { province: false, city: false, county: false },
      seats: [],
    }
    const plan = planRegionMap(none, none)
    expect(plan).toEqual({ mode: 'symbols', backdrop: { type: 'FeatureCollection', features: [] }, points: [] })
  })
})

describe('symbolPlaces and symbolSize', () => {
  it('keeps the regions that have a row, with the row’s figure, largest first', () => {
    const plan = planRegionMap(HZ_SEATS, CITIES, '330100')
    const places = symbolPlaces(plan.mode === 'symbols' ? plan.points : [], [
      { key: '330127', value: 14.4 },
      { key: '330102', value: 31.2 },
      { key: '339999', value: 99 },
    ])
    expect(places.map((p) => [p.name, p.value])).toEqual([
      ['上城区', 31.2],
      ['淳安县', 14.4],
    ])
  })

  it('sizes a symbol so its area is proportional to the figure, with a least size for zero', () => {
    expect(symbolSize(100, 100)).toBe(44)
    // a quarter of the figure: half the diameter, a quarter of the area
    expect(symbolSize(25, 100)).toBe(22)
    expect(symbolSize(0, 100)).toBe(6)
    expect(symbolSize(1, 0)).toBe(6)
    expect(symbolSize(0.01, 100)).toBe(6)
  })
})

describe('registerRegionMap', () => {
  it('registers polygons only and refuses a set without any (a map with no region has no extent)', () => {
    expect(registerRegionMap('test-empty', { type: 'FeatureCollection', features: [] })).toBe(0)
    expect(echarts.getMap('test-empty')).toBeFalsy()
    const withNull = {
      type: 'FeatureCollection' as const,
      features: [
        { type: 'Feature' as const, properties: { name: '无边界' }, geometry: null as unknown as Polygon },
        { type: 'Feature' as const, properties: { name: '杭州市' }, geometry: square(119, 29.5) },
      ],
    }
    expect(registerRegionMap('test-null-geometry', withNull)).toBe(1)
    // idempotent: the second call reads what was registered
    expect(registerRegionMap('test-null-geometry', CITIES)).toBe(1)
  })
})

/** Renders an option on the server-side SVG renderer (no DOM), as the wall does, with a resize. */
function render(option: Record<string, unknown>): string {
  const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 640, height: 480 })
  try {
    chart.setOption(option as echarts.EChartsCoreOption)
    chart.resize({ width: 800, height: 600 })
    return chart.renderToSVGString()
  } finally {
    chart.dispose()
  }
}

describe('buildSymbolMapOption', () => {
  const places = symbolPlaces(
    HZ_SEATS.seats.map(({ code, name, lng, lat }) => ({ code, name, lng, lat })),
    [
      { key: '330102', value: 31.2 },
      { key: '330127', value: 7.8 },
      { key: '330182', value: 0 },
    ],
  )

  it('draws one symbol per place at its seat, sized by the figure, over the registered outline', () => {
    expect(registerRegionMap('test-hz', { type: 'FeatureCollection', features: [CITIES.features[0]] })).toBe(1)
    const o = buildSymbolMapOption('test-hz', places, { value: TAX }, theme)
    expect('geo' in o && o.geo.map).toBe('test-hz')
    const s = o.series[0]
    expect(s.coordinateSystem).toBe('geo')
    expect(s.data.map((d) => [d.name, d.value])).toEqual([
      ['上城区', [119.8, 30.2, 31.2]],
      ['淳安县', [119.1, 29.6, 7.8]],
      ['建德市', [119.3, 29.5, 0]],
    ])
    expect(s.data.map((d) => d.symbolSize)).toEqual([44, 44 * Math.sqrt(7.8 / 31.2), 6])
    expect(o.tooltip.formatter({ name: '上城区', value: [119.8, 30.2, 31.2] })).toBe('上城区<br/>亩均税收：31.20 万元/亩')
    const svg = render(o)
    expect(svg).toContain('上城区')
    expect(svg).toContain('建德市')
  })

  it('without any outline, frames the places on hidden axes and still renders', () => {
    const o = buildSymbolMapOption(null, places, { value: TAX }, theme)
    expect('geo' in o).toBe(false)
    expect(o.series[0].coordinateSystem).toBe('cartesian2d')
    expect('xAxis' in o && o.xAxis).toMatchObject({ type: 'value', show: false })
    expect(render(o)).toContain('淳安县')
    // nothing at all to draw is still a chart, not an error
    expect(render(buildSymbolMapOption(null, [], { value: TAX }, theme))).toContain('<svg')
  })

  it('the crash of issue 19: ECharts fails on the first layout of a map with no region in it', () => {
    // registered directly, past registerRegionMap: what the walls did when a level had no outlines
    echarts.registerMap('test-no-region', { type: 'FeatureCollection', features: [] } as unknown as Parameters<
      typeof echarts.registerMap
    >[1])
    expect(() => render(buildMapOption('test-no-region', [], { name: 'name', value: TAX }, theme))).toThrow(
      "Cannot read properties of null (reading '0')",
    )
  })

  it('the choropleth is drawn only over a map that has regions', () => {
    expect(registerRegionMap('test-cities', CITIES)).toBe(2)
    const svg = render(buildMapOption('test-cities', [{ name: '杭州市', taxPerMu: 14.1 }], { name: 'name', value: TAX }, theme))
    expect(svg).toContain('杭州市')
  })
})
