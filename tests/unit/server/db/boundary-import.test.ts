import fs from 'node:fs'
import gcoord from 'gcoord'
import type { MultiPolygon, Polygon, Position } from 'geojson'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BoundaryImportError, featureCode, importBoundaries } from '../../../../src/server/db/boundary-import'
import { openPgliteMemory, type Db } from '../../../../src/server/db/engine'
import { migrate } from '../../../../src/server/db/migrate'
import { seedRegions } from '../../../../src/server/db/seed/regions'
import { deriveProvinceOutline, SHIPPED_CITY_OUTLINES } from '../../../../src/server/db/seed/outlines'

const COUNTY_FIXTURE = path.resolve(process.cwd(), 'tests/fixtures/boundaries/zhejiang-counties-fixture.geojson')
const readFeatures = (file: string) =>
  (
    JSON.parse(fs.readFileSync(file, 'utf8')) as {
      features: Array<{ properties: Record<string, unknown>; geometry: Polygon | MultiPolygon }>
    }
  ).features

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
  coordinates: [
    [
      [lon, lat],
      [lon + d, lat],
      [lon + d, lat + d],
      [lon, lat + d],
      [lon, lat],
    ],
  ],
})

describe('importBoundaries with the shipped city outlines and the county fixture', { timeout: 120_000 }, () => {
  it('loads the 11 shipped cn-atlas cities (WGS84) and derives the province as their union', async () => {
    const r = await importBoundaries(db, { file: SHIPPED_CITY_OUTLINES, crs: 'wgs84', level: 'city' })
    expect(r).toEqual({ updated: 11, unknownCodes: [], featuresWithoutCode: 0, emptyCodes: [] })
    expect(await deriveProvinceOutline(db, '330000')).toBe(1)
    // a second derivation leaves an outline the province already has
    expect(await deriveProvinceOutline(db, '330000')).toBe(0)
    const [p] = await rows<{ valid: boolean; km2: number; centre_inside: boolean }>(
      `SELECT ST_IsValid(geom) AS valid, ST_Area(geom::geography) / 1e6 AS km2, ST_Intersects(center, geom) AS centre_inside FROM region WHERE code = '330000'`,
    )
    expect(p!.valid).toBe(true)
    expect(p!.centre_inside).toBe(true)
    expect(p!.km2).toBeGreaterThan(100_000) // Zhejiang: about 105,500 km²
    expect(p!.km2).toBeLessThan(112_000)
  })

  it('loads the 90 fixture counties, valid MultiPolygons with a centre inside, tiling their cities', async () => {
    const r = await importBoundaries(db, { file: COUNTY_FIXTURE, crs: 'wgs84', level: 'county' })
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
    const [hz] = await rows<{ share: number }>(
      `SELECT (SELECT sum(ST_Area(geom::geography)) FROM region WHERE level = 'county' AND parent_code = '330100')
              / ST_Area(geom::geography) AS share
         FROM region WHERE code = '330100'`,
    )
    expect(hz!.share).toBeGreaterThan(0.999)
    expect(hz!.share).toBeLessThan(1.001)
  })

  it('shifts a GCJ-02 file back onto WGS84 (the offset is 0.4–0.65 km; the round trip within 2 m)', async () => {
    const toGcj = (polygons: Position[][][]) =>
      polygons.map((rings) =>
        rings.map((ring) => ring.map(([lon, lat]) => gcoord.transform([lon!, lat!] as [number, number], gcoord.WGS84, gcoord.GCJ02))),
      )
    const features = readFeatures(COUNTY_FIXTURE).map((f) => ({
      ...f,
      geometry: {
        type: 'MultiPolygon',
        coordinates: toGcj(f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates),
      },
    }))
    await db.exec(`CREATE TABLE fixture_county AS SELECT code, geom FROM region WHERE level = 'county'`)
    const r = await importBoundaries(db, { file: writeCollection('counties-gcj.geojson', features), crs: 'gcj02', level: 'county' })
    expect(r.updated).toBe(90)
    const [d] = await rows<{ worst: number; raw_min: number; raw_max: number }>(
      `SELECT max(ST_Distance(ST_Centroid(r.geom)::geography, ST_Centroid(f.geom)::geography)) AS worst,
              min(ST_Distance(ST_Centroid(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(g.j), 4326)))::geography, ST_Centroid(f.geom)::geography)) AS raw_min,
              max(ST_Distance(ST_Centroid(ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON(g.j), 4326)))::geography, ST_Centroid(f.geom)::geography)) AS raw_max
         FROM region r
         JOIN fixture_county f USING (code)
         JOIN json_to_recordset($1::json) AS g(code varchar, j text) ON g.code = r.code`,
      [JSON.stringify(features.map((f) => ({ code: String(f.properties['adcode']), j: JSON.stringify(f.geometry) })))],
    )
    expect(d!.worst).toBeLessThan(2)
    expect(d!.raw_min).toBeGreaterThan(400)
    expect(d!.raw_max).toBeLessThan(650)
  })

  it('repairs a self-intersecting outline (a bow-tie) without throwing either lobe away', async () => {
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [120.0, 30.0],
          [120.1, 30.1],
          [120.1, 30.0],
          [120.0, 30.1],
          [120.0, 30.0],
        ],
      ],
    }
    const [raw] = await rows<{ valid: boolean }>(`SELECT ST_IsValid(ST_GeomFromGeoJSON($1)) AS valid`, [JSON.stringify(bowTie)])
    expect(raw!.valid).toBe(false)
    const r = await importBoundaries(db, {
      file: writeCollection('bowtie.geojson', [{ type: 'Feature', properties: { adcode: 330102 }, geometry: bowTie }]),
      crs: 'wgs84',
      level: 'county',
    })
    expect(r.updated).toBe(1)
    const [g] = await rows<{ valid: boolean; parts: number; km2: number }>(
      `SELECT ST_IsValid(geom) AS valid, ST_NumGeometries(geom) AS parts, ST_Area(geom::geography) / 1e6 AS km2 FROM region WHERE code = '330102'`,
    )
    expect(g!.valid).toBe(true)
    expect(g!.parts).toBe(2)
    // two triangles of half a 0.1° square each: about 53 km² in all at 30° N
    expect(g!.km2).toBeGreaterThan(50)
    expect(g!.km2).toBeLessThan(56)
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
      {
        type: 'Feature',
        properties: { id: '330100' },
        geometry: {
          type: 'LineString',
          coordinates: [
            [120, 30],
            [121, 31],
          ],
        },
      },
    ])
    const r = await importBoundaries(db, { file, crs: 'wgs84', level: 'city' })
    expect(r.updated).toBe(1)
    const [g] = await rows<{ parts: number; valid: boolean }>(
      `SELECT ST_NumGeometries(geom) AS parts, ST_IsValid(geom) AS valid FROM region WHERE code = '330100'`,
    )
    expect(g).toEqual({ parts: 2, valid: true })
  })

  it('converts GCJ-02 before storing', async () => {
    const file = writeCollection('gcj.geojson', [{ type: 'Feature', properties: { adcode: 330100 }, geometry: square(120.2, 30.3, 0.02) }])
    await importBoundaries(db, { file, crs: 'gcj02', level: 'city' })
    const [g] = await rows<{ xmin: number; ymin: number }>(
      `SELECT ST_XMin(geom) AS xmin, ST_YMin(geom) AS ymin FROM region WHERE code = '330100'`,
    )
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
      {
        type: 'Feature',
        properties: { adcode: 330200 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [121, 29],
              [121.1, 29],
              [121, 29],
            ],
          ],
        },
      },
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
