/**
 * Base maps (docs/product.md §2.4, §4, §7, §9): tile templates of the national service, the commercial map
 * and the community service, and which pair a choice shows. Nothing is requested unless a
 * provider is configured; the offline default is drawn from the database's own outlines.
 */
import type { GeoqStyleId, RuntimeConfig } from '../../../domain/contracts/runtime-config'
import { PUBLIC_TILE_ZOOM } from '../../../domain/map-constants'

/** A raster tile layer of a base map. */
export interface TileSource {
  key: string
  name: string
  url: string
  minZoom: number
  maxZoom: number
  /** Gaode tiles are GCJ-02: overlays are shifted for display (docs/architecture.md "Maps") */
  gcj02?: boolean
}

/** docs/product.md §2.4: the two choices. */
export type BaseChoice = 'vector' | 'imagery'

/** Which provider draws the base. */
export type Provider = 'offline' | 'tianditu' | 'gaode'

const Z = { minZoom: PUBLIC_TILE_ZOOM.min, maxZoom: PUBLIC_TILE_ZOOM.max }

/** docs/product.md §7: Tianditu normal, satellite and terrain, each with its annotation layer (Web Mercator `_w`). */
export function tiandituTiles(key: string): Record<'vec' | 'cva' | 'img' | 'cia' | 'ter' | 'cta', TileSource> {
  const t = (layer: string, name: string): TileSource => ({
    key: layer,
    name,
    url: `https://t{0-7}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(key)}`,
    ...Z,
  })
  return {
    vec: t('vec', '矢量'),
    cva: t('cva', '矢量注记'),
    img: t('img', '影像'),
    cia: t('cia', '影像注记'),
    ter: t('ter', '地形'),
    cta: t('cta', '地形注记'),
  }
}

/** The commercial map (Gaode): road map, satellite and its annotation; GCJ-02. */
export const GAODE_TILES: Record<'vec' | 'img' | 'cia', TileSource> = {
  vec: {
    key: 'gaode-vec',
    name: '高德地图',
    url: 'https://webrd0{1-4}.is.autonavi.com/appmaptile?lang=zh_cn&size=1&scale=1&style=8&x={x}&y={y}&z={z}',
    gcj02: true,
    ...Z,
  },
  img: {
    key: 'gaode-img',
    name: '高德影像',
    url: 'https://webst0{1-4}.is.autonavi.com/appmaptile?style=6&x={x}&y={y}&z={z}',
    gcj02: true,
    ...Z,
  },
  cia: {
    key: 'gaode-cia',
    name: '高德注记',
    url: 'https://webst0{1-4}.is.autonavi.com/appmaptile?style=8&x={x}&y={y}&z={z}',
    gcj02: true,
    ...Z,
  },
}

/**
 * The community service's five styles (docs/product.md §7): colour, purple-blue, grey, warm, cold. Its
 * China tiles are drawn in GCJ-02 like Gaode's, so overlays shift over them too.
 */
export const GEOQ_STYLE_TILES: Record<GeoqStyleId, TileSource> = {
  colour: geoq('ChinaOnlineCommunity', '彩色版'),
  'purple-blue': geoq('ChinaOnlineStreetPurplishBlue', '蓝黑版'),
  grey: geoq('ChinaOnlineStreetGray', '灰色版'),
  warm: geoq('ChinaOnlineStreetWarm', '暖色版'),
  cold: geoq('ChinaOnlineStreetCold', '冷色版'),
}
/** The five in the spec's order. */
export const GEOQ_STYLES: TileSource[] = Object.values(GEOQ_STYLE_TILES)

function geoq(id: string, name: string): TileSource {
  return { key: id, name, url: `https://map.geoq.cn/ArcGIS/rest/services/${id}/MapServer/tile/{z}/{y}/{x}`, gcj02: true, ...Z }
}

/** The provider a deployment has configured (tile keys of the runtime config); none → offline. */
export function providerOf(keys: { tianditu: string; gaode: string }): Provider {
  if (keys.tianditu) return 'tianditu'
  if (keys.gaode) return 'gaode'
  return 'offline'
}

/**
 * The tile pair a base choice shows (docs/product.md §4): imagery swaps in satellite + annotation when not
 * on the internal network (there the configured dynamic imagery layer draws it); unchecking
 * imagery adds the normal map pair. Offline: no tiles at all.
 */
export function tilesFor(choice: BaseChoice, provider: Provider, internalNetwork: boolean, tiandituKey = ''): TileSource[] {
  if (provider === 'offline') return []
  if (provider === 'gaode') return choice === 'imagery' ? (internalNetwork ? [] : [GAODE_TILES.img, GAODE_TILES.cia]) : [GAODE_TILES.vec]
  const t = tiandituTiles(tiandituKey)
  if (choice === 'imagery') return internalNetwork ? [] : [t.img, t.cia]
  return [t.vec, t.cva]
}

/** One style of the switcher's 地图 choice: raster tiles, or none for the offline outlines. */
export interface MapStyle {
  key: string
  name: string
  tiles: TileSource[]
}

/** The offline default drawn from the database's outlines (no request leaves the machine). */
export const OFFLINE_STYLE: MapStyle = { key: 'offline', name: '离线底图', tiles: [] }

/** What the runtime config says about base maps. */
export type BaseConfig = Pick<RuntimeConfig, 'tileKeys' | 'geoqStyles' | 'isInternalNetwork'>

/**
 * The 地图 styles a deployment offers, the default first: the national map, the commercial map,
 * the configured community styles in the configured order, then the offline outlines.
 */
export function mapStyles(cfg: Pick<BaseConfig, 'tileKeys' | 'geoqStyles'>): MapStyle[] {
  const out: MapStyle[] = []
  if (cfg.tileKeys.tianditu) {
    const t = tiandituTiles(cfg.tileKeys.tianditu)
    out.push({ key: 'tianditu', name: '天地图', tiles: [t.vec, t.cva] })
  }
  if (cfg.tileKeys.gaode) out.push({ key: 'gaode', name: '高德地图', tiles: [GAODE_TILES.vec] })
  for (const id of cfg.geoqStyles) out.push({ key: `geoq-${id}`, name: `GeoQ ${GEOQ_STYLE_TILES[id].name}`, tiles: [GEOQ_STYLE_TILES[id]] })
  return [...out, OFFLINE_STYLE]
}

/** What the base shows. */
export interface BaseDrawing {
  tiles: TileSource[]
  /** draw the database's outlines in the choice's tone */
  offline: boolean
  /** overlays shift to GCJ-02 */
  gcj02: boolean
  /** 影像 was chosen but no imagery service is configured */
  noImagery: boolean
}

/**
 * The base for a choice (docs/product.md §2.4, §4): 地图 shows the chosen style (the first when none or an
 * unknown one is chosen); 影像 shows the national or commercial imagery pair (from the configured
 * dynamic layer on an internal network), or the outlines in a dark tone when neither is configured.
 */
export function baseFor(choice: BaseChoice, styleKey: string | null, cfg: BaseConfig): BaseDrawing {
  if (choice === 'vector') {
    const styles = mapStyles(cfg)
    const style = styles.find((s) => s.key === styleKey) ?? styles[0]
    return { tiles: style.tiles, offline: style.tiles.length === 0, gcj02: style.tiles.some((t) => t.gcj02), noImagery: false }
  }
  const provider = providerOf(cfg.tileKeys)
  if (provider === 'offline') return { tiles: [], offline: true, gcj02: false, noImagery: true }
  const tiles = tilesFor('imagery', provider, cfg.isInternalNetwork, cfg.tileKeys.tianditu)
  return { tiles, offline: false, gcj02: tiles.some((t) => t.gcj02), noImagery: false }
}
