/**
 * From a staged row to the raw record the checker reads: the mapped source columns, the clerk's
 * fixes over them, codes written as labels or numbers turned into codes, and the row's shape —
 * the feature's own (shapefile, GeoJSON) or one made from coordinate / WKT columns, reprojected
 * from the batch's coordinate system.
 */
import type { Geometry } from 'geojson'
import type { ColumnMapping } from '../../../domain/datacenter/column-mapping'
import type { SourceCrs } from '../../../domain/datacenter/import-batch'
import type { StandardField } from '../../../domain/datacenter/standard'
import { mapGeometry, toWgs84 } from './source/crs'
import { shapeProblem } from './source/shape-check'
import { parseShapeText } from './source/wkt'
import type { Lookups } from './lookups'

/** A staged row as the mapping reads it. */
export interface StagedRow {
  source: Record<string, unknown>
  overrides: Record<string, unknown>
  /** the feature's shape (spatial formats), EPSG:4326 */
  geometry: Geometry | null
  geomError: string | null
}

/** The raw record plus what is not a standard field. */
export interface MappedRow {
  raw: Record<string, unknown>
  /** the row's shape in EPSG:4326 (null: none) and why a given shape could not be used */
  geometry: Geometry | null
  geometryError: string | null
  /** 用地单位名称 of a parcel, used only to link it to an enterprise */
  ownerName: string | null
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '')

/** The value of a target: the clerk's fix if there is one, else the mapped column. */
function valueOf(target: string, mapping: ColumnMapping, row: StagedRow): unknown {
  if (Object.prototype.hasOwnProperty.call(row.overrides, target)) return row.overrides[target]
  const header = mapping[target]
  return header === undefined ? undefined : row.source[header]
}

/** A shape made from the coordinate or WKT columns of a tabular row, in EPSG:4326. */
export function tabularShape(mapping: ColumnMapping, row: StagedRow, crs: SourceCrs): { geometry: Geometry | null; error: string | null } {
  const wkt = valueOf('__wkt', mapping, row)
  const lng = valueOf('__lng', mapping, row)
  const lat = valueOf('__lat', mapping, row)
  let g: Geometry | null = null
  if (!blank(wkt)) {
    const parsed = parseShapeText(String(wkt))
    if ('error' in parsed) return { geometry: null, error: parsed.error }
    g = parsed.geometry
  } else if (!blank(lng) || !blank(lat)) {
    const x = Number(String(lng ?? '').trim())
    const y = Number(String(lat ?? '').trim())
    if (blank(lng) || blank(lat) || !Number.isFinite(x) || !Number.isFinite(y))
      return { geometry: null, error: `经纬度应为两个数字，得到「${String(lng ?? '')}」「${String(lat ?? '')}」` }
    g = { type: 'Point', coordinates: [x, y] }
  }
  if (!g) return { geometry: null, error: null }
  const problem = shapeProblem(g)
  if (problem) return { geometry: null, error: problem }
  return { geometry: mapGeometry(g, toWgs84(crs)), error: null }
}

/** The raw record of a row for the checker (see the file comment). */
export function mapRow(
  fields: readonly StandardField[],
  mapping: ColumnMapping,
  row: StagedRow,
  lookups: Lookups,
  shape: { spatial: boolean; crs: SourceCrs },
): MappedRow {
  const raw: Record<string, unknown> = {}
  let geometry: Geometry | null = null
  let geometryError: string | null = null
  for (const f of fields) {
    if (f.type === 'geometry') {
      if (shape.spatial) {
        geometry = row.geometry
        geometryError = row.geomError
      } else {
        const t = tabularShape(mapping, row, shape.crs)
        geometry = t.geometry
        geometryError = t.error
      }
      raw[f.name] = geometry ?? undefined
      continue
    }
    let v = valueOf(f.name, mapping, row)
    if (blank(v)) {
      raw[f.name] = null
      continue
    }
    if (f.type === 'code' && f.dict) v = lookups.codeOf(f.dict, String(v)) ?? String(v).trim()
    else if (f.type === 'region') {
      const s = String(v).trim()
      v = lookups.isRegion(s) ? s : (lookups.countyByName(s) ?? s)
    } else if (f.type === 'string' && typeof v === 'number') v = String(v)
    raw[f.name] = v
  }
  const owner = valueOf('__owner_name', mapping, row)
  return { raw, geometry, geometryError, ownerName: blank(owner) ? null : String(owner).trim() }
}
