/** Clustering, heat and measuring constants and rules of docs/product.md §3, §8, §9, one row per sentence. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  sizeClass,
  requireMaxZoom,
  spiderOffsets,
  createQueue,
  districtBand,
  placeDistricts,
  HEAT_RAMP,
  binnedHeatRows,
} from '../../../../src/web/map/rules/cluster-rules'
import { lengthText, areaText, bufferOf } from '../../../../src/web/map/rules/measure-rules'
import { CLUSTER, HEAT } from '../../../../src/domain/map-constants'

afterEach(() => vi.useRealTimers())

describe('cluster (docs/product.md §8, §9)', () => {
  it('Cluster: radius 80', () => expect(CLUSTER.radius).toBe(80))
  it.each([
    [1, 'small'],
    [9, 'small'],
    [10, 'medium'],
    [99, 'medium'],
    [100, 'large'],
    [5000, 'large'],
  ] as const)('size classes small under 10, medium under 100, large otherwise: %i → %s', (n, c) => expect(sizeClass(n)).toBe(c))
  it.each([
    [8, 'circle'],
    [9, 'spiral'],
    [30, 'spiral'],
  ] as const)('spider-out at 9 or more points: %i markers → %s', (n, layout) => {
    const s = spiderOffsets(n)
    expect(s.layout).toBe(layout)
    expect(s.offsets).toHaveLength(n)
    expect(new Set(s.offsets.map((o) => o.join(','))).size).toBe(n)
  })
  it('queue delay 300 ms: many refreshes run once, 300 ms after the last', () => {
    vi.useFakeTimers()
    const run = vi.fn()
    const q = createQueue(run)
    q.push()
    vi.advanceTimersByTime(200)
    q.push()
    vi.advanceTimersByTime(299)
    expect(run).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(run).toHaveBeenCalledTimes(1)
  })
  it("fails with 'Map has no maxZoom specified' if the map lacks a max zoom", () => {
    expect(() => requireMaxZoom(undefined)).toThrow('Map has no maxZoom specified')
    expect(requireMaxZoom(18)).toBe(18)
  })
  it('Cluster datum {name, num}, placed by district name from the configured district centres, in three bands', () => {
    const placed = placeDistricts(
      [
        { name: '杭州市', num: 90 },
        { name: '宁波市', num: 50 },
        { name: '温州市', num: 10 },
        { name: '火星', num: 5 },
      ],
      {
        杭州市: [120.15, 30.28],
        宁波市: [121.55, 29.87],
        温州市: [120.67, 28.0],
      },
    )
    expect(placed.map((p) => [p.name, p.lng, p.band])).toEqual([
      ['杭州市', 120.15, 2],
      ['宁波市', 121.55, 1],
      ['温州市', 120.67, 0],
    ])
    expect(districtBand(0, 0)).toBe(0)
  })
})

describe('heat (docs/product.md §3, §9)', () => {
  it('Heat map: radius 25, blur 15', () => expect([HEAT.radius, HEAT.blur]).toEqual([25, 15]))
  it('gradient stops at 0.4, 0.6, 0.7, 0.8, 1', () => expect(HEAT_RAMP.positions).toEqual([0, 0.4, 0.6, 0.7, 0.8, 1]))
  it('Heat point: [x, y, weight]; weights over the largest', () =>
    expect(
      binnedHeatRows(
        [
          [120, 30, 5],
          [121, 29, 10],
        ],
        7,
      ),
    ).toEqual([
      { lng: 120, lat: 30, w: 0.5 },
      { lng: 121, lat: 29, w: 1 },
    ]))
  it('the largest weight of 200 000 points is found without overflowing the stack', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => [100 + (i % 1000) / 10, 30, i % 1000] as [number, number, number])
    expect(Math.max(...binnedHeatRows(many, 7).map((r) => r.w))).toBeCloseTo(200, 9)
  })
  describe('points merged per screen cell before drawing', () => {
    // 0.00001° is about 1 m: the same 8 px cell at zoom 7 (≈ 1.1 km a pixel), 2 px apart at zoom 18
    const near: [number, number, number][] = [
      [120.00001, 30.00001],
      [120.00003, 30.00001],
    ].map(([x, y], i) => [x, y, i === 0 ? 10 : 30])
    it('points in one cell become one row at the weighted centre, with the summed weight over the largest', () => {
      const [row, ...rest] = binnedHeatRows(near, 7)
      expect(rest).toEqual([])
      expect(row.lng).toBeCloseTo(120.000025, 9)
      expect(row.lat).toBeCloseTo(30.00001, 9)
      expect(row.w).toBeCloseTo(40 / 30, 12)
    })
    it('at a zoom where they are cells apart they stay two rows with their own weights', () => {
      expect(
        binnedHeatRows(near, 18, 1)
          .map((r) => r.w)
          .sort(),
      ).toEqual([10 / 30, 1])
    })
    it('the zoom counts by whole levels', () => expect(binnedHeatRows(near, 7.9)).toEqual(binnedHeatRows(near, 7)))
    it('zero and negative weights add nothing; all-zero gives no rows', () => {
      expect(
        binnedHeatRows(
          [
            [120, 30, 0],
            [121, 29, -3],
            [122, 28, 6],
          ],
          7,
        ),
      ).toEqual([{ lng: 122, lat: 28, w: 1 }])
      expect(binnedHeatRows([[120, 30, 0]], 7)).toEqual([])
    })
    it('the total weight is kept: 100 000 points give far fewer rows summing to the same', () => {
      const pts = Array.from(
        { length: 100_000 },
        (_, i) => [118.2 + ((i * 7919) % 3700) / 1000, 27.2 + ((i * 104729) % 3800) / 1000, 1 + (i % 50)] as [number, number, number],
      )
      const rows = binnedHeatRows(pts, 7)
      expect(rows.length).toBeLessThan(20_000)
      const total = pts.reduce((s, p) => s + p[2], 0) / 50
      expect(rows.reduce((s, r) => s + r.w, 0)).toBeCloseTo(total, 6)
    })
  })
})

describe('measure (docs/product.md §9)', () => {
  // one degree of latitude on the WGS84 sphere used by turf: 111.1951 km
  it('length is in kilometres, shown to 4 decimals', () =>
    expect(
      lengthText({
        type: 'LineString',
        coordinates: [
          [120, 30],
          [120, 31],
        ],
      }),
    ).toBe('111.1951 公里'))
  it('Area is from geometry, shown to 4 decimals', () => {
    const text = areaText({
      type: 'Polygon',
      coordinates: [
        [
          [120, 30],
          [120.001, 30],
          [120.001, 30.001],
          [120, 30.001],
          [120, 30],
        ],
      ],
    })
    expect(text).toMatch(/^\d+\.\d{4} 平方米（\d+\.\d{4} 亩）$/)
    const m2 = Number(text.split(' ')[0])
    expect(m2).toBeGreaterThan(10_600)
    expect(m2).toBeLessThan(10_800)
  })
  it('The buffer unit is metres', () => {
    const b = bufferOf({ type: 'Point', coordinates: [120, 30] }, 100)!
    const ring = b.geometry.coordinates[0] as number[][]
    const dLat = Math.max(...ring.map((c) => c[1])) - 30
    expect(dLat * 111_195).toBeGreaterThan(99)
    expect(dLat * 111_195).toBeLessThan(101)
    expect(bufferOf({ type: 'Point', coordinates: [120, 30] }, 0)).toBeUndefined()
  })
})
