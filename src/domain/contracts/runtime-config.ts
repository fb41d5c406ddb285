/**
 * The global application config of docs/product.md §3, served at run time from /config.json (one build
 * serves every deployment). The server validates the operator's file with this schema at start.
 */
import { z } from 'zod'

/** Map config (docs/product.md §3). */
export const mapConfigSchema = z.object({
  center: z.tuple([z.number(), z.number()]),
  zoom: z.number(),
  minZoom: z.number().default(5),
  maxZoom: z.number().default(18),
  wgs84: z.boolean(),
  bounds: z.tuple([z.number(), z.number(), z.number(), z.number()]).optional(),
  origin: z.tuple([z.number(), z.number()]).optional(),
  resolutions: z.array(z.number()).optional(),
  epsgName: z.string().optional(),
  epsgDesc: z.string().optional(),
})

/** Tile service keys (Tianditu etc.); empty means the offline base map only. */
export const tileKeysSchema = z.object({
  tianditu: z.string().default(''),
  gaode: z.string().default(''),
})

/**
 * The community map service's styles (docs/product.md §7: colour, purple-blue, grey, warm and cold) an
 * operator offers in the base switcher; none means the service is never asked for tiles.
 */
export const GEOQ_STYLE_IDS = ['colour', 'purple-blue', 'grey', 'warm', 'cold'] as const
export type GeoqStyleId = (typeof GEOQ_STYLE_IDS)[number]

export const geoqStylesSchema = z
  .array(z.enum(GEOQ_STYLE_IDS, { message: `社区底图样式应为 ${GEOQ_STYLE_IDS.join('、')} 之一` }))
  .refine((a) => new Set(a).size === a.length, '社区底图样式不能重复')
  .default([])

/**
 * Sources of the 3D globe (issue 5 "The engine"): the internal network's own imagery, used only
 * when `isInternalNetwork` is true (docs/product.md §3, §7: on an internal network imagery uses its configured
 * url), and a Cesium quantized-mesh terrain service. Empty means: not configured.
 */
export const globeConfigSchema = z.object({
  /** XYZ tile template of the internal imagery, e.g. `http://10.1.2.3/img/{z}/{x}/{y}.png` */
  internalImageryUrl: z
    .string()
    .default('')
    .refine(
      (u) =>
        u === '' ||
        (/^(https?:\/\/|\/)/.test(u) && u.includes('{z}') && u.includes('{x}') && (u.includes('{y}') || u.includes('{reverseY}'))),
      {
        message: '内网影像地址须为 http(s) 地址或以 / 开头的瓦片模板，含 {z}、{x}、{y}',
      },
    ),
  /** tiling of the internal imagery: Web Mercator (EPSG:3857) or geographic lon/lat (EPSG:4326/4490) */
  internalImageryScheme: z.enum(['webMercator', 'geographic']).default('webMercator'),
  /** url of a Cesium terrain service (the folder holding layer.json); empty = the smooth ellipsoid */
  terrainUrl: z
    .string()
    .default('')
    .refine((u) => u === '' || /^(https?:\/\/|\/)/.test(u), { message: '地形服务地址须为 http(s) 地址或以 / 开头的路径' }),
})

export const runtimeConfigSchema = z.object({
  /** Prefix of every API call; '' means the same origin. */
  baseUrl: z.string(),
  /** Header (and storage key) that carries the token. */
  tokenKey: z.string().min(1),
  /** Prepended to the token in the header, e.g. 'Bearer '. */
  tokenPrefix: z.string(),
  /** docs/product.md §9: defaults 2015–2017, overridden here. */
  yearList: z.array(z.number().int()),
  /** docs/product.md §9: defaults 1–12. */
  monthList: z.array(z.number().int().min(1).max(12)),
  mapConfig: mapConfigSchema,
  /** District centres for the cluster layer: name → [lng, lat] (docs/product.md §3 "Cluster datum"). */
  countryCenters: z.record(z.string(), z.tuple([z.number(), z.number()])),
  /** docs/product.md §3: whether the app runs on an internal network (imagery source, docs/product.md §4, §7). */
  isInternalNetwork: z.boolean(),
  /** docs/product.md §5: the one internal host from which /show is allowed. */
  portalHost: z.string(),
  tileKeys: tileKeysSchema,
  /** Community (GeoQ) base styles offered in the base switcher, in this order; [] = none. */
  geoqStyles: geoqStylesSchema,
  globe: globeConfigSchema.default({ internalImageryUrl: '', internalImageryScheme: 'webMercator', terrainUrl: '' }),
  /** Title in the header. */
  appTitle: z.string().default('产业用地一张图'),
})

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>
export type MapConfig = z.infer<typeof mapConfigSchema>
export type GlobeConfig = z.infer<typeof globeConfigSchema>
