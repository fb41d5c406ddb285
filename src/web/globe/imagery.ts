/**
 * Imagery and terrain without Cesium ion and without the internet (issue 5 "The engine"): Cesium's
 * bundled NaturalEarthII always underneath; on top, the online source globe-sources.ts chose (the
 * internal network's imagery, or the Tianditu WMTS imagery + annotation pair). A failing online
 * provider is removed and the offline imagery stays, with a notice; a failing terrain service
 * gives way to the ellipsoid, with a notice.
 */
import './cesium-base-url'
import {
  buildModuleUrl,
  CesiumTerrainProvider,
  EllipsoidTerrainProvider,
  GeographicTilingScheme,
  ImageryLayer,
  TileMapServiceImageryProvider,
  UrlTemplateImageryProvider,
  WebMercatorTilingScheme,
  WebMapTileServiceImageryProvider,
  type ImageryProvider,
  type Viewer,
} from 'cesium'
import { imageryFailureNotice, TERRAIN_FAILURE_NOTICE, type OnlineImagery, type TerrainChoice } from './globe-sources'

/** Tianditu Web-Mercator (`_w`) layer of a kind: img imagery, cia annotation. */
function tianditu(kind: 'img' | 'cia', key: string): WebMapTileServiceImageryProvider {
  return new WebMapTileServiceImageryProvider({
    url: `https://t{s}.tianditu.gov.cn/${kind}_w/wmts?tk=${encodeURIComponent(key)}`,
    layer: kind,
    style: 'default',
    format: 'tiles',
    tileMatrixSetID: 'w',
    subdomains: ['0', '1', '2', '3', '4', '5', '6', '7'],
    tilingScheme: new WebMercatorTilingScheme(),
    maximumLevel: 18,
  })
}

function onlineProviders(imagery: OnlineImagery): ImageryProvider[] {
  if (imagery.kind === 'tianditu') return [tianditu('img', imagery.key), tianditu('cia', imagery.key)]
  if (imagery.kind === 'internal') {
    return [
      new UrlTemplateImageryProvider({
        url: imagery.url,
        tilingScheme: imagery.scheme === 'geographic' ? new GeographicTilingScheme() : new WebMercatorTilingScheme(),
        maximumLevel: 18,
      }),
    ]
  }
  return []
}

/**
 * Adds the imagery layers once per viewer. `onNotice` receives a Chinese message when an online
 * provider fails and the offline imagery is what remains.
 */
export function addImagery(viewer: Viewer, imagery: OnlineImagery, onNotice: (message: string) => void): void {
  const offline = ImageryLayer.fromProviderAsync(
    TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII')),
    {},
  )
  viewer.imageryLayers.add(offline)
  let failed = false
  for (const provider of onlineProviders(imagery)) {
    viewer.imageryLayers.addImageryProvider(provider)
    provider.errorEvent.addEventListener(() => {
      if (failed) return
      failed = true
      // issue 5 "Bad input": fall back to the offline imagery, visibly
      for (const l of [...Array(viewer.imageryLayers.length).keys()].map((i) => viewer.imageryLayers.get(i))) {
        if (l !== offline) viewer.imageryLayers.remove(l, true)
      }
      onNotice(imageryFailureNotice(imagery))
      viewer.scene.requestRender()
    })
  }
}

/**
 * Sets the terrain: the configured Cesium terrain service, or the ellipsoid. A service that cannot
 * be opened, or whose tiles fail, is replaced by the ellipsoid with a notice.
 */
export function setTerrain(viewer: Viewer, terrain: TerrainChoice, onNotice: (message: string) => void): void {
  if (terrain.kind === 'ellipsoid') return
  const fallBack = () => {
    if (viewer.isDestroyed() || viewer.terrainProvider instanceof EllipsoidTerrainProvider) return
    viewer.terrainProvider = new EllipsoidTerrainProvider()
    viewer.scene.requestRender()
  }
  CesiumTerrainProvider.fromUrl(terrain.url)
    .then((provider) => {
      if (viewer.isDestroyed()) return
      viewer.terrainProvider = provider
      let failed = false
      provider.errorEvent.addEventListener(() => {
        if (failed) return
        failed = true
        fallBack()
        onNotice(TERRAIN_FAILURE_NOTICE)
      })
      viewer.scene.requestRender()
    })
    .catch(() => {
      fallBack()
      onNotice(TERRAIN_FAILURE_NOTICE)
    })
}
