/**
 * Browser side of `npm run bench`: in one Chromium page, the same 100 000 points clustered by
 * Leaflet.markercluster (index build + first render of a Leaflet map at zoom 7, max zoom 18) and by
 * supercluster with our options (index build + the clusters of the same view, which is what our
 * layer computes before L7 draws them), and leaflet.heat's first render (radius 25, blur 15).
 */
import { chromium } from '@playwright/test'
import { CLUSTER, HEAT } from '../../src/domain/map-constants'

/** Medians in ms of the browser measures. */
export interface BrowserBench {
  markercluster: number
  oursCluster: number
  leafletHeat: number
}

/** Runs the browser measures `runs` times each; returns medians. */
export async function browserBench(n: number, runs: number): Promise<BrowserBench> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] })
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } })
  await page.setContent('<div id="m" style="width:1000px;height:700px"></div>')
  // tsx names arrow functions with a helper that the page does not have
  await page.addScriptTag({ content: 'window.__name = (f) => f' })
  for (const f of ['leaflet/dist/leaflet.js', 'leaflet.markercluster/dist/leaflet.markercluster.js', 'leaflet.heat/dist/leaflet-heat.js', 'supercluster/dist/supercluster.min.js']) {
    await page.addScriptTag({ path: `node_modules/${f}` })
  }
  const result = await page.evaluate(
    ({ n, runs, radius, heatRadius, blur }) => {
      type AnyL = Record<string, (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>>
      const w = window as unknown as { L: AnyL & { markerClusterGroup: (o: object) => { addLayers(m: unknown[]): void }; heatLayer: (p: unknown[], o: object) => { addTo(m: unknown): void } }; Supercluster: new (o: object) => { load(p: unknown[]): { getClusters(b: number[], z: number): unknown[] } } }
      const pts = Array.from({ length: n }, (_, i) => [27 + ((i * 104729) % 4000) / 1000, 118 + ((i * 7919) % 5000) / 1000])
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
      const fresh = () => {
        const old = document.getElementById('m')!
        const el = document.createElement('div')
        el.id = 'm'
        el.style.cssText = 'width:1000px;height:700px'
        old.replaceWith(el)
        return (w.L.map as unknown as (e: HTMLElement, o: object) => unknown)(el, { center: [29.2, 120.1], zoom: 7, maxZoom: 18 })
      }
      const mc: number[] = []
      const ours: number[] = []
      const heat: number[] = []
      for (let r = 0; r < runs; r++) {
        const map = fresh()
        let t0 = performance.now()
        const g = w.L.markerClusterGroup({ maxClusterRadius: radius, chunkedLoading: false })
        g.addLayers(pts.map((p) => (w.L.marker as unknown as (ll: number[]) => unknown)(p)))
        ;(g as unknown as { addTo(m: unknown): void }).addTo(map)
        mc.push(performance.now() - t0)
        t0 = performance.now()
        const idx = new w.Supercluster({ radius, maxZoom: 18, minPoints: 2 }).load(pts.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [p[1], p[0]] } })))
        idx.getClusters([118, 27, 123, 31], 7)
        ours.push(performance.now() - t0)
        const map2 = fresh()
        t0 = performance.now()
        w.L.heatLayer(pts.map((p) => [p[0], p[1], 1]), { radius: heatRadius, blur }).addTo(map2)
        heat.push(performance.now() - t0)
      }
      return { markercluster: median(mc), oursCluster: median(ours), leafletHeat: median(heat) }
    },
    { n, runs, radius: CLUSTER.radius, heatRadius: HEAT.radius, blur: HEAT.blur },
  )
  await browser.close()
  return result
}
