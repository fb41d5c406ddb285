/**
 * Imagery without Cesium ion and without the internet (issue 5 "The engine"): Cesium's bundled
 * NaturalEarthII always underneath; the Tianditu WMTS imagery + annotation pair on top only when
 * a key is configured (runtime config tileKeys.tianditu). A failing online provider is removed
 * and the offline imagery stays, with a notice.
 */
import './cesium-base-url'
import {
  buildModuleUrl,
  ImageryLayer,
  TileMapServiceImageryProvider,
  WebMercatorTilingScheme,
  WebMapTileServiceImageryProvider,
  type Viewer,
} from 'cesium'

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

/**
 * Adds the imagery layers once per viewer. `onNotice` receives a Chinese message when an online
 * provider fails and the offline imagery is what remains.
 */
export function addImagery(viewer: Viewer, opts: { tiandituKey: string }, onNotice: (message: string) => void): void {
  const offline = ImageryLayer.fromProviderAsync(
    TileMapServiceImageryProvider.fromUrl(buildModuleUrl('Assets/Textures/NaturalEarthII')),
    {},
  )
  viewer.imageryLayers.add(offline)
  if (!opts.tiandituKey) return
  let failed = false
  for (const kind of ['img', 'cia'] as const) {
    const provider = tianditu(kind, opts.tiandituKey)
    viewer.imageryLayers.addImageryProvider(provider)
    provider.errorEvent.addEventListener(() => {
      if (failed) return
      failed = true
      // spec issue 5 "Bad input": fall back to the offline imagery, visibly
      for (const l of [...Array(viewer.imageryLayers.length).keys()].map((i) => viewer.imageryLayers.get(i))) {
        if (l !== offline) viewer.imageryLayers.remove(l, true)
      }
      onNotice('天地图影像加载失败，已切换为离线底图（NaturalEarthII）')
      viewer.scene.requestRender()
    })
  }
}
