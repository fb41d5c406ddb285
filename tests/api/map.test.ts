/**
 * Map suite endpoints on this run's engine: vector tiles decoded with @mapbox/vector-tile + pbf
 * and compared with the database (and, on PostgreSQL, ST_AsMVT compared with the in-process
 * cutter used on PGlite), boundaries, district tree, statistics, points, search, details and the
 * region data scope.
 */
import { VectorTile } from '@mapbox/vector-tile'
import { PbfReader } from 'pbf'
import gcoord from 'gcoord'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outlineCollectionSchema } from '../../src/domain/contracts/outlines'
import type { DataScope } from '../../src/server/auth/data-scope'
import { tile } from '../../src/server/modules/map/tiles'
import { grantPage, makeUser } from './admin-helpers'
import { startServer, type TestServer } from './harness'

const ALL: DataScope = { kind: 'all' }
let s: TestServer
let admin: string
let clerk: string
/** the county with the most parcels, and a parcel of it */
let county: { code: string; n: number }
let sample: { id: number; name: string; land_code: string; lng: number; lat: number; enterprise_id: number | null }

/** tile x/y of a point at zoom z */
const tileOf = (lng: number, lat: number, z: number) => {
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  return { x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) }
}

async function fetchTile(layer: string, z: number, x: number, y: number, token: string, query = '') {
  const r = await fetch(`${s.base}/api/tiles/${layer}/${z}/${x}/${y}.pbf${query}`, { headers: { Authorization: `Bearer ${token}` } })
  return { status: r.status, type: r.headers.get('content-type'), bytes: new Uint8Array(await r.arrayBuffer()) }
}

type Decoded = { id: number; type: number; name?: string; code?: string; status?: string }

function decode(bytes: Uint8Array, layer: string): Decoded[] {
  const vt = new VectorTile(new PbfReader(bytes))
  const l = vt.layers[layer]
  if (!l) return []
  return Array.from({ length: l.length }, (_, i) => l.feature(i)).map((f) => ({
    id: Number(f.id),
    type: f.type,
    ...(f.properties as Omit<Decoded, 'id' | 'type'>),
  }))
}

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  const c = await s.db.query<{ code: string; n: number }>(
    'SELECT county_code AS code, count(*)::int AS n FROM parcel GROUP BY county_code ORDER BY n DESC, county_code LIMIT 1',
  )
  county = c.rows[0]
  const p = await s.db.query<typeof sample>(
    `SELECT id, name, land_code, ST_X(ST_PointOnSurface(geom)) AS lng, ST_Y(ST_PointOnSurface(geom)) AS lat, enterprise_id
     FROM parcel WHERE county_code = $1 AND enterprise_id IS NOT NULL ORDER BY id LIMIT 1`,
    [county.code],
  )
  sample = p.rows[0]
  // the clerk works in one county and is granted 资源云图 (a page that shows the map)
  await s.db.query(`UPDATE app_user SET region_code = $1 WHERE username = 'clerk'`, [county.code])
  await grantPage(s, 'clerk', '/system/core')
  clerk = await s.login('clerk', 'Clerk@2026')
})
afterAll(() => s?.close())

describe('vector tiles', () => {
  it('serves the parcels of a z14 tile as MVT with id, name, code and status', async () => {
    const { x, y } = tileOf(sample.lng, sample.lat, 14)
    const t = await fetchTile('parcels', 14, x, y, admin)
    expect(t.status).toBe(200)
    expect(t.type).toBe('application/x-protobuf')
    const features = decode(t.bytes, 'parcels')
    const mine = features.find((f) => f.id === sample.id)
    expect(mine).toMatchObject({ type: 3, name: sample.name, code: sample.land_code })
    expect(['已供未建', '在建', '已投产', '闲置', '低效', '已收回']).toContain(mine?.status)
  })

  it('holds exactly the parcels whose outline meets the tile', async () => {
    const { x, y } = tileOf(sample.lng, sample.lat, 12)
    const ids = decode((await fetchTile('parcels', 12, x, y, admin)).bytes, 'parcels')
      .map((f) => f.id)
      .sort((a, b) => a - b)
    const n = 2 ** 12
    const lng = (v: number) => (v / n) * 360 - 180
    const lat = (v: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * v) / n))) * 180) / Math.PI
    const db = await s.db.query<{ id: number }>(
      `SELECT id FROM parcel WHERE ST_Intersects(geom, ST_MakeEnvelope($1, $2, $3, $4, 4326)) ORDER BY id`,
      [lng(x), lat(y + 1), lng(x + 1), lat(y)],
    )
    expect(db.rows.length).toBeGreaterThan(0)
    // the tile carries a 64/4096 buffer, so it may hold a few neighbours beyond the exact square
    expect(ids).toEqual(expect.arrayContaining(db.rows.map((r) => r.id)))
  })

  it('gives the same features from ST_AsMVT and from the in-process cutter', async () => {
    const { x, y } = tileOf(sample.lng, sample.lat, 13)
    const cut = decode(await tile(s.db, 'parcels', 13, x, y, { scope: ALL, cut: true }), 'parcels')
      .map((f) => `${f.id}:${f.code}:${f.status}`)
      .sort()
    expect(cut.length).toBeGreaterThan(0)
    if (s.engine === 'postgres') {
      const mvt = decode(await tile(s.db, 'parcels', 13, x, y, { scope: ALL, cut: false }), 'parcels')
        .map((f) => `${f.id}:${f.code}:${f.status}`)
        .sort()
      expect(mvt).toEqual(cut)
    } else {
      await expect(tile(s.db, 'parcels', 13, x, y, { scope: ALL, cut: false })).rejects.toThrow()
    }
  })

  it('serves enterprises as points and limits a county user to the county', async () => {
    const { x, y } = tileOf(sample.lng, sample.lat, 9)
    const all = decode((await fetchTile('enterprises', 9, x, y, admin)).bytes, 'enterprises')
    expect(all.length).toBeGreaterThan(0)
    expect(new Set(all.map((f) => f.type))).toEqual(new Set([1]))
    const mine = decode((await fetchTile('enterprises', 9, x, y, clerk)).bytes, 'enterprises')
    const inCounty = await s.db.query<{ id: number }>('SELECT id FROM enterprise WHERE county_code = $1', [county.code])
    const allowed = new Set(inCounty.rows.map((r) => r.id))
    expect(mine.length).toBeGreaterThan(0)
    expect(mine.every((f) => allowed.has(f.id))).toBe(true)
  })

  it('is revalidated on every fetch: 304 while unchanged, the new tile after a change or for another scope', async () => {
    const { x, y } = tileOf(sample.lng, sample.lat, 14)
    const get = (token: string, etag?: string, path = `parcels/14/${x}/${y}`) =>
      fetch(`${s.base}/api/tiles/${path}.pbf`, {
        headers: { Authorization: `Bearer ${token}`, ...(etag ? { 'If-None-Match': etag } : {}) },
      })
    const first = await get(admin)
    const etag = first.headers.get('etag') ?? ''
    expect([first.status, first.headers.get('cache-control')]).toEqual([200, 'private, no-cache'])
    expect(etag).toMatch(/^"[\w-]{27}"$/)
    const same = await get(admin, etag)
    expect([same.status, (await same.arrayBuffer()).byteLength]).toEqual([304, 0])
    // a county user asking with the tag of the province's tile (here a z9 tile over several
    // counties) gets the county's tile, not a 304
    const wide = tileOf(sample.lng, sample.lat, 9)
    const path = `enterprises/9/${wide.x}/${wide.y}`
    const province = await get(admin, undefined, path)
    const provinceTag = province.headers.get('etag') ?? ''
    expect((await get(admin, provinceTag, path)).status).toBe(304)
    const county = await get(clerk, provinceTag, path)
    expect(county.status).toBe(200)
    expect(county.headers.get('etag')).not.toBe(provinceTag)
    expect(decode(new Uint8Array(await county.arrayBuffer()), 'enterprises').length).toBeLessThan(
      decode(new Uint8Array(await province.arrayBuffer()), 'enterprises').length,
    )
    // a change to a parcel of the tile changes the tile
    const renamed = `${sample.name}（更名）`
    await s.db.query('UPDATE parcel SET name = $2 WHERE id = $1', [sample.id, renamed])
    try {
      const changed = await get(admin, etag)
      expect(changed.status).toBe(200)
      expect(decode(new Uint8Array(await changed.arrayBuffer()), 'parcels').find((f) => f.id === sample.id)?.name).toBe(renamed)
    } finally {
      await s.db.query('UPDATE parcel SET name = $2 WHERE id = $1', [sample.id, sample.name])
    }
  })

  it('answers an empty tile below the layer minimum zoom, 400 for a bad address, 401 without a token', async () => {
    expect((await fetchTile('parcels', 5, 26, 13, admin)).bytes.length).toBe(0)
    const bad = await fetchTile('parcels', 3, 9, 0, admin)
    expect(bad.status).toBe(400)
    expect((await fetchTile('roads', 10, 1, 1, admin)).status).toBe(400)
    expect((await fetch(`${s.base}/api/tiles/parcels/10/1/1.pbf`)).status).toBe(401)
  })
})

describe('tiles drawn over a GCJ-02 base (Gaode, GeoQ)', () => {
  /** the vertices of a feature of a tile as longitude/latitude */
  const vertices = (bytes: Uint8Array, layer: string, id: number, z: number, x: number, y: number) => {
    const l = new VectorTile(new PbfReader(bytes)).layers[layer]
    for (let i = 0; l && i < l.length; i++) {
      const f = l.feature(i)
      if (Number(f.id) === id) return (f.toGeoJSON(x, y, z).geometry as { coordinates: unknown[] }).coordinates.flat(Infinity) as number[]
    }
    return []
  }
  const pairs = (flat: number[]) => flat.reduce<number[][]>((out, v, i) => (i % 2 ? (out[out.length - 1].push(v), out) : [...out, [v]]), [])
  const nearest = (points: number[][], p: number[]) => Math.min(...points.map((q) => Math.hypot(q[0] - p[0], q[1] - p[1])))

  it('draws a known parcel vertex at its gcoord GCJ-02 position with crs=gcj02 and unshifted without', async () => {
    const g = await s.db.query<{ lng: number; lat: number }>(
      'SELECT ST_X(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS lng, ST_Y(ST_PointN(ST_ExteriorRing(ST_GeometryN(geom, 1)), 1)) AS lat FROM parcel WHERE id = $1',
      [sample.id],
    )
    const wgs = [g.rows[0].lng, g.rows[0].lat]
    const gcj = gcoord.transform(wgs as [number, number], gcoord.WGS84, gcoord.GCJ02) as number[]
    // the shift is real: hundreds of metres in Zhejiang
    expect(Math.hypot(gcj[0] - wgs[0], gcj[1] - wgs[1])).toBeGreaterThan(0.003)
    const at = tileOf(gcj[0], gcj[1], 16)
    const shifted = pairs(
      vertices((await fetchTile('parcels', 16, at.x, at.y, admin, '?crs=gcj02')).bytes, 'parcels', sample.id, 16, at.x, at.y),
    )
    expect(shifted.length).toBeGreaterThan(3)
    // within the tile grid's precision at z16 (about 0.15 m; 2e-6 degrees is about 0.2 m)
    expect(nearest(shifted, gcj)).toBeLessThan(2e-6)
    expect(nearest(shifted, wgs)).toBeGreaterThan(0.003)
    const home = tileOf(wgs[0], wgs[1], 16)
    const plain = pairs(vertices((await fetchTile('parcels', 16, home.x, home.y, admin)).bytes, 'parcels', sample.id, 16, home.x, home.y))
    expect(nearest(plain, wgs)).toBeLessThan(2e-6)
    expect(nearest(plain, gcj)).toBeGreaterThan(0.003)
    expect((await fetchTile('parcels', 16, home.x, home.y, admin, '?crs=bd09')).status).toBe(400)
  })
})

describe('zone shapes (docs/product.md §2.7)', () => {
  type FC = { features: { properties: { landId: string; name: string }; geometry: { type: string; coordinates: number[][][][] } }[] }
  type Zones = { parcelId: number; landCode: string; project: string | null; zones: Record<'zjtx' | 'djtx' | 'jgtx' | 'jxtx', FC | null> }
  /** a parcel of the busiest county whose project has all three zones, and one with no project */
  let full: { id: number; land_code: string; project: string; lng: number; lat: number }
  let bare: { id: number }
  beforeAll(async () => {
    const f = await s.db.query<typeof full>(
      `SELECT p.id, p.land_code, lp.name AS project, ST_X(ST_PointOnSurface(p.geom)) AS lng, ST_Y(ST_PointOnSurface(p.geom)) AS lat
       FROM parcel p JOIN lifecycle_project lp ON lp.parcel_id = p.id
       WHERE p.county_code = $1 AND (SELECT count(*) FROM lifecycle_zone z WHERE z.project_id = lp.id AND z.kind IN ('指界', '勘测定界', '竣工')) = 3
       ORDER BY p.id LIMIT 1`,
      [county.code],
    )
    full = f.rows[0]
    const b = await s.db.query<typeof bare>(
      `SELECT p.id FROM parcel p WHERE p.county_code = $1 AND NOT EXISTS (SELECT 1 FROM lifecycle_project lp WHERE lp.parcel_id = p.id) ORDER BY p.id LIMIT 1`,
      [county.code],
    )
    bare = b.rows[0]
    expect(full && bare).toBeTruthy()
  })

  it("returns a parcel's 指界, 勘测定界 and 竣工 shapes with landId and the project's name, as stored", async () => {
    const r = await s.get<Zones>(`/api/cloudChart/zones?parcelId=${full.id}`, admin)
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ parcelId: full.id, landCode: full.land_code, project: full.project })
    const db = await s.db.query<{ kind: string; area: number }>(
      `SELECT z.kind, ST_Area(z.geom::geography) AS area FROM lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id WHERE lp.parcel_id = $1`,
      [full.id],
    )
    for (const [key, kind] of [
      ['zjtx', '指界'],
      ['djtx', '勘测定界'],
      ['jgtx', '竣工'],
    ] as const) {
      const fc = r.body.data.zones[key]!
      expect(fc.features).toHaveLength(db.rows.filter((x) => x.kind === kind).length)
      expect(fc.features[0].properties).toEqual({ landId: full.land_code, name: full.project })
      expect(fc.features[0].geometry.type).toBe('MultiPolygon')
    }
    expect(r.body.data.zones.jxtx).toBeNull()
    // 指界 is the sketch around the plot: larger than the surveyed parcel, which is larger than the as-built
    const area = (k: string) => db.rows.find((x) => x.kind === k)!.area
    expect(area('指界')).toBeGreaterThan(area('勘测定界'))
    expect(area('勘测定界')).toBeGreaterThan(area('竣工'))
  })

  it('says null for every zone of a parcel without a project, 404 for one outside the scope, 400 for a bad id', async () => {
    const r = await s.get<Zones>(`/api/cloudChart/zones?parcelId=${bare.id}`, admin)
    expect(r.status).toBe(200)
    expect(r.body.data.project).toBeNull()
    expect(Object.values(r.body.data.zones)).toEqual([null, null, null, null])
    const other = await s.db.query<{ id: number }>('SELECT id FROM parcel WHERE county_code <> $1 ORDER BY id LIMIT 1', [county.code])
    const out = await s.get(`/api/cloudChart/zones?parcelId=${other.rows[0].id}`, clerk)
    expect(out.status).toBe(404)
    expect(out.body.message).toMatch(/数据范围/)
    expect((await s.get(`/api/cloudChart/zones?parcelId=${full.id}`, clerk)).status).toBe(200)
    const bad = await s.get('/api/cloudChart/zones?parcelId=abc', admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/地块编号/)
  })

  it('counts each kind of a region and gives its extent, as the database does', async () => {
    type Ext = { key: string; count: number; bbox: number[] | null }[]
    const r = await s.get<Ext>(`/api/cloudChart/zoneExtent?regionCode=${county.code}`, admin)
    expect(r.status).toBe(200)
    const db = await s.db.query<{ kind: string; n: number; w: number }>(
      `SELECT z.kind, count(*)::int AS n, min(ST_XMin(z.geom)) AS w FROM lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id
       JOIN parcel p ON p.id = lp.parcel_id WHERE p.county_code = $1 GROUP BY z.kind`,
      [county.code],
    )
    const want = (k: string) => db.rows.find((x) => x.kind === k)
    expect(r.body.data.map((e) => e.key)).toEqual(['zjtx', 'djtx', 'jgtx', 'jxtx'])
    expect(r.body.data[0].count).toBe(want('指界')!.n)
    expect(r.body.data[1].count).toBe(want('勘测定界')!.n)
    expect(r.body.data[2].count).toBe(want('竣工')!.n)
    expect(r.body.data[0].bbox![0]).toBeCloseTo(want('指界')!.w, 6)
    expect(r.body.data[3]).toEqual({ key: 'jxtx', count: 0, bbox: null })
    // a county user asking for the whole province gets the county
    const mine = await s.get<Ext>('/api/cloudChart/zoneExtent?regionCode=330000', clerk)
    expect(mine.body.data[0].count).toBe(want('指界')!.n)
    expect((await s.get('/api/cloudChart/zoneExtent?regionCode=3301', admin)).status).toBe(400)
  })

  it('serves zones as vector tiles: the same features from ST_AsMVT and the in-process cutter, filtered by kind and scope', async () => {
    const { x, y } = tileOf(full.lng, full.lat, 14)
    const key = (f: Decoded & { kind?: string; parcelId?: number }) => `${f.id}:${f.kind}:${f.parcelId}:${f.code}`
    const cut = decode(await tile(s.db, 'zones', 14, x, y, { scope: ALL, cut: true }), 'zones') as (Decoded & {
      kind?: string
      parcelId?: number
    })[]
    const mine = cut.filter((f) => f.parcelId === full.id)
    expect(mine.map((f) => f.kind).sort()).toEqual(['勘测定界', '指界', '竣工'])
    expect(mine.every((f) => f.type === 3 && f.code === full.land_code && f.name === full.project)).toBe(true)
    if (s.engine === 'postgres') {
      const mvt = decode(await tile(s.db, 'zones', 14, x, y, { scope: ALL, cut: false }), 'zones') as (Decoded & {
        kind?: string
        parcelId?: number
      })[]
      expect(mvt.map(key).sort()).toEqual(cut.map(key).sort())
    }
    const only = decode((await fetchTile('zones', 14, x, y, admin, '?kind=jgtx')).bytes, 'zones') as (Decoded & { kind?: string })[]
    expect(only.length).toBe(cut.filter((f) => f.kind === '竣工').length)
    expect(new Set(only.map((f) => f.kind))).toEqual(new Set(['竣工']))
    // the zone ids are the stored ones
    const ids = await s.db.query<{ id: number }>(
      `SELECT z.id FROM lifecycle_zone z JOIN lifecycle_project lp ON lp.id = z.project_id WHERE lp.parcel_id = $1 ORDER BY z.id`,
      [full.id],
    )
    expect(mine.map((f) => f.id).sort((a, b) => a - b)).toEqual(ids.rows.map((r) => r.id))
    // a county user: only the zones of the county's parcels, at a zoom where the tile spans several counties
    const wide = tileOf(full.lng, full.lat, 9)
    const all9 = decode((await fetchTile('zones', 9, wide.x, wide.y, admin)).bytes, 'zones') as (Decoded & { parcelId?: number })[]
    const clerk9 = decode((await fetchTile('zones', 9, wide.x, wide.y, clerk)).bytes, 'zones') as (Decoded & { parcelId?: number })[]
    const inCounty = new Set(
      (await s.db.query<{ id: number }>('SELECT id FROM parcel WHERE county_code = $1', [county.code])).rows.map((r) => r.id),
    )
    expect(clerk9.length).toBeGreaterThan(0)
    expect(clerk9.every((f) => inCounty.has(f.parcelId!))).toBe(true)
    expect(clerk9.length).toBe(all9.filter((f) => inCounty.has(f.parcelId!)).length)
    const bad = await fetchTile('zones', 14, x, y, admin, '?kind=abc')
    expect(bad.status).toBe(400)
    expect((await fetchTile('parcels', 14, x, y, admin, '?kind=zjtx')).status).toBe(400)
  })
})

describe('cloudChart endpoints', () => {
  it('returns county outlines simplified by zoom', async () => {
    type FC = { features: { properties: { code: string; name: string }; geometry: { coordinates: unknown } }[] }
    const coarse = await s.get<FC>('/api/cloudChart/boundaries?level=county&zoom=6', admin)
    const fine = await s.get<FC>('/api/cloudChart/boundaries?level=county&zoom=12', admin)
    expect(coarse.status).toBe(200)
    expect(coarse.body.data.features).toHaveLength(90)
    expect(JSON.stringify(coarse.body.data).length).toBeLessThan(JSON.stringify(fine.body.data).length)
    expect(coarse.body.data.features.find((f) => f.properties.code === '330102')?.properties.name).toBe('上城区')
    const bad = await s.get('/api/cloudChart/boundaries?level=town', admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toMatch(/层级/)
  })

  it('returns the district tree with tags from the province down', async () => {
    type Tree = {
      provinceCode: string
      tag: unknown[]
      citys: { cityName: string; counties: { countyCode: string; towns: { tag: { code: string }[] }[] }[] }[]
    }
    const r = await s.get<Tree>('/api/cloudChart/regionTree', admin)
    expect(r.body.data.provinceCode).toBe('330000')
    expect(r.body.data.citys).toHaveLength(11)
    expect(r.body.data.citys[0].cityName).toBe('杭州市')
    const town = r.body.data.citys[0].counties[0].towns[0]
    expect(town.tag.map((t) => t.code.slice(0, 2))).toEqual(['33', '33', '33', '33'])
    expect(town.tag).toHaveLength(4)
  })

  it('counts parcels, 亩 and tax of a region as the database does', async () => {
    const r = await s.get<{ parcels: number; areaMu: number; tax: number; year: number }>(
      `/api/cloudChart/statistics?regionCode=${county.code}`,
      admin,
    )
    expect(r.status).toBe(200)
    const db = await s.db.query<{ n: number; m2: number }>(
      'SELECT count(*)::int AS n, sum(area_m2)::float8 AS m2 FROM parcel WHERE county_code = $1',
      [county.code],
    )
    expect(r.body.data.parcels).toBe(county.n)
    expect(r.body.data.areaMu).toBeCloseTo((db.rows[0].m2 * 15) / 10000, 1)
    const whole = await s.get<{ parcels: number }>('/api/cloudChart/statistics', admin)
    expect(whole.body.data.parcels).toBeGreaterThan(county.n)
    expect((await s.get('/api/cloudChart/statistics?regionCode=33', admin)).status).toBe(400)
  })

  it('keeps a county user inside the county', async () => {
    const own = await s.get<{ parcels: number }>('/api/cloudChart/statistics', clerk)
    expect(own.body.data.parcels).toBe(county.n)
    const other = county.code === '330102' ? '330106' : '330102'
    const r = await s.get(`/api/cloudChart/statistics?regionCode=${other}`, clerk)
    expect(r.status).toBe(403)
    const pts = await s.get<{ id: number }[]>('/api/cloudChart/points', clerk)
    const n = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enterprise WHERE county_code = $1 AND location IS NOT NULL', [
      county.code,
    ])
    expect(pts.body.data).toHaveLength(n.rows[0].n)
  })

  it('returns enterprise points with 亩均税收', async () => {
    const r = await s.get<{ id: number; lng: number; muTax: number | null }[]>('/api/cloudChart/points', admin)
    const n = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enterprise WHERE location IS NOT NULL')
    expect(r.body.data).toHaveLength(n.rows[0].n)
    expect(r.body.data.filter((p) => p.muTax !== null && p.muTax > 0).length).toBeGreaterThan(0)
  })

  it('finds a parcel by 宗地代码 and by name, and within a drawn shape', async () => {
    type Page = { list: { kind: string; id: number }[]; total: number }
    const byCode = await s.postJson<Page>('/api/cloudChart/search', { keyword: sample.land_code }, admin)
    expect(byCode.body.data.list[0]).toMatchObject({ kind: 'parcel', id: sample.id })
    expect(byCode.body.data.total).toBe(1)
    const d = 0.0005
    const square = {
      type: 'Polygon',
      coordinates: [
        [
          [sample.lng - d, sample.lat - d],
          [sample.lng + d, sample.lat - d],
          [sample.lng + d, sample.lat + d],
          [sample.lng - d, sample.lat + d],
          [sample.lng - d, sample.lat - d],
        ],
      ],
    }
    const within = await s.postJson<Page>('/api/cloudChart/search', { geometry: square, kind: 'parcel' }, admin)
    expect(within.body.data.list.map((h) => h.id)).toContain(sample.id)
    const empty = await s.postJson('/api/cloudChart/search', {}, admin)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toMatch(/关键字或绘制范围/)
  })

  it('finds an enterprise by credit code and returns both details', async () => {
    const e = await s.db.query<{ credit_code: string }>('SELECT credit_code FROM enterprise WHERE id = $1', [sample.enterprise_id])
    const hit = await s.postJson<{ list: { kind: string; id: number }[] }>(
      '/api/cloudChart/search',
      { keyword: e.rows[0].credit_code },
      admin,
    )
    expect(hit.body.data.list).toEqual([expect.objectContaining({ kind: 'enterprise', id: sample.enterprise_id })])
    const p = await s.get<{ parcel: { land_code: string; geometry: { type: string } }; enterprise: { id: number }; yearly: unknown[] }>(
      `/api/cloudChart/parcel/${sample.id}`,
      admin,
    )
    expect(p.body.data.parcel.land_code).toBe(sample.land_code)
    expect(p.body.data.parcel.geometry.type).toBe('MultiPolygon')
    expect(p.body.data.enterprise.id).toBe(sample.enterprise_id)
    expect(p.body.data.yearly.length).toBeGreaterThan(0)
    const ent = await s.get<{ parcels: { id: number }[] }>(`/api/cloudChart/enterprise/${sample.enterprise_id}`, admin)
    expect(ent.body.data.parcels.map((x) => x.id)).toContain(sample.id)
    expect((await s.get('/api/cloudChart/parcel/99999999', admin)).status).toBe(404)
  })
})

describe('who may call the map endpoints (docs/product.md §6: the pages that show the map)', () => {
  const MAP_CALLS = [
    '/api/cloudChart/points',
    '/api/cloudChart/statistics?regionCode=330000',
    '/api/cloudChart/regionTree',
    '/api/cloudChart/boundaries?level=city',
    '/api/map/layers',
  ]
  it('a role holding 资源云图 reads them; a role without a map page is refused before anything is read', async () => {
    // 运维 holds only 系统设置: no page that shows the map
    const auditor = await s.login('ops', 'Ops@2026')
    const { x, y } = tileOf(sample.lng, sample.lat, 14)
    for (const path of MAP_CALLS) {
      expect((await s.get(path, clerk)).status, path).toBe(200)
      const r = await s.get(path, auditor)
      expect(r.status, path).toBe(403)
      expect(r.body.message).toBe('权限不足')
    }
    expect((await fetchTile('parcels', 14, x, y, clerk)).status).toBe(200)
    expect((await fetchTile('parcels', 14, x, y, auditor)).status).toBe(403)
    expect((await s.postJson('/api/cloudChart/search', { keyword: sample.land_code }, auditor)).status).toBe(403)
    expect((await s.get(`/api/cloudChart/zones?parcelId=${sample.id}`, auditor)).status).toBe(403)
  })

  it('the walls with a map (/bigData/district, /bigData/city) grant the map reads; the walls and the globe keep their own calls', async () => {
    const leader = await s.login('leader', 'Leader@2026')
    // the leader holds 大数据 (whose 区县分析 draws counties, heat and clusters on L7) and 三维地图
    for (const path of ['/api/cloudChart/points', '/api/cloudChart/boundaries?level=county&zoom=8']) {
      expect((await s.get(path, leader)).status, path).toBe(200)
    }
    for (const path of ['/api/bigData/overview', '/api/bigData/byRegion', '/api/globe/regions', '/api/globe/outlines?level=city']) {
      expect((await s.get(path, leader)).status, path).toBe(200)
    }
  })
})

describe('data scope: the product helper gives what the old prefix rule of the map gave', () => {
  /** the rule the map used before (a record's most precise code starts with the region's prefix) */
  const prefixOf = (code: string) => (code.endsWith('0000') ? code.slice(0, 2) : code.endsWith('00') ? code.slice(0, 4) : code)
  // the statistics count the catalogue's populations of the latest year (land in the books at its
  // end, enterprises with land that year), inside the same scope as the old rule
  const END = `(SELECT make_date(max(year)::int, 12, 31) FROM enterprise_yearly)`
  const THIS_YEAR_END = `make_date(extract(year FROM current_date)::int, 12, 31)`
  const FIGURE_POPULATION: Record<string, string> = {
    // land is a stock: the map counts it as of today, the end of the current year (issue 29)
    parcel: `(t.supply_date IS NULL OR t.supply_date <= ${THIS_YEAR_END}) AND NOT (t.status = '已收回' AND (t.recovered_date IS NULL OR t.recovered_date <= ${THIS_YEAR_END}))`,
    enterprise: `COALESCE((SELECT y.land_area_m2 FROM enterprise_yearly y WHERE y.enterprise_id = t.id AND y.year = (SELECT max(year) FROM enterprise_yearly)),
      (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = t.id AND NOT pp.deleted AND (pp.supply_date IS NULL OR pp.supply_date <= ${END})
         AND NOT (pp.status = '已收回' AND (pp.recovered_date IS NULL OR pp.recovered_date <= ${END})))) > 0`,
  }
  const oldCount = async (table: string, code: string) =>
    (
      await s.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM ${table} t WHERE NOT t.deleted AND coalesce(t.town_code, t.county_code, t.city_code, t.province_code, '') LIKE $1 || '%' AND ${FIGURE_POPULATION[table]}`,
        [prefixOf(code)],
      )
    ).rows[0].n
  it.each(['county', 'city', 'province'] as const)('a %s user: the same parcels and enterprises on the map', async (level) => {
    const code = level === 'county' ? county.code : level === 'city' ? `${county.code.slice(0, 4)}00` : '330000'
    const role = (
      await s.db.query<{ id: number }>(
        `SELECT ur.role_id AS id FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE u.username = 'clerk'`,
      )
    ).rows[0].id
    const { token } = await makeUser(s, admin, { username: `map_${level}`, regionCode: code, roleIds: [role] })
    const stats = await s.get<{ parcels: number; enterprises: number }>('/api/cloudChart/statistics', token)
    expect(stats.status).toBe(200)
    expect(stats.body.data.parcels).toBe(await oldCount('parcel', code))
    expect(stats.body.data.enterprises).toBe(await oldCount('enterprise', code))
    expect(stats.body.data.parcels).toBeGreaterThan(0)
    const points = await s.get<{ id: number }[]>('/api/cloudChart/points', token)
    const located = (
      await s.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM enterprise t WHERE NOT t.deleted AND t.location IS NOT NULL AND coalesce(t.town_code, t.county_code, t.city_code, t.province_code, '') LIKE $1 || '%'`,
        [prefixOf(code)],
      )
    ).rows[0].n
    expect(points.body.data).toHaveLength(located)
  })

  it('differs only where the old rule was wider than the product: a user without a region now sees nothing', async () => {
    const role = (
      await s.db.query<{ id: number }>(
        `SELECT ur.role_id AS id FROM user_role ur JOIN app_user u ON u.id = ur.user_id WHERE u.username = 'clerk'`,
      )
    ).rows[0].id
    const { token } = await makeUser(s, admin, { username: 'map_none', regionCode: null, roleIds: [role] })
    // (the old rule showed such a user the whole province)
    expect((await s.get<unknown[]>('/api/cloudChart/points', token)).body.data).toEqual([])
    expect((await s.postJson<{ total: number }>('/api/cloudChart/search', { keyword: sample.land_code }, token)).body.data.total).toBe(0)
    expect((await s.get(`/api/cloudChart/parcel/${sample.id}`, token)).status).toBe(404)
    expect((await s.get('/api/cloudChart/statistics?regionCode=330100', token)).status).toBe(403)
  })

  it('an unknown district is 404, a district outside the scope 403', async () => {
    expect((await s.get('/api/cloudChart/statistics?regionCode=339999', admin)).status).toBe(404)
    const other = (
      await s.db.query<{ code: string }>(`SELECT code FROM region WHERE level = 'county' AND code <> $1 ORDER BY code LIMIT 1`, [
        county.code,
      ])
    ).rows[0].code
    const r = await s.get(`/api/cloudChart/zoneExtent?regionCode=${other}`, clerk)
    expect(r.status).toBe(403)
    expect(r.body.message).toMatch(/数据范围/)
  })
})

describe('boundaries without county outlines (issue 19): which levels have outlines, and the seats of the regions that have none', () => {
  type Collection = ReturnType<typeof outlineCollectionSchema.parse>
  const counties = async () => {
    const r = await s.get<Collection>('/api/cloudChart/boundaries?level=county&zoom=8', admin)
    expect(r.status).toBe(200)
    return outlineCollectionSchema.parse(r.body.data)
  }
  // the template has the county fixture imported; these tests take outlines away and put them back
  beforeAll(async () => {
    await s.db.query(`CREATE TABLE saved_county_geom AS SELECT code, geom FROM region WHERE level = 'county'`)
  })
  afterAll(async () => {
    await s.db.query(`UPDATE region r SET geom = g.geom FROM saved_county_geom g WHERE r.code = g.code`)
    await s.db.query(`DROP TABLE saved_county_geom`)
  })

  it('with every county outlined: 90 outlines, every level outlined, no seat', async () => {
    const c = await counties()
    expect(c.features).toHaveLength(90)
    expect(c.levels).toEqual({ province: true, city: true, county: true })
    expect(c.seats).toEqual([])
  })

  it('a city whose counties have no outline: those counties come as seats at their centre, inside the city outline', async () => {
    await s.db.query(`UPDATE region SET geom = NULL WHERE level = 'county' AND parent_code = '330100'`)
    const c = await counties()
    const hz = (
      await s.db.query<{ code: string; name: string; lng: number; lat: number }>(
        `SELECT code, name, ST_X(center) AS lng, ST_Y(center) AS lat FROM region WHERE level = 'county' AND parent_code = '330100' ORDER BY code`,
      )
    ).rows
    expect(hz.length).toBeGreaterThan(5)
    expect(c.features).toHaveLength(90 - hz.length)
    expect(c.features.some((f) => f.properties.code.startsWith('3301'))).toBe(false)
    expect(c.levels.county).toBe(true)
    expect(c.seats).toEqual(hz.map((r) => ({ code: r.code, name: r.name, parentCode: '330100', lng: Number(r.lng), lat: Number(r.lat) })))
    const outside = await s.db.query<{ code: string }>(
      `SELECT r.code FROM region r JOIN region c ON c.code = r.parent_code WHERE r.level = 'county' AND r.parent_code = '330100' AND NOT ST_Contains(c.geom, r.center)`,
    )
    expect(outside.rows).toEqual([])
  })

  it('no county outline at all: no county feature, the level reported missing, a seat for each of the 90 counties', async () => {
    await s.db.query(`UPDATE region SET geom = NULL WHERE level = 'county'`)
    const c = await counties()
    expect(c.features).toEqual([])
    expect(c.levels).toEqual({ province: true, city: true, county: false })
    expect(c.seats).toHaveLength(90)
    // the cities keep their outlines and report no seat
    const cities = outlineCollectionSchema.parse((await s.get<Collection>('/api/cloudChart/boundaries?level=city&zoom=7', admin)).body.data)
    expect(cities.features).toHaveLength(11)
    expect(cities.seats).toEqual([])
  })
})
