/**
 * Where demo parcels go. One province-wide lattice of 800 m cells; each cluster (an industrial
 * park, or scattered industry near a county seat) claims cells spiralling out from its centre, and
 * each claimed cell becomes a 740 m street block cut into parcels of 0.5–15 ha. A cell is claimed
 * once, so parcels never overlap. When boundaries are loaded a cell is only used if it lies wholly
 * inside its county's outline (or its city's, when only city outlines are loaded).
 */
import type { Db } from '../engine'
import { COUNTY_SEATS } from './county-seats'
import type { ParcelDraft, World } from './demo-entities'
import { COUNTY_WEIGHT, NATIONAL_PARKS, PARK_KINDS } from './demo-profiles'
import { clamp, type Rng } from './rng'

/** A town or street (乡镇街道), 9-digit code. */
export interface Town {
  code: string
  name: string
}

/** A county-level division as the seed sees it. */
export interface County {
  code: string
  name: string
  /** 萧山区 → 萧山. */
  short: string
  cityCode: string
  cityName: string
  provinceCode: string
  /** Seat (县政府驻地), WGS84. */
  seat: readonly [number, number]
  /** Share of the province's industry, 1 = average (COUNTY_WEIGHT). */
  weight: number
  towns: Town[]
  /** Bounding box of the loaded county (or city) outline; null when none is loaded. */
  bbox: [number, number, number, number] | null
}

/** An industrial park to be written. */
export interface ParkPlan {
  name: string
  level: '国家级' | '省级' | '市级' | '县级'
  category: string
  approvedYear: number | null
  county: County
  /** Centre of the park's first block: always a valid place in its county. Null until laid out. */
  center: [number, number] | null
}

/** A group of blocks growing around one centre. */
export interface Cluster {
  county: County
  park: ParkPlan | null
  /** Parcels this cluster should hold. */
  quota: number
  /** Centre, in lattice cells. */
  ci: number
  cj: number
  /** Orientation of this cluster's blocks (streets are rarely north-aligned), radians within ±3°. */
  angle: number
  /** The town most of its blocks are registered in. */
  town: Town | null
  ring: number
  queue: Array<[number, number]>
  /** Last ring worth searching (the outline's extent); Infinity without boundaries. */
  maxRing: number
  exhausted: boolean
  parcels: ParcelDraft[]
}

/** The 330000 counties with their towns, seats and (when loaded) outline extents. */
export async function loadCounties(db: Db): Promise<County[]> {
  const { rows } = await db.query<{
    code: string
    name: string
    city_code: string
    city_name: string
    province_code: string
    lon: number | null
    lat: number | null
    xmin: number | null
    ymin: number | null
    xmax: number | null
    ymax: number | null
  }>(
    `SELECT c.code, c.name, p.code AS city_code, p.name AS city_name, p.parent_code AS province_code,
            ST_X(c.center) AS lon, ST_Y(c.center) AS lat,
            ST_XMin(b.g) AS xmin, ST_YMin(b.g) AS ymin, ST_XMax(b.g) AS xmax, ST_YMax(b.g) AS ymax
       FROM region c
       JOIN region p ON p.code = c.parent_code
      CROSS JOIN LATERAL (SELECT COALESCE(c.geom, p.geom)::box2d AS g) b
      WHERE c.level = 'county' AND c.code LIKE '33%'
      ORDER BY c.code`,
  )
  const towns = await db.query<{ code: string; name: string; parent_code: string }>(
    `SELECT code, name, parent_code FROM region WHERE level = 'town' AND code LIKE '33%' ORDER BY code`,
  )
  const townsOf = new Map<string, Town[]>()
  for (const t of towns.rows) {
    const list = townsOf.get(t.parent_code) ?? []
    list.push({ code: t.code, name: t.name })
    townsOf.set(t.parent_code, list)
  }
  const out: County[] = []
  for (const r of rows) {
    const seat = COUNTY_SEATS[r.code] ?? (r.lon !== null && r.lat !== null ? ([r.lon, r.lat] as const) : null)
    if (!seat) continue // a county we know nothing about: no place to put parcels
    out.push({
      code: r.code,
      name: r.name,
      short: shortCountyName(r.name),
      cityCode: r.city_code,
      cityName: r.city_name,
      provinceCode: r.province_code,
      seat,
      weight: COUNTY_WEIGHT[r.code] ?? 1,
      // development-zone units (4xx) are administrative, not places with a land registry of their own
      towns: (townsOf.get(r.code) ?? []).filter((t) => t.code[6] !== '4'),
      bbox: r.xmin === null ? null : [r.xmin, r.ymin!, r.xmax!, r.ymax!],
    })
  }
  if (out.length === 0) throw new Error('演示数据：区划表中没有浙江省的县级区划')
  return out
}

/** 萧山区 → 萧山, 景宁畲族自治县 → 景宁; a one-character stem keeps its suffix (e.g. a 2-character 区 name). */
export function shortCountyName(name: string): string {
  const m = /^(.+?)(畲族自治县|自治县|新区|区|县|市)$/.exec(name)
  return m && m[1]!.length >= 2 ? m[1]! : name
}

/** 杭州市 → 杭州. */
export function shortCityName(name: string): string {
  return name.replace(/市$/, '')
}

/** Splits `total` into integer parts proportional to weights (largest remainder). */
export function apportion(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0)
  const exact = weights.map((w) => (total * w) / sum)
  const parts = exact.map(Math.floor)
  let left = total - parts.reduce((a, b) => a + b, 0)
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1])
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k]![1]]!++
  return parts
}

/**
 * Parks and clusters: parks go one per county per round, counties with a national-level zone
 * first, then by industrial weight; each county's parcels are split between its parks (65 %), a
 * cluster near the seat and one 8–16 km out (a town's industrial zone).
 */
export function planClusters(rng: Rng, counties: County[], parcelCount: number, parkCount: number): Cluster[] {
  const byPriority = [...counties].sort(
    (a, b) => Number(b.code in NATIONAL_PARKS) - Number(a.code in NATIONAL_PARKS) || b.weight - a.weight || (a.code < b.code ? -1 : 1),
  )
  const parksOf = new Map<string, ParkPlan[]>()
  for (let k = 0; k < parkCount; k++) {
    const county = byPriority[k % byPriority.length]!
    const round = Math.floor(k / byPriority.length)
    const list = parksOf.get(county.code) ?? []
    const national = round === 0 ? NATIONAL_PARKS[county.code] : undefined
    if (national) {
      list.push({ name: national.name, level: '国家级', category: national.category, approvedYear: national.year, county, center: null })
    } else {
      const kind = PARK_KINDS[round % PARK_KINDS.length]!
      const nth = Math.floor(round / PARK_KINDS.length)
      list.push({
        name: `${county.short}${kind.suffix}${nth ? nth + 1 : ''}`,
        level: kind.level,
        category: kind.category,
        approvedYear: rng.int(1992, 2018),
        county,
        center: null,
      })
    }
    parksOf.set(county.code, list)
  }

  const quotas = apportion(
    parcelCount,
    counties.map((c) => c.weight),
  )
  const clusters: Cluster[] = []
  counties.forEach((county, idx) => {
    const parks = parksOf.get(county.code) ?? []
    // small urban districts: keep everything closer to the seat
    const reach = county.weight < 0.7 ? 0.5 : 1
    const plans: Array<{ park: ParkPlan | null; share: number; km: [number, number] }> = []
    for (const park of parks) plans.push({ park, share: (0.65 / parks.length) * rng.range(0.8, 1.2), km: [3.5, 8] })
    const rest = parks.length ? 0.35 : 1
    plans.push({ park: null, share: rest * 0.6, km: [1.5, 3] }, { park: null, share: rest * 0.4, km: [8, 16] })
    const parts = apportion(
      quotas[idx]!,
      plans.map((p) => p.share),
    )
    plans.forEach((plan, k) => {
      const bearing = rng.range(0, 2 * Math.PI)
      const dist = rng.range(plan.km[0], plan.km[1]) * 1000 * reach
      const lon = county.seat[0] + (dist * Math.cos(bearing)) / metresPerDegreeLon(county.seat[1])
      const lat = county.seat[1] + (dist * Math.sin(bearing)) / metresPerDegreeLat(county.seat[1])
      const [ci, cj] = cellOf(lon, lat)
      clusters.push({
        county,
        park: plan.park,
        quota: parts[k]!,
        ci,
        cj,
        angle: (rng.range(-3, 3) * Math.PI) / 180,
        town: county.towns.length ? rng.pick(county.towns) : null,
        ring: 0,
        queue: [],
        maxRing: county.bbox ? maxRingWithin(ci, cj, county.bbox) : Infinity,
        exhausted: false,
        parcels: [],
      })
    })
  })
  return clusters
}

// ---------------------------------------------------------------------------------------------
// The lattice: 800 m cells in lon/lat with 740 m blocks, so 60 m of street between blocks

const LON0 = 118
const LAT0 = 27
const CELL_M = 800
/** Half a block. Rotated by ≤ 3° it reaches 389 m, inside a cell's 392 m half-width at 31.2°N. */
const BLOCK_HALF_M = 370
const CELL_DLON = CELL_M / metresPerDegreeLon(29.2)
const CELL_DLAT = CELL_M / metresPerDegreeLat(29.2)

/** Length of a degree of longitude at `lat`, metres (WGS84 ellipsoid series). */
export function metresPerDegreeLon(lat: number): number {
  const r = (lat * Math.PI) / 180
  return 111412.84 * Math.cos(r) - 93.5 * Math.cos(3 * r) + 0.118 * Math.cos(5 * r)
}

/** Length of a degree of latitude at `lat`, metres. */
export function metresPerDegreeLat(lat: number): number {
  const r = (lat * Math.PI) / 180
  return 111132.954 - 559.822 * Math.cos(2 * r) + 1.175 * Math.cos(4 * r)
}

function cellOf(lon: number, lat: number): [number, number] {
  return [Math.floor((lon - LON0) / CELL_DLON), Math.floor((lat - LAT0) / CELL_DLAT)]
}

/** Centre of lattice cell (i, j), lon/lat. */
export function cellCentre(i: number, j: number): [number, number] {
  return [LON0 + (i + 0.5) * CELL_DLON, LAT0 + (j + 0.5) * CELL_DLAT]
}

function cellEnvelope(i: number, j: number): [number, number, number, number] {
  return [LON0 + i * CELL_DLON, LAT0 + j * CELL_DLAT, LON0 + (i + 1) * CELL_DLON, LAT0 + (j + 1) * CELL_DLAT]
}

function cellInBox(i: number, j: number, bbox: [number, number, number, number]): boolean {
  const [w, s, e, n] = cellEnvelope(i, j)
  return w >= bbox[0] && s >= bbox[1] && e <= bbox[2] && n <= bbox[3]
}

function maxRingWithin(ci: number, cj: number, bbox: [number, number, number, number]): number {
  const [i0, j0] = cellOf(bbox[0], bbox[1])
  const [i1, j1] = cellOf(bbox[2], bbox[3])
  return Math.max(Math.abs(ci - i0), Math.abs(ci - i1), Math.abs(cj - j0), Math.abs(cj - j1)) + 1
}

/** The next `count` unclaimed cells of a cluster's spiral (roughly round: each ring sorted by distance). */
function nextCells(rng: Rng, c: Cluster, count: number, claimed: Set<string>): Array<[number, number]> {
  const out: Array<[number, number]> = []
  while (out.length < count) {
    if (c.queue.length === 0) {
      if (c.ring > c.maxRing) {
        c.exhausted = true
        break
      }
      const r = c.ring++
      const ring: Array<[number, number, number]> = []
      const add = (di: number, dj: number) => ring.push([di, dj, Math.hypot(di, dj) + rng.range(0, 0.9)])
      if (r === 0) add(0, 0)
      for (let d = -r; r > 0 && d <= r; d++) {
        add(d, -r)
        add(d, r)
      }
      for (let d = -r + 1; d <= r - 1; d++) {
        add(-r, d)
        add(r, d)
      }
      ring.sort((a, b) => a[2] - b[2])
      for (const [di, dj] of ring) {
        const i = c.ci + di
        const j = c.cj + dj
        if (!c.county.bbox || cellInBox(i, j, c.county.bbox)) c.queue.push([i, j])
      }
      continue
    }
    const cell = c.queue.shift()!
    if (!claimed.has(`${cell[0]},${cell[1]}`)) out.push(cell)
  }
  return out
}

/** Which (county, cell) pairs lie wholly inside that county's (or, lacking it, its city's) outline; keys are `county:i,j`. */
async function validCells(db: Db, cells: Array<{ key: string; county: string; i: number; j: number }>): Promise<Set<string>> {
  const valid = new Set<string>()
  const BATCH = 20000
  for (let s = 0; s < cells.length; s += BATCH) {
    const rows = cells.slice(s, s + BATCH).map((c) => {
      const [w, so, e, n] = cellEnvelope(c.i, c.j)
      return { k: `${c.county}:${c.key}`, c: c.county, w, s: so, e, n }
    })
    // rows arrive grouped by county, so PostGIS can reuse one prepared outline across calls
    const { rows: ok } = await db.query<{ k: string }>(
      `SELECT r.k
         FROM json_to_recordset($1::json) AS r(k text, c varchar, w float8, s float8, e float8, n float8)
         JOIN region cty ON cty.code = r.c
         JOIN region city ON city.code = cty.parent_code
        WHERE ST_CoveredBy(ST_MakeEnvelope(r.w, r.s, r.e, r.n, 4326), COALESCE(cty.geom, city.geom))`,
      [JSON.stringify(rows)],
    )
    for (const r of ok) valid.add(r.k)
  }
  return valid
}

/** Cuts a 740 m block into plots (guillotine cuts, 0.5–15 ha each), in local metres. */
function subdivideBlock(rng: Rng): Array<[number, number, number, number]> {
  const out: Array<[number, number, number, number]> = []
  // 6500 m² before the corners are pulled in keeps every parcel ≥ 0.5 ha after
  const MIN = 6500
  const MAX = 150000
  const areaOf = (r: [number, number, number, number]) => (r[2] - r[0]) * (r[3] - r[1])
  const cut = (x0: number, y0: number, x1: number, y1: number) => {
    const w = x1 - x0
    const h = y1 - y0
    const area = w * h
    const target = clamp(rng.logNormal(20000, 0.75), MIN, MAX)
    const mustCut = area > MAX || Math.max(w, h) / Math.min(w, h) > 3
    if (!mustCut && area <= target * 1.5) {
      out.push([x0, y0, x1, y1])
      return
    }
    // wide gaps across long sides read as estate roads, narrow ones as fences
    const long = Math.max(w, h)
    const gap = long > 300 ? 18 : 8
    const f = area > MAX ? 0.5 : rng.range(0.35, 0.65)
    const alongX = w >= h
    const first = (long - gap) * f
    const a: [number, number, number, number] = alongX ? [x0, y0, x0 + first, y1] : [x0, y0, x1, y0 + first]
    const b: [number, number, number, number] = alongX ? [x0 + first + gap, y0, x1, y1] : [x0, y0 + first + gap, x1, y1]
    if (areaOf(a) < MIN || areaOf(b) < MIN) {
      out.push([x0, y0, x1, y1])
      return
    }
    cut(...a)
    cut(...b)
  }
  cut(-BLOCK_HALF_M, -BLOCK_HALF_M, BLOCK_HALF_M, BLOCK_HALF_M)
  return out
}

/**
 * Fills every cluster with its quota of parcels. A cluster that runs out of room (an island
 * county, a big SEED_PARCELS) hands its remainder to another cluster of its county, else to the
 * most industrial county with room. A park with no parcels still gets a centre.
 */
export async function layOutParcels(db: Db, rng: Rng, world: World, clusters: Cluster[]): Promise<void> {
  const claimed = new Set<string>()
  const remaining = new Map<Cluster, number>(clusters.map((c) => [c, c.quota]))
  const wantsCentre = (c: Cluster) => c.park !== null && c.park.center === null
  for (let round = 0; ; round++) {
    for (const c of clusters) {
      const left = remaining.get(c)!
      if (left > 0 && c.exhausted) {
        const heir =
          clusters.find((o) => o !== c && !o.exhausted && o.county === c.county) ??
          clusters.filter((o) => !o.exhausted).sort((a, b) => b.county.weight - a.county.weight)[0]
        if (!heir) throw new Error('演示数据：边界内已无空间放置更多地块，请减少地块数量')
        remaining.set(heir, remaining.get(heir)! + left)
        remaining.set(c, 0)
      }
    }
    const active = clusters.filter((c) => !c.exhausted && (remaining.get(c)! > 0 || wantsCentre(c)))
    if (active.length === 0) {
      if ([...remaining.values()].some((n) => n > 0)) continue // handed on above; lay out next round
      return
    }
    if (round > 500) throw new Error('演示数据：地块布局未能完成')

    const requests = new Map<Cluster, Array<[number, number]>>()
    const toCheck: Array<{ key: string; county: string; i: number; j: number }> = []
    for (const c of active) {
      // ~15–18 parcels fit a block; a little spare for cells that fall outside the outline
      const cells = nextCells(rng, c, Math.ceil(remaining.get(c)! / 15) + 2, claimed)
      requests.set(c, cells)
      if (c.county.bbox) for (const [i, j] of cells) toCheck.push({ key: `${i},${j}`, county: c.county.code, i, j })
    }
    const valid = toCheck.length ? await validCells(db, toCheck) : new Set<string>()

    for (const c of active) {
      for (const [i, j] of requests.get(c)!) {
        if (remaining.get(c)! === 0 && !wantsCentre(c)) break
        const key = `${i},${j}`
        // validity is per county: a cell inside one county is outside its neighbour
        if (claimed.has(key) || (c.county.bbox && !valid.has(`${c.county.code}:${key}`))) continue
        claimed.add(key)
        if (c.park && !c.park.center) c.park.center = cellCentre(i, j)
        fillBlock(rng, world, c, i, j, remaining)
      }
    }
  }
}

/** Turns cell (i, j) into a block of parcels for cluster c, until its quota is met. */
function fillBlock(rng: Rng, world: World, c: Cluster, i: number, j: number, remaining: Map<Cluster, number>): void {
  if (remaining.get(c)! === 0) return
  const [lon0, lat0] = cellCentre(i, j)
  const mLon = metresPerDegreeLon(lat0)
  const mLat = metresPerDegreeLat(lat0)
  // scale factor of EPSG:4549 (Gauss–Krüger, CM 120°E) here, squared below for areas
  const k = 1 + ((((lon0 - 120) * Math.PI) / 180) * Math.cos((lat0 * Math.PI) / 180)) ** 2 / 2
  const cos = Math.cos(c.angle)
  const sin = Math.sin(c.angle)
  const town = c.county.towns.length && rng.chance(0.2) ? rng.pick(c.county.towns) : c.town
  const cadastre = world.newSubdistrict(c.county, town)
  for (const [x0, y0, x1, y1] of subdivideBlock(rng)) {
    if (remaining.get(c)! === 0) return
    if (rng.chance(0.1)) continue // a vacant plot: not every plot is supplied
    // corners pulled inwards a little: real parcels are quads, not perfect rectangles
    const local: Array<[number, number]> = [
      [x0 + rng.range(0, 4), y0 + rng.range(0, 4)],
      [x1 - rng.range(0, 4), y0 + rng.range(0, 4)],
      [x1 - rng.range(0, 4), y1 - rng.range(0, 4)],
      [x0 + rng.range(0, 4), y1 - rng.range(0, 4)],
    ]
    let twiceArea = 0
    for (let q = 0; q < 4; q++) {
      const [ax, ay] = local[q]!
      const [bx, by] = local[(q + 1) % 4]!
      twiceArea += ax * by - bx * ay
    }
    const ring = local.map(([x, y]): [number, number] => [
      round7(lon0 + (x * cos - y * sin) / mLon),
      round7(lat0 + (x * sin + y * cos) / mLat),
    ])
    ring.push(ring[0]!)
    const landCode = world.landCode(c.county, cadastre)
    c.parcels.push(world.makeParcel(c, town, landCode, ring, (Math.abs(twiceArea) / 2) * k * k))
    remaining.set(c, remaining.get(c)! - 1)
  }
}

/** Rounds a coordinate to 7 decimals (~1 cm). */
export const round7 = (v: number) => Math.round(v * 1e7) / 1e7
