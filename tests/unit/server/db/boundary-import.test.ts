import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BoundaryImportError, featureCode, importBoundaries } from '../../../../src/server/db/boundary-import'
import { openPgliteMemory, type Db } from '../../../../src/server/db/engine'
import { migrate } from '../../../../src/server/db/migrate'
import { seedRegions } from '../../../../src/server/db/seed/regions'

// the shared reference data sits beside the repository (CI clones it there too)
const DATA = (file: string) => path.resolve(process.cwd(), '../shared/data', file)
const readFeatures = (file: string) =>
  (JSON.parse(fs.readFileSync(DATA(file), 'utf8')) as { features: Array<{ properties: Record<string, unknown>; geometry: unknown }> }).features

let db: Db
let tmpDir: string

beforeAll(async () => {
  db = await openPgliteMemory()
  await migrate(db)
  await seedRegions(db)
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'boundary-import-'))
}, 120_000)

afterAll(async () => {
  await db?.close()
  if (tmpDir) fs.rmSync(tmpDir, { recursive: true, force: true })
})

async function rows<T>(sql: string, params?: unknown[]): Promise<T[]> {
  return (await db.query<T>(sql, params)).rows
}

function writeCollection(name: string, features: unknown[]): string {
  const file = path.join(tmpDir, name)
  fs.writeFileSync(file, JSON.stringify({ type: 'FeatureCollection', features }))
  return file
}

const square = (lon: number, lat: number, d = 0.01) => ({
  type: 'Polygon',
  coordinates: [[[lon, lat], [lon + d, lat], [lon + d, lat + d], [lon, lat + d], [lon, lat]]],
})

describe('importBoundaries with the real Zhejiang files', { timeout: 120_000 }, () => {
  it('loads the 11 cn-atlas cities (WGS84)', async () => {
    const r = await importBoundaries(db, { file: DATA('zhejiang_cities_cn-atlas.geojson'), crs: 'wgs84', level: 'city' })
    expect(r).toEqual({ updated: 11, unknownCodes: [], featuresWithoutCode: 0, emptyCodes: [] })
    // keep them to compare with the converted DataV cities below
    await db.exec(`CREATE TABLE atlas_city AS SELECT code, geom FROM region WHERE level = 'city'`)
  })

  it('loads the 90 DataV counties (GCJ-02), valid MultiPolygons with a centre inside', async () => {
    const r = await importBoundaries(db, { file: DATA('zhejiang_counties_datav.geojson'), crs: 'gcj02', level: 'county' })
    expect(r).toEqual({ updated: 90, unknownCodes: [], featuresWithoutCode: 0, emptyCodes: [] })
    const [c] = await rows<Record<string, number>>(
      `SELECT count(geom)::int AS with_geom,
              sum((NOT ST_IsValid(geom))::int)::int AS invalid,
              sum((GeometryType(geom) <> 'MULTIPOLYGON')::int)::int AS not_multi,
              sum((ST_SRID(geom) <> 4326)::int)::int AS wrong_srid,
              sum((NOT ST_Intersects(center, geom))::int)::int AS centre_outside
         FROM region WHERE level = 'county'`,
    )
    expect(c).toEqual({ with_geom: 90, invalid: 0, not_multi: 0, wrong_srid: 0, centre_outside: 0 })
  })

  it('repairs the self-intersecting DataV features (定海区 here; 宁波市, 舟山市 below)', async () => {
    const dinghai = readFeatures('zhejiang_counties_datav.geojson').find((f) => f.properties['adcode'] === 330902)!
    const [raw] = await rows<{ valid: boolean }>(`SELECT ST_IsValid(ST_GeomFromGeoJSON($1)) AS valid`, [JSON.stringify(dinghai.geometry)])
    expect(raw!.valid).toBe(false)
    const [stored] = await rows<{ valid: boolean; km2: number }>(`SELECT ST_IsValid(geom) AS valid, ST_Area(geom::geography) / 1e6 AS km2 FROM region WHERE code = '330902'`)
    expect(stored!.valid).toBe(true)
    // 定海区 is about 570 km² of land: repair must not throw islands away
    expect(stored!.km2).toBeGreaterThan(450)
    expect(stored!.km2).toBeLessThan(700)
  })

  it('shifts every DataV county by the GCJ-02 offset (0.4–0.65 km) on import', async () => {
    const shifts: number[] = []
    for (const f of readFeatures('zhejiang_counties_datav.geojson')) {
      const [d] = await rows<{ m: number }>(
        `SELECT ST_Distance(ST_Centroid(ST_MakeValid(ST_GeomFromGeoJSON($1)))::geography, ST_Centroid(geom)::geography) AS m
           FROM region WHERE code = $2`,
        [JSON.stringify(f.geometry), String(f.properties['adcode'])],
      )
      shifts.push(d!.m)
    }
    expect(shifts).toHaveLength(90)
    expect(Math.min(...shifts)).toBeGreaterThan(400)
    expect(Math.max(...shifts)).toBeLessThan(650)
  })

  it('makes converted DataV cities agree with cn-atlas WGS84 cities', async () => {
    const r = await importBoundaries(db, { file: DATA('zhejiang_cities_datav.geojson'), crs: 'gcj02', level: 'city' })
    expect(r.updated).toBe(11)
    const invalid = await rows(`SELECT code FROM region WHERE level = 'city' AND NOT ST_IsValid(geom)`)
    expect(invalid).toEqual([]) // 宁波市 and 舟山市 self-intersect in the file
    const raw = new Map(readFeatures('zhejiang_cities_datav.geojson').map((f) => [String(f.properties['adcode']), JSON.stringify(f.geometry)]))
    // inland cities, where both sources draw the same outline (coastal ones differ in islands and sea)
    for (const code of ['330100', '330500', '330600', '330700', '330800', '331100']) {
      const [m] = await rows<{ iou: number; iou_raw: number; d: number; d_raw: number }>(
        `WITH g AS (SELECT a.geom AS atlas, r.geom AS conv, ST_MakeValid(ST_GeomFromGeoJSON($2)) AS raw
                      FROM region r JOIN atlas_city a USING (code) WHERE r.code = $1)
         SELECT ST_Area(ST_Intersection(atlas, conv)::geography) / ST_Area(ST_Union(atlas, conv)::geography) AS iou,
                ST_Area(ST_Intersection(atlas, raw)::geography) / ST_Area(ST_Union(atlas, raw)::geography) AS iou_raw,
                ST_Distance(ST_Centroid(atlas)::geography, ST_Centroid(conv)::geography) AS d,
                ST_Distance(ST_Centroid(atlas)::geography, ST_Centroid(raw)::geography) AS d_raw
           FROM g`,
        [code, raw.get(code)],
      )
      expect(m!.iou, code).toBeGreaterThan(0.985)
      expect(m!.iou - m!.iou_raw, code).toBeGreaterThan(0.005)
      expect(m!.d, code).toBeLessThan(150)
      expect(m!.d_raw, code).toBeGreaterThan(450)
    }
    const [hz] = await rows<{ overlap: number }>(
      `SELECT ST_Area(ST_Intersection(a.geom, r.geom)::geography) / ST_Area(a.geom::geography) AS overlap
         FROM region r JOIN atlas_city a USING (code) WHERE code = '330100'`,
    )
    expect(hz!.overlap).toBeGreaterThan(0.95)
  })

  it('loads the dissolved province outline', async () => {
    const r = await importBoundaries(db, { file: DATA('zhejiang_province_dissolved_datav.geojson'), crs: 'gcj02', level: 'province' })
    expect(r.updated).toBe(1)
    const [p] = await rows<{ valid: boolean; km2: number }>(`SELECT ST_IsValid(geom) AS valid, ST_Area(geom::geography) / 1e6 AS km2 FROM region WHERE code = '330000'`)
    expect(p!.valid).toBe(true)
    expect(p!.km2).toBeGreaterThan(100_000) // Zhejiang: about 105,500 km²
    expect(p!.km2).toBeLessThan(112_000)
  })
})

describe('importBoundaries edge cases', { timeout: 60_000 }, () => {
  it('reports unknown codes, codes of another level and features without a code, and imports the rest', async () => {
    const file = writeCollection('mixed.geojson', [
      { type: 'Feature', properties: { adcode: 330100 }, geometry: square(120.1, 30.2) },
      { type: 'Feature', properties: { 区划码: '999999' }, geometry: square(120.3, 30.2) },
      { type: 'Feature', properties: { adcode: 330102 }, geometry: square(120.5, 30.2) }, // a county, not a city
      { type: 'Feature', properties: { name: '无代码' }, geometry: square(120.7, 30.2) },
    ])
    const r = await importBoundaries(db, { file, crs: 'wgs84', level: 'city' })
    expect(r).toEqual({ updated: 1, unknownCodes: ['330102', '999999'], featuresWithoutCode: 1, emptyCodes: [] })
    const [hz] = await rows<{ x: number; y: number }>(`SELECT ST_X(center) AS x, ST_Y(center) AS y FROM region WHERE code = '330100'`)
    expect(hz!.x).toBeCloseTo(120.105, 3)
    expect(hz!.y).toBeCloseTo(30.205, 3)
  })

  it('merges features that share a code and drops non-polygon parts', async () => {
    const file = writeCollection('split.geojson', [
      { type: 'Feature', properties: { id: '330100' }, geometry: square(120.0, 30.0) },
      { type: 'Feature', properties: { id: '330100' }, geometry: square(120.5, 30.0) },
      { type: 'Feature', properties: { id: '330100' }, geometry: { type: 'LineString', coordinates: [[120, 30], [121, 31]] } },
    ])
    const r = await importBoundaries(db, { file, crs: 'wgs84', level: 'city' })
    expect(r.updated).toBe(1)
    const [g] = await rows<{ parts: number; valid: boolean }>(`SELECT ST_NumGeometries(geom) AS parts, ST_IsValid(geom) AS valid FROM region WHERE code = '330100'`)
    expect(g).toEqual({ parts: 2, valid: true })
  })

  it('converts GCJ-02 before storing', async () => {
    const file = writeCollection('gcj.geojson', [{ type: 'Feature', properties: { adcode: 330100 }, geometry: square(120.2, 30.3, 0.02) }])
    await importBoundaries(db, { file, crs: 'gcj02', level: 'city' })
    const [g] = await rows<{ xmin: number; ymin: number }>(`SELECT ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin FROM region WHERE code = '330100'`)
    // around Hangzhou GCJ-02 lies ~0.0046° east and ~0.0024° south of WGS84
    expect(120.2 - g!.xmin).toBeGreaterThan(0.003)
    expect(120.2 - g!.xmin).toBeLessThan(0.006)
    expect(g!.ymin - 30.3).toBeGreaterThan(0.001)
    expect(g!.ymin - 30.3).toBeLessThan(0.004)
  })

  it('imports in one transaction: a bad geometry rolls back the features before it', async () => {
    const [before] = await rows<{ g: string }>(`SELECT ST_AsText(geom) AS g FROM region WHERE code = '330100'`)
    const file = writeCollection('broken.geojson', [
      { type: 'Feature', properties: { adcode: 330100 }, geometry: square(121, 29) },
      // PostGIS rejects positions with a single ordinate
      { type: 'Feature', properties: { adcode: 330200 }, geometry: { type: 'Polygon', coordinates: [[[121], [121.1], [121.2], [121]]] } },
    ])
    await expect(importBoundaries(db, { file, crs: 'wgs84', level: 'city' })).rejects.toThrow(/ordinates/)
    const [after] = await rows<{ g: string }>(`SELECT ST_AsText(geom) AS g FROM region WHERE code = '330100'`)
    expect(after!.g).toBe(before!.g)
  })

  it('leaves a region unchanged when its polygons are empty after repair', async () => {
    const [before] = await rows<{ g: string }>(`SELECT ST_AsText(geom) AS g FROM region WHERE code = '330200'`)
    const file = writeCollection('degenerate.geojson', [
      { type: 'Feature', properties: { adcode: 330200 }, geometry: { type: 'Polygon', coordinates: [[[121, 29], [121.1, 29], [121, 29]]] } },
    ])
    const r = await importBoundaries(db, { file, crs: 'wgs84', level: 'city' })
    expect(r).toEqual({ updated: 0, unknownCodes: [], featuresWithoutCode: 0, emptyCodes: ['330200'] })
    const [after] = await rows<{ g: string }>(`SELECT ST_AsText(geom) AS g FROM region WHERE code = '330200'`)
    expect(after!.g).toBe(before!.g)
    expect(after!.g).toMatch(/^MULTIPOLYGON/)
  })

  it('refuses unreadable, non-JSON and non-FeatureCollection files with a Chinese message', async () => {
    await expect(importBoundaries(db, { file: path.join(tmpDir, 'missing.geojson'), crs: 'wgs84', level: 'city' })).rejects.toThrow(
      /^无法读取边界文件/,
    )
    const notJson = path.join(tmpDir, 'not.json')
    fs.writeFileSync(notJson, '{"type": "FeatureCollection", ')
    await expect(importBoundaries(db, { file: notJson, crs: 'wgs84', level: 'city' })).rejects.toBeInstanceOf(BoundaryImportError)
    const geometryOnly = path.join(tmpDir, 'geometry.json')
    fs.writeFileSync(geometryOnly, JSON.stringify(square(120, 30)))
    await expect(importBoundaries(db, { file: geometryOnly, crs: 'wgs84', level: 'city' })).rejects.toThrow(/FeatureCollection/)
    await expect(importBoundaries(db, { file: geometryOnly, crs: 'bd09' as never, level: 'city' })).rejects.toThrow(/坐标系/)
  })

  it('reads codes from adcode, 区划码, id or the feature id', () => {
    expect(featureCode({ properties: { adcode: 330100 } })).toBe('330100')
    expect(featureCode({ properties: { 区划码: '330100', id: '330100' } })).toBe('330100')
    expect(featureCode({ properties: { id: ' 330102 ' } })).toBe('330102')
    expect(featureCode({ id: 330000, properties: null })).toBe('330000')
    expect(featureCode({ properties: { adcode: '330100000000' } })).toBe('330100')
    expect(featureCode({ properties: { adcode: 3301 } })).toBeNull()
    expect(featureCode({ properties: {} })).toBeNull()
  })
})
