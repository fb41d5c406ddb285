/**
 * Marker clustering and heat rules (docs/product.md §3, §8, §9): cluster size classes, the spider-out
 * switch-over, the 300 ms queue, the max-zoom requirement, district cluster bands and the heat
 * gradient.
 */
import { CLUSTER, CLUSTER_NO_MAX_ZOOM, HEAT } from '../../../domain/map-constants'

/** docs/product.md §9: small under 10, medium under 100, large otherwise. */
export function sizeClass(count: number): 'small' | 'medium' | 'large' {
  if (count < CLUSTER.smallBelow) return 'small'
  return count < CLUSTER.mediumBelow ? 'medium' : 'large'
}

/** docs/product.md §8: the cluster feature fails without a max zoom. */
export function requireMaxZoom(maxZoom: number | undefined | null): number {
  if (maxZoom == null || !Number.isFinite(maxZoom)) throw new Error(CLUSTER_NO_MAX_ZOOM)
  return maxZoom
}

/**
 * docs/product.md §9: spider-out at 9 or more points — fewer markers spread on a circle, 9 or more on a
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

/** docs/product.md §9: refreshes are queued and run once, 300 ms after the last request. */
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
 * docs/product.md §9: district cluster markers fall in three size bands (thresholds not shown): we split the
 * range 0…max into thirds, so the biggest district is always band 2.
 */
export function districtBand(num: number, max: number): 0 | 1 | 2 {
  if (max <= 0) return 0
  const f = num / max
  return f > 2 / 3 ? 2 : f > 1 / 3 ? 1 : 0
}

/** docs/product.md §3: district cluster data `{name, num}` placed at the configured district centres; unknown names are left out. */
export function placeDistricts(
  data: { name: string; num: number }[],
  centres: Record<string, [number, number]>,
): { name: string; num: number; lng: number; lat: number; band: 0 | 1 | 2 }[] {
  const max = Math.max(0, ...data.map((d) => d.num))
  return data
    .filter((d) => centres[d.name])
    .map((d) => ({ ...d, lng: centres[d.name][0], lat: centres[d.name][1], band: districtBand(d.num, max) }))
}

/** docs/product.md §9: the heat gradient (leaflet.heat's default colours at the spec's stops), as L7 ramp colours from 0. */
export const HEAT_RAMP = {
  colors: ['rgba(0,0,255,0)', 'blue', 'cyan', 'lime', 'yellow', 'red'],
  positions: [0, ...HEAT.stops],
}

/** Largest weight of heat points (a loop: a spread of 200 000 arguments overflows the stack). */
function maxWeight(points: [number, number, number][]): number {
  let max = 0
  for (const p of points) if (p[2] > max) max = p[2]
  return max
}

/** Screen pixels of one heat cell: well under the kernel's 40 px, so merging within it does not show. */
export const HEAT_CELL_PX = 8

/** Width in pixels of the whole world at zoom 0 on L7's map. */
const WORLD_PX = 512

/**
 * docs/product.md §3 heat points [x, y, weight] → L7 rows, merged per screen cell of `cellPx` at `zoom` (what leaflet.heat does before it
 * draws): one row per cell at the weight-averaged position, carrying the cell's summed weight
 * over the largest single weight. The heat is additive, so this draws what the separate points
 * draw, with as many kernels as there are occupied cells instead of points. Zero and negative
 * weights add nothing and are left out.
 */
export function binnedHeatRows(
  points: [number, number, number][],
  zoom: number,
  cellPx = HEAT_CELL_PX,
): { lng: number; lat: number; w: number }[] {
  const max = maxWeight(points)
  if (max <= 0) return []
  const cells = (WORLD_PX * 2 ** Math.floor(zoom)) / cellPx
  const acc = new Map<number, { x: number; y: number; w: number }>()
  for (const [lng, lat, w] of points) {
    if (!(w > 0)) continue
    const x = (lng + 180) / 360
    const s = Math.sin((Math.max(-85, Math.min(85, lat)) * Math.PI) / 180)
    const y = 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI)
    const key = Math.floor(x * cells) * 2 ** 26 + Math.floor(y * cells)
    const c = acc.get(key)
    if (c) {
      c.x += lng * w
      c.y += lat * w
      c.w += w
    } else acc.set(key, { x: lng * w, y: lat * w, w })
  }
  return [...acc.values()].map((c) => ({ lng: c.x / c.w, lat: c.y / c.w, w: c.w / max }))
}
