/** Clustering, heat and measuring constants and rules of spec §3, §8, §9, one row per sentence. */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sizeClass, requireMaxZoom, spiderOffsets, createQueue, districtBand, placeDistricts, HEAT_RAMP, heatRows } from '../../../../src/web/map/rules/cluster-rules'
import { lengthText, areaText, bufferOf } from '../../../../src/web/map/rules/measure-rules'
import { CLUSTER, HEAT } from '../../../../src/domain/map-constants'

afterEach(() => vi.useRealTimers())

describe('cluster (spec §8, §9)', () => {
  it('Cluster: radius 80', () => expect(CLUSTER.radius).toBe(80))
  it.each([
    [1, 'small'], [9, 'small'], [10, 'medium'], [99, 'medium'], [100, 'large'], [5000, 'large'],
  ] as const)('size classes small under 10, medium under 100, large otherwise: %i → %s', (n, c) => expect(sizeClass(n)).toBe(c))
  it.each([
    [8, 'circle'], [9, 'spiral'], [30, 'spiral'],
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
    const placed = placeDistricts([{ name: '杭州市', num: 90 }, { name: '宁波市', num: 50 }, { name: '温州市', num: 10 }, { name: '火星', num: 5 }], {
      杭州市: [120.15, 30.28], 宁波市: [121.55, 29.87], 温州市: [120.67, 28.0],
    })
    expect(placed.map((p) => [p.name, p.lng, p.band])).toEqual([['杭州市', 120.15, 2], ['宁波市', 121.55, 1], ['温州市', 120.67, 0]])
    expect(districtBand(0, 0)).toBe(0)
  })
})

describe('heat (spec §3, §9)', () => {
  it('Heat map: radius 25, blur 15', () => expect([HEAT.radius, HEAT.blur]).toEqual([25, 15]))
  it('gradient stops at 0.4, 0.6, 0.7, 0.8, 1', () => expect(HEAT_RAMP.positions).toEqual([0, 0.4, 0.6, 0.7, 0.8, 1]))
  it('Heat point: [x, y, weight]', () => expect(heatRows([[120, 30, 5], [121, 29, 10]])).toEqual([{ lng: 120, lat: 30, w: 0.5 }, { lng: 121, lat: 29, w: 1 }]))
})

describe('measure (spec §9)', () => {
  // one degree of latitude on the WGS84 sphere used by turf: 111.1951 km
  it('length is in kilometres, shown to 4 decimals', () => expect(lengthText({ type: 'LineString', coordinates: [[120, 30], [120, 31]] })).toBe('111.1951 公里'))
  it('Area is from geometry, shown to 4 decimals', () => {
    const text = areaText({ type: 'Polygon', coordinates: [[[120, 30], [120.001, 30], [120.001, 30.001], [120, 30.001], [120, 30]]] })
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
