/**
 * Which imagery and terrain the globe uses (issue 5 "The engine"), decided from the runtime config
 * alone — pure, so the rules are table-tested without a browser:
 * - Cesium's bundled NaturalEarthII is always underneath (no network, no Cesium ion);
 * - on the internal network (docs/product.md §3 `isInternalNetwork`; docs/product.md §7: there imagery uses its
 *   configured url) the internal imagery url is drawn when set, and public tiles never are — an
 *   internal network does not reach the internet;
 * - elsewhere the Tianditu imagery + annotation pair is drawn when a key is configured;
 * - a configured terrain url means Cesium terrain from it, else the smooth ellipsoid.
 */
import type { RuntimeConfig } from '../../domain/contracts/runtime-config'

/** The online imagery drawn over the offline base, if any. */
export type OnlineImagery =
  { kind: 'none' } | { kind: 'tianditu'; key: string } | { kind: 'internal'; url: string; scheme: 'webMercator' | 'geographic' }

/** The terrain the globe uses. */
export type TerrainChoice = { kind: 'ellipsoid' } | { kind: 'cesium'; url: string }

/** What the globe host needs of the runtime config. */
export interface GlobeSources {
  imagery: OnlineImagery
  terrain: TerrainChoice
}

/** The online imagery by the rules above. */
export function imageryChoice(cfg: Pick<RuntimeConfig, 'isInternalNetwork' | 'tileKeys' | 'globe'>): OnlineImagery {
  if (cfg.isInternalNetwork) {
    const url = cfg.globe.internalImageryUrl.trim()
    return url ? { kind: 'internal', url, scheme: cfg.globe.internalImageryScheme } : { kind: 'none' }
  }
  const key = cfg.tileKeys.tianditu.trim()
  return key ? { kind: 'tianditu', key } : { kind: 'none' }
}

/** The terrain by the rules above. */
export function terrainChoice(cfg: Pick<RuntimeConfig, 'globe'>): TerrainChoice {
  const url = cfg.globe.terrainUrl.trim()
  return url ? { kind: 'cesium', url } : { kind: 'ellipsoid' }
}

/** Both choices of a runtime config. */
export function globeSourcesOf(cfg: Pick<RuntimeConfig, 'isInternalNetwork' | 'tileKeys' | 'globe'>): GlobeSources {
  return { imagery: imageryChoice(cfg), terrain: terrainChoice(cfg) }
}

/** The notice when an online imagery source fails (the offline imagery stays). */
export function imageryFailureNotice(imagery: OnlineImagery): string {
  return imagery.kind === 'internal'
    ? '内网影像加载失败，已切换为离线底图（NaturalEarthII）'
    : '天地图影像加载失败，已切换为离线底图（NaturalEarthII）'
}

/** The notice when the terrain service fails (the ellipsoid is used instead). */
export const TERRAIN_FAILURE_NOTICE = '地形服务加载失败，已改用无起伏的椭球地形'
