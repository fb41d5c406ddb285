/**
 * Marker clustering and heat rules (spec §3, §8, §9): cluster size classes, the spider-out
 * switch-over, the 300 ms queue, the max-zoom requirement, district cluster bands and the heat
 * gradient.
 */
import { CLUSTER, CLUSTER_NO_MAX_ZOOM, HEAT } from '../../../domain/map-constants'

/** spec §9: small under 10, medium under 100, large otherwise. */
export function sizeClass(count: number): 'small' | 'medium' | 'large' {
  if (count < CLUSTER.smallBelow) return 'small'
  return count < CLUSTER.mediumBelow ? 'medium' : 'large'
}

/** spec §8: the cluster feature fails without a max zoom. */
export function requireMaxZoom(maxZoom: number | undefined | null): number {
  if (maxZoom == null || !Number.isFinite(maxZoom)) throw new Error(CLUSTER_NO_MAX_ZOOM)
  return maxZoom
}

/**
 * spec §9: spider-out at 9 or more points — fewer markers spread on a circle, 9 or more on a
 * spiral (the switch-over of Leaflet.markercluster). Offsets in pixels from the cluster centre.
 */
export function spiderOffsets(count: number): { layout: 'circle' | 'spiral'; offsets: [number, number][] } {
  if (count < CLUSTER.spiderfyAt) {
    const r = Math.max(25, (25 * (2 + count)) / (2 * Math.PI))
    return { layout: 'circle', offsets: Array.from({ length: count }, (_, i) => polar(r, (i / count) * 2 * Math.PI)) }
  }
  let legLength = 11
  let angle = 0
  const offsets: [number, number][] = []
  for (let i = 0; i < count; i++) {
    angle += 28 / legLength + i * 0.0005
    offsets.push(polar(legLength, angle))
    legLength += (2 * Math.PI * 5) / angle
  }
  return { layout: 'spiral', offsets }
}

const polar = (r: number, a: number): [number, number] => [Math.round(r * Math.cos(a) * 100) / 100, Math.round(r * Math.sin(a) * 100) / 100]

/** spec §9: refreshes are queued and run once, 300 ms after the last request. */
export function createQueue(run: () => void, delay: number = CLUSTER.queueDelayMs): { push(): void; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    push() {
      if (timer) clearTimeout(timer)
      timer = setTimeout(() => {
        timer = undefined
        run()
      }, delay)
    },
    cancel() {
      if (timer) clearTimeout(timer)
      timer = undefined
    },
  }
}

/**
 * spec §9: district cluster markers fall in three size bands (thresholds not shown): we split the
 * range 0…max into thirds, so the biggest district is always band 2.
 */
export function districtBand(num: number, max: number): 0 | 1 | 2 {
  if (max <= 0) return 0
  const f = num / max
  return f > 2 / 3 ? 2 : f > 1 / 3 ? 1 : 0
}

/** spec §3: district cluster data `{name, num}` placed at the configured district centres; unknown names are left out. */
export function placeDistricts(data: { name: string; num: number }[], centres: Record<string, [number, number]>): { name: string; num: number; lng: number; lat: number; band: 0 | 1 | 2 }[] {
  const max = Math.max(0, ...data.map((d) => d.num))
  return data.filter((d) => centres[d.name]).map((d) => ({ ...d, lng: centres[d.name][0], lat: centres[d.name][1], band: districtBand(d.num, max) }))
}

/** spec §9: the heat gradient (leaflet.heat's default colours at the spec's stops), as L7 ramp colours from 0. */
export const HEAT_RAMP = {
  colors: ['rgba(0,0,255,0)', 'blue', 'cyan', 'lime', 'yellow', 'red'],
  positions: [0, ...HEAT.stops],
}

/** spec §3: heat points [x, y, weight] → L7 rows; weights are normalised to 0…1 by the largest. */
export function heatRows(points: [number, number, number][]): { lng: number; lat: number; w: number }[] {
  const max = Math.max(0, ...points.map((p) => p[2]))
  return points.map(([lng, lat, w]) => ({ lng, lat, w: max > 0 ? Math.max(0, w) / max : 0 }))
}
