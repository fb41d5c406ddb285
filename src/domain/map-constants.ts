/** Map constants of docs/product.md §9 (and the texts of §5 the map shows), in one place for web and tests. */

/** docs/product.md §9: public tile layers. */
export const PUBLIC_TILE_ZOOM = { min: 5, max: 18 } as const
/** docs/product.md §9: feature layer tiles. */
export const FEATURE_TILE_ZOOM = { min: 0, max: 6 } as const
/** docs/product.md §9: z-index of the dynamic imagery layer (drawn beneath everything). */
export const DYNAMIC_IMAGERY_Z_INDEX = -90000
/** docs/product.md §9: default selected region. */
export const DEFAULT_REGION_CODE = '330000'
/** docs/product.md §9: zone fly-to max zoom. */
export const ZONE_FLY_MAX_ZOOM = 16

/** docs/product.md §9: marker cluster. */
export const CLUSTER = { radius: 80, spiderfyAt: 9, smallBelow: 10, mediumBelow: 100, queueDelayMs: 300 } as const
/** docs/product.md §8: the cluster feature's failure without a max zoom. */
export const CLUSTER_NO_MAX_ZOOM = 'Map has no maxZoom specified'

/** docs/product.md §9: heat map. */
export const HEAT = { radius: 25, blur: 15, stops: [0.4, 0.6, 0.7, 0.8, 1] } as const

/** docs/product.md §9: measurement results are shown to 4 decimals. */
export const MEASURE_DECIMALS = 4

/** docs/product.md §2.7, §5, §9: the three zone layers. */
export const ZONES = [
  { key: 'zjtx', name: '指界', color: '#bea221', empty: '该地图没有上传指界图形' },
  { key: 'djtx', name: '勘测定界', color: '#be3114', empty: '还没有上传勘测定界图形' },
  { key: 'jgtx', name: '竣工', color: '#5755be', empty: '还没有上传竣工图形' },
] as const
/** docs/product.md §5: title of the zone warning. */
export const ZONE_EMPTY_TITLE = '无法展示'
export type ZoneKey = (typeof ZONES)[number]['key']

/**
 * The stored kind of each zone input (lifecycle_zone.kind): the three of docs/product.md §2.7 plus the
 * new-build shapes of the selection control (docs/product.md §2.8, input jxtx).
 */
export const ZONE_KIND: Record<ZoneKey | 'jxtx', '指界' | '勘测定界' | '竣工' | '建新'> = {
  zjtx: '指界',
  djtx: '勘测定界',
  jgtx: '竣工',
  jxtx: '建新',
}
/** The zone inputs served from the database. */
export const ZONE_INPUT_KEYS = ['zjtx', 'djtx', 'jgtx', 'jxtx'] as const
export type ZoneInputKey = (typeof ZONE_INPUT_KEYS)[number]
