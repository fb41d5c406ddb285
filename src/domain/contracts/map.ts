/**
 * Contracts of the map suite (资源云图 and every map screen): the district tree of docs/product.md §3, the
 * region statistics, enterprise points for clusters and heat, search and details.
 */
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson'
import { z } from 'zod'
import { ZONE_INPUT_KEYS, type ZoneInputKey } from '../map-constants'
import { ROUTES } from '../route-table'

/**
 * The pages that show the 2D map, at every entry point: 资源云图, the 产业地图 profiles (地块信息,
 * 用地单位信息), 认定地图 and 成效地图, the data centre's and audit's screens (their record maps
 * draw the offline outlines and the neighbouring parcels' tiles) and the two walls with a map of
 * the outlines (/bigData/district: L7 counties with enterprise heat; /bigData/city: the 3D bar
 * map). The map endpoints (tiles, /api/cloudChart/*, the layer list) are granted by these
 * (docs/product.md §6); a new map screen adds its route here. /visual and the globe use their own endpoints.
 */
export const MAP_SCREEN_PAGES: readonly string[] = ROUTES.filter((r) =>
  /^\/systems?\/(core|stock|IndustryMap\/(Dkxx|Yddw)|audit\/(gyyd|yddw))$|^\/(systems?|warehouse)\/data\/center\/[A-Za-z]+$|^\/land\/(evaluation\/evaluationMap|result\/resultMap)$|^\/bigData\/(district|city)$/.test(
    r.path,
  ),
).map((r) => r.path)

/** A name/code pair of a district tag (docs/product.md §3: each level carries the list from province down). */
export interface TagItem {
  name: string
  code: string
}

/** docs/product.md §3 "District hierarchy" — town level. */
export interface TownNode {
  townName: string
  townCode: string
  tag: TagItem[]
}
/** County / district, with its extent [w, s, e, n] when its outline is loaded. */
export interface CountyNode {
  countyName: string
  countyCode: string
  tag: TagItem[]
  bbox?: [number, number, number, number]
  towns: TownNode[]
}
/** City. */
export interface CityNode {
  cityName: string
  cityCode: string
  tag: TagItem[]
  bbox?: [number, number, number, number]
  counties: CountyNode[]
}
/** Province (the root: 330000 浙江省). */
export interface ProvinceNode {
  provinceName: string
  provinceCode: string
  tag: TagItem[]
  bbox?: [number, number, number, number]
  citys: CityNode[]
}

/** Region code query (6 or 9 digits). */
export const regionQuery = z.object({
  regionCode: z
    .string()
    .regex(/^\d{6}(\d{3})?$/, '区划代码应为6位或9位数字')
    .optional(),
})

/** Boundaries query: level and the zoom the outlines are simplified for. */
export const boundaryQuery = z.object({
  level: z.enum(['city', 'county'], { message: '层级应为 city 或 county' }),
  zoom: z.coerce.number().min(0, '缩放级别应在0到22之间').max(22, '缩放级别应在0到22之间').default(7),
})

/** Statistics of a region (资源云图 side panel). */
export interface RegionStats {
  regionCode: string
  /** 地块数 (catalogue parcelCount): land in the books today (截至今日) */
  parcels: number
  /** 用地面积 (landAreaMu), 亩, 2 decimals */
  areaMu: number
  /** 用地企业数 (landEnterpriseCount) of `year` */
  enterprises: number
  /** 实缴税金 (tax) of the rated enterprises, 万元, of `year` */
  tax: number
  /** the latest year with figures: the year of `enterprises` and `tax` */
  year: number | null
}

/** An enterprise point: cluster marker and heat weight (亩均税收 万元/亩; null without figures). */
export interface EnterprisePoint {
  id: number
  name: string
  lng: number
  lat: number
  muTax: number | null
}

/** Search request: keyword on name / 宗地代码 / credit code, optionally within a drawn shape. */
export const searchBody = z
  .object({
    keyword: z.string().trim().max(50, '关键字不能超过50个字符').default(''),
    geometry: z
      .object({ type: z.enum(['Polygon', 'MultiPolygon'], { message: '范围应为面' }), coordinates: z.array(z.unknown()) })
      .nullable()
      .default(null),
    kind: z.enum(['all', 'parcel', 'enterprise']).default('all'),
    page: z.coerce.number().int().min(1, '页码应为正整数').default(1),
    pageSize: z.coerce.number().int().min(1).max(500, '每页条数不能超过500').default(20),
  })
  .refine((b) => b.keyword !== '' || b.geometry !== null, { message: '请输入关键字或绘制范围', path: ['keyword'] })

export type SearchBody = z.input<typeof searchBody>

/** One search hit; lng/lat is where the map flies to. */
export interface SearchHit {
  kind: 'parcel' | 'enterprise'
  id: number
  name: string
  code: string
  lng: number
  lat: number
}

/** Path id of a detail. */
export const idParams = z.object({ id: z.coerce.number().int().positive('编号应为正整数') })

/** A configured layer as served (docs/product.md §3 "Layer"; the runtime id is added by the client). */
export interface LayerRecord {
  key: number
  name: string
  index: number
  visible: boolean
  opacity: number
  type: 'title' | 'feature' | 'dynamic'
  url: string
  base: string
}

/** A configured layer group (docs/product.md §3 "Layer group"). */
export interface LayerGroupRecord {
  name: string
  index: number
  open: boolean
  layers: LayerRecord[]
}

/** Query of a vector tile: the zone kind (zones layer only) and the coordinate system it is drawn in. */
export const tileQuery = z.object({
  kind: z.enum(ZONE_INPUT_KEYS, { message: '图形类型应为 zjtx、djtx、jgtx 或 jxtx' }).optional(),
  crs: z.enum(['wgs84', 'gcj02'], { message: '坐标系应为 wgs84 或 gcj02' }).default('wgs84'),
})

/** The zone shapes of one parcel: GET /api/cloudChart/zones?parcelId= */
export const parcelZonesQuery = z.object({
  parcelId: z.coerce.number({ error: '地块编号应为数字' }).int('地块编号应为整数').positive('地块编号应为正整数'),
})

/** A zone shape's properties (docs/product.md §3 "Map geometry feature": landId, name, hook). */
export interface ZoneShapeProps {
  /** 宗地代码 of the parcel */
  landId: string
  /** the lifecycle project's name */
  name: string
  hook?: number
}

/** The zone shapes of a parcel's lifecycle project, one collection per input (null: none uploaded). */
export interface ParcelZones {
  parcelId: number
  landCode: string
  parcelName: string
  /** the lifecycle project, null when the parcel has none */
  project: string | null
  zones: Record<ZoneInputKey, FeatureCollection<Polygon | MultiPolygon, ZoneShapeProps> | null>
}

/** How many shapes of a zone kind a region holds, and their extent [w, s, e, n]. */
export interface ZoneExtent {
  key: ZoneInputKey
  count: number
  bbox: [number, number, number, number] | null
}
