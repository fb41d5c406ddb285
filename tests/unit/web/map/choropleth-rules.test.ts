/** 分级设色 rules of the wall's L7 map: ramp colours, the join of figures to outlines, the outline box. */
import { describe, expect, it } from 'vitest'
import type { FeatureCollection } from 'geojson'
import { joinFigures, outlineBbox, rampColor, WALL_RAMP } from '../../../../src/web/map/rules/choropleth-rules'

const square = (code: string, name: string, x: number, y: number) => ({
  type: 'Feature' as const,
  properties: { code, name },
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [x, y],
        [x + 1, y],
        [x + 1, y + 1],
        [x, y + 1],
        [x, y],
      ],
    ],
  },
})
const FC: FeatureCollection = {
  type: 'FeatureCollection',
  features: [square('330102', '上城区', 120, 30), square('330127', '淳安县', 118.5, 29.2), square('330109', '萧山区', 120.2, 29.9)],
}

describe('rampColor', () => {
  it.each([
    [0, WALL_RAMP[0]],
    [100, WALL_RAMP[3]],
    [-5, WALL_RAMP[0]],
    [250, WALL_RAMP[3]],
    // a third of the way is the second stop exactly
    [100 / 3, WALL_RAMP[1]],
  ])('%s of 0–100 → %s', (v, c) => expect(rampColor(v, 0, 100)).toBe(c))
  it('mixes between two stops', () => {
    expect(rampColor(50, 0, 100, ['#000000', '#ffffff'])).toBe('#808080')
  })
  it('gives the top colour when the scale is empty', () => {
    expect(rampColor(0, 0, 0)).toBe(WALL_RAMP[3])
  })
})

describe('joinFigures', () => {
  it('puts each region’s figure and colour on its outline; no row → null in the lowest colour', () => {
    const { fc, max } = joinFigures(FC, [
      { key: '330102', value: 40 },
      { key: '330127', value: 10 },
    ])
    expect(max).toBe(40)
    expect(fc.features.map((f) => [f.properties.name, f.properties.value, f.properties.color])).toEqual([
      ['上城区', 40, WALL_RAMP[3]],
      ['淳安县', 10, rampColor(10, 0, 40)],
      ['萧山区', null, WALL_RAMP[0]],
    ])
  })
})

describe('outlineBbox', () => {
  it('spans every coordinate', () => {
    expect(outlineBbox(FC)).toEqual([118.5, 29.2, 121.2, 31])
  })
  it('is null without geometry', () => {
    expect(outlineBbox({ type: 'FeatureCollection', features: [] })).toBeNull()
  })
})
