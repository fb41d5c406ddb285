/** Rules of the map endpoints: the district tree of docs/product.md §3 and 亩均税收. */
import type { MultiPolygon, Polygon } from 'geojson'
import type { OutlineCollection } from '../../../domain/contracts/outlines'
import type { CityNode, CountyNode, EnterprisePoint, ParcelZones, ProvinceNode, TagItem, ZoneExtent } from '../../../domain/contracts/map'
import { ZONE_INPUT_KEYS, ZONE_KIND } from '../../../domain/map-constants'
import type { Db } from '../../db/engine'
import { shown } from '../../figures/values'
import { outlineCollection, polygonOf } from '../../common/region-outlines'
import { boundaries, type PointRow, type RegionRow } from './repo'
import type { ParcelZoneRow } from './zone-repo'

/**
 * GET /api/cloudChart/boundaries: the outlines of a level simplified for a zoom, which levels have
 * outlines, and the seats of the level's regions that have none (contracts/outlines), so the map
 * suite and the walls draw those as symbols instead of nothing.
 */
export async function boundaryCollection(db: Db, level: 'city' | 'county', zoom: number): Promise<OutlineCollection> {
  const features: OutlineCollection['features'] = []
  for (const r of await boundaries(db, level, zoom)) {
    const geometry = polygonOf(r.geometry)
    if (geometry)
      features.push({
        type: 'Feature',
        id: Number(r.code),
        properties: { code: r.code, name: r.name, level: r.level, labelLng: r.lng, labelLat: r.lat },
        geometry,
      })
  }
  return outlineCollection(db, level, features)
}

const bboxOf = (text: string | null) => (text ? (text.split(',').map(Number) as [number, number, number, number]) : undefined)

/**
 * The tree from the province down to towns; every level carries its tag, the name/code pairs
 * from the province down to itself (docs/product.md §3). Rows come parents first.
 */
export function buildRegionTree(rows: RegionRow[], rootCode = '330000'): ProvinceNode | null {
  const root = rows.find((r) => r.code === rootCode)
  if (!root) return null
  const tagOf = new Map<string, TagItem[]>([[root.code, [{ name: root.name, code: root.code }]]])
  const province: ProvinceNode = {
    provinceName: root.name,
    provinceCode: root.code,
    tag: tagOf.get(root.code)!,
    bbox: bboxOf(root.bbox),
    citys: [],
  }
  const cities = new Map<string, CityNode>()
  const counties = new Map<string, CountyNode>()
  for (const r of rows) {
    const parentTag = r.parent_code ? tagOf.get(r.parent_code) : undefined
    if (!parentTag || r.code === root.code) continue
    const tag = [...parentTag, { name: r.name, code: r.code }]
    tagOf.set(r.code, tag)
    if (r.level === 'city') {
      const c: CityNode = { cityName: r.name, cityCode: r.code, tag, bbox: bboxOf(r.bbox), counties: [] }
      cities.set(r.code, c)
      province.citys.push(c)
    } else if (r.level === 'county') {
      const c: CountyNode = { countyName: r.name, countyCode: r.code, tag, bbox: bboxOf(r.bbox), towns: [] }
      counties.set(r.code, c)
      cities.get(r.parent_code!)?.counties.push(c)
    } else if (r.level === 'town') {
      counties.get(r.parent_code!)?.towns.push({ townName: r.name, townCode: r.code, tag })
    }
  }
  return province
}

/** Rows → points. */
export function toPoints(rows: PointRow[]): EnterprisePoint[] {
  return rows.map((r) => ({ id: r.id, name: r.name, lng: r.lng, lat: r.lat, muTax: shown('taxPerMu', r.tax_per_mu) }))
}

/**
 * A parcel's zone rows → one collection per zone input (docs/product.md §3 zjtx / djtx / jgtx, plus jxtx),
 * each shape carrying landId (宗地代码) and the project's name; null: that shape was never
 * uploaded. Undefined when the rows are empty (no such parcel in the scope).
 */
export function toParcelZones(rows: ParcelZoneRow[]): ParcelZones | undefined {
  const first = rows[0]
  if (!first) return undefined
  const zones = Object.fromEntries(ZONE_INPUT_KEYS.map((k) => [k, null])) as ParcelZones['zones']
  for (const key of ZONE_INPUT_KEYS) {
    const mine = rows.filter((r) => r.kind === ZONE_KIND[key] && r.geometry)
    if (!mine.length) continue
    zones[key] = {
      type: 'FeatureCollection',
      features: mine.map((r) => ({
        type: 'Feature',
        properties: { landId: r.land_code, name: r.project ?? r.parcel_name },
        geometry: JSON.parse(r.geometry!) as Polygon | MultiPolygon,
      })),
    }
  }
  return { parcelId: first.parcel_id, landCode: first.land_code, parcelName: first.parcel_name, project: first.project, zones }
}

/** Rows of counts and extents per stored kind → one entry per zone input, zero where none. */
export function toZoneExtents(rows: { kind: string; n: number; w: number; s: number; e: number; n_: number }[]): ZoneExtent[] {
  return ZONE_INPUT_KEYS.map((key) => {
    const r = rows.find((x) => x.kind === ZONE_KIND[key])
    return r && r.n > 0 ? { key, count: r.n, bbox: [r.w, r.s, r.e, r.n_] } : { key, count: 0, bbox: null }
  })
}
