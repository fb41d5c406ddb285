/**
 * Source coordinate systems → EPSG:4326 (docs/architecture.md "Database": imports accept 4326/4490/4549
 * and GCJ-02 and always store 4326): proj4 for the Gauss-Krüger plane, gcoord for GCJ-02.
 * Identifies the system of a shapefile's .prj and of a GeoJSON `crs` member.
 */
import gcoord from 'gcoord'
import proj4 from 'proj4'
import type { Geometry, Position } from 'geojson'
import { CHINA_BOUNDS, SOURCE_CRS, type SourceCrs } from '../../../../domain/datacenter/import-batch'
import { SourceError } from './types'

/** EPSG:4549: CGCS2000 / 3-degree Gauss-Kruger CM 120E (the CGCS2000 ellipsoid is GRS80 to 0.1 mm). */
const EPSG_4549 = '+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs'
const fromGk = proj4(EPSG_4549, 'EPSG:4326')

/** The function that turns one source position into lon/lat (EPSG:4326). */
export function toWgs84(crs: SourceCrs): (p: Position) => Position {
  switch (crs) {
    case '4326':
    case '4490':
      return (p) => [p[0], p[1]]
    case '4549':
      return (p) => fromGk.forward([p[0], p[1]])
    case 'gcj02':
      return (p) => gcoord.transform([p[0], p[1]] as [number, number], gcoord.GCJ02, gcoord.WGS84) as Position
  }
}

/** A geometry with every position passed through `fn` (rounded to 1e-8°, about 1 mm). */
export function mapGeometry(g: Geometry, fn: (p: Position) => Position): Geometry {
  const pt = (p: Position): Position => {
    const q = fn(p)
    return [Math.round(q[0] * 1e8) / 1e8, Math.round(q[1] * 1e8) / 1e8]
  }
  switch (g.type) {
    case 'Point':
      return { type: 'Point', coordinates: pt(g.coordinates) }
    case 'MultiPoint':
    case 'LineString':
      return { type: g.type, coordinates: g.coordinates.map(pt) } as Geometry
    case 'MultiLineString':
    case 'Polygon':
      return { type: g.type, coordinates: g.coordinates.map((r) => r.map(pt)) } as Geometry
    case 'MultiPolygon':
      return { type: 'MultiPolygon', coordinates: g.coordinates.map((poly) => poly.map((r) => r.map(pt))) }
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: g.geometries.map((x) => mapGeometry(x, fn)) }
  }
}

/** The first position of a geometry (null for an empty one). */
export function firstPosition(g: Geometry): Position | null {
  if (g.type === 'GeometryCollection') return g.geometries.length ? firstPosition(g.geometries[0]) : null
  let c: unknown = g.coordinates
  while (Array.isArray(c) && Array.isArray(c[0])) c = c[0]
  return Array.isArray(c) && typeof c[0] === 'number' ? (c as Position) : null
}

/** Whether a lon/lat lies in China's rough bounds. */
export function inChina(p: Position): boolean {
  return p[0] >= CHINA_BOUNDS.minLng && p[0] <= CHINA_BOUNDS.maxLng && p[1] >= CHINA_BOUNDS.minLat && p[1] <= CHINA_BOUNDS.maxLat
}

/**
 * Throws when the first shape, read in `crs`, does not land in China: the file's coordinates are
 * in another system than declared (e.g. metres read as degrees). Checked once, before staging.
 */
export function assertPlausible(source: Position, wgs: Position, crs: SourceCrs, where: string): void {
  if (inChina(wgs) && Number.isFinite(wgs[0]) && Number.isFinite(wgs[1])) return
  const fmt = (p: Position) => `${Number(p[0]).toFixed(3)}, ${Number(p[1]).toFixed(3)}`
  throw new SourceError(`${where}的坐标（${fmt(source)}）按${SOURCE_CRS[crs]}换算后不在中国范围内，请确认坐标系后重新上传`)
}

/**
 * The system of a shapefile .prj (ESRI WKT). Geographic CGCS2000 → 4490, WGS84 → 4326; the
 * CGCS2000 3-degree Gauss-Krüger plane with central meridian 120°E and false easting 500 km →
 * 4549. Anything else is refused with its name (convert it first).
 */
export function crsOfPrj(wkt: string): SourceCrs {
  const text = wkt.replace(/\s+/g, ' ')
  const name = /^(?:PROJCS|GEOGCS|PROJCRS|GEOGCRS)\s*\[\s*"([^"]*)"/i.exec(text)?.[1] ?? text.slice(0, 60)
  const cgcs = /CGCS[_ ]?2000|China[_ ]Geodetic[_ ]Coordinate[_ ]System[_ ]2000|D_China_2000/i.test(text)
  const wgs = /WGS[_ ]?(19)?84/i.test(text)
  if (/^\s*PROJ(CS|CRS)/i.test(text)) {
    const param = (p: string) => Number(new RegExp(`PARAMETER\\s*\\[\\s*"${p}"\\s*,\\s*([-\\d.eE+]+)`, 'i').exec(text)?.[1])
    const cm = param('central_meridian')
    const fe = param('false_easting')
    const tm = /Gauss[_ ]Kruger|Transverse[_ ]Mercator/i.test(text)
    if (cgcs && tm && Math.abs(cm - 120) < 1e-9 && Math.abs(fe - 500000) < 1e-3) return '4549'
    if (cgcs && tm && Number.isFinite(cm)) {
      throw new SourceError(
        `不支持的投影「${name}」（中央经线 ${cm}°${fe > 1e6 ? '，带号前缀的东偏' : ''}）：请转换为 EPSG:4549（中央经线 120°E）或经纬度后再导入`,
      )
    }
    throw new SourceError(`不支持的坐标系「${name}」：请转换为 EPSG:4549、4490 或 4326 后再导入`)
  }
  if (cgcs) return '4490'
  if (wgs) return '4326'
  throw new SourceError(`不支持的坐标系「${name}」：请转换为 EPSG:4549、4490 或 4326 后再导入`)
}

/** The system named by a GeoJSON `crs` member (old GeoJSON 2008), or null when absent. */
export function crsOfGeoJsonMember(crs: unknown): SourceCrs | null {
  if (!crs || typeof crs !== 'object') return null
  const name = String((crs as { properties?: { name?: unknown } }).properties?.name ?? '')
  if (/CRS84$/i.test(name)) return '4326'
  const code = /EPSG:{1,2}(\d+)/i.exec(name)?.[1]
  if (code === '4326' || code === '4490' || code === '4549') return code
  throw new SourceError(`GeoJSON 声明了不支持的坐标系「${name || JSON.stringify(crs).slice(0, 60)}」：支持 EPSG:4326、4490、4549 与 GCJ-02`)
}
