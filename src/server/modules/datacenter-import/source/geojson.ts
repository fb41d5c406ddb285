/**
 * GeoJSON sources: a FeatureCollection (or one Feature). The `crs` member of old GeoJSON is
 * honoured (EPSG:4326/4490/4549), otherwise RFC 7946's WGS84 is assumed, unless the uploader
 * declared a system (GCJ-02 for files from Gaode or DataV). Properties become the columns.
 */
import fs from 'node:fs'
import type { Feature, Geometry } from 'geojson'
import type { DeclaredCrs, SourceCrs } from '../../../../domain/datacenter/import-batch'
import { assertPlausible, crsOfGeoJsonMember, firstPosition, mapGeometry, toWgs84 } from './crs'
import { detectTextEncoding } from './text-encoding'
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, SourceError, tooManyRows, uniqueHeaders, type SourceReader, type SourceRow } from './types'

const GEOMETRY_TYPES = new Set(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection'])

/** A property value as plain data (objects and arrays as JSON text). */
function plain(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim()
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v
  return JSON.stringify(v)
}

/**
 * Largest GeoJSON read. The document is parsed whole by JSON.parse, which allocates in one native
 * call that the worker's heap cap cannot interrupt, so its size is bounded before it starts (a
 * 50 MB document takes some 500 MB of heap, under the parse worker's cap).
 */
export const MAX_GEOJSON_BYTES = 50 * 1024 * 1024

/** Opens a GeoJSON file (read whole, at most {@link MAX_GEOJSON_BYTES}). */
export async function openGeoJson(file: string, declared: DeclaredCrs): Promise<SourceReader> {
  const size = (await fs.promises.stat(file)).size
  if (size > MAX_GEOJSON_BYTES)
    throw new SourceError(
      `GeoJSON 文件 ${Math.ceil(size / 1024 / 1024)} MB，超过上限 ${MAX_GEOJSON_BYTES / 1024 / 1024} MB：请拆分后分批导入，或改用 Shapefile`,
      413,
    )
  const bytes = await fs.promises.readFile(file)
  let doc: unknown
  try {
    doc = JSON.parse(new TextDecoder(detectTextEncoding(bytes.subarray(0, 65536))).decode(bytes))
  } catch {
    throw new SourceError('GeoJSON 不是合法的 JSON 文本，请检查文件是否完整')
  }
  const root = doc as { type?: unknown; features?: unknown; crs?: unknown }
  let features: Feature[]
  if (root?.type === 'FeatureCollection' && Array.isArray(root.features)) features = root.features as Feature[]
  else if (root?.type === 'Feature') features = [root as unknown as Feature]
  else throw new SourceError('GeoJSON 应为 FeatureCollection（要素集合），顶层 type 不对')
  if (features.length === 0) throw new SourceError('GeoJSON 中没有要素')
  if (features.length > MAX_IMPORT_ROWS) throw tooManyRows('GeoJSON 的要素', features.length)
  const crs: SourceCrs = declared !== 'auto' ? declared : (crsOfGeoJsonMember(root.crs) ?? '4326')
  const project = toWgs84(crs)

  const keys = new Set<string>()
  for (const f of features.slice(0, 1000)) for (const k of Object.keys(f?.properties ?? {})) keys.add(k)
  if (keys.size > MAX_IMPORT_COLUMNS) throw new SourceError(`GeoJSON 属性有 ${keys.size} 个，超过上限 ${MAX_IMPORT_COLUMNS} 个`)
  const raw = [...keys]
  const headers = uniqueHeaders(raw)

  const geometryOf = (f: Feature, i: number): Geometry | null => {
    const g = f?.geometry as Geometry | null | undefined
    if (!g) return null
    if (typeof g !== 'object' || !GEOMETRY_TYPES.has(g.type))
      throw new SourceError(`第 ${i + 1} 个要素的几何类型「${String((g as { type?: unknown })?.type)}」无效`)
    return mapGeometry(g, project)
  }
  const first = features.findIndex((f) => f?.geometry)
  if (first >= 0) {
    const g = features[first].geometry as Geometry
    const p = firstPosition(g)
    if (p) assertPlausible(p, project(p), crs, `第 ${first + 1} 个要素`)
  }

  let done = 0
  return {
    format: 'geojson',
    headers,
    crs,
    fraction: () => done / features.length,
    async *rows(): AsyncIterable<SourceRow> {
      for (let i = 0; i < features.length; i++) {
        const f = features[i]
        if (!f || f.type !== 'Feature') throw new SourceError(`第 ${i + 1} 个元素不是 Feature`)
        const values: SourceRow['values'] = {}
        raw.forEach((k, j) => (values[headers[j]] = plain((f.properties ?? {})[k])))
        let geometry: Geometry | null
        try {
          geometry = geometryOf(f, i)
        } catch (err) {
          if (err instanceof SourceError) throw err
          throw new SourceError(`第 ${i + 1} 个要素的坐标无效`)
        }
        done = i + 1
        yield { line: i + 1, values, geometry }
      }
    },
    close: async () => {},
  }
}
