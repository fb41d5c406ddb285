/**
 * Browser side of `npm run bench`: in one Chromium page, the same 100 000 points clustered by
 * Leaflet.markercluster (index build + first render of a Leaflet map at zoom 7, max zoom 18) and by
 * supercluster with our options (index build + the clusters of the same view, which is what our
 * layer computes before L7 draws them); the heat map of 100 000 points by our L7 layer and by
 * leaflet.heat (radius 25, blur 15); and 100 000 parcel polygons by our L7 layer and by Leaflet's
 * L.geoJSON on its canvas renderer (its fastest way). First renders run from handing over the
 * data to the second animation frame after the library has drawn or reports the layer ready;
 * ours and the peer alternate, after one warm-up each, each timed run starting from a collected heap.
 */
import { chromium, type Page } from '@playwright/test'
import { build } from 'esbuild'
import { CLUSTER, HEAT } from '../../src/domain/map-constants'

/** Medians in ms of the browser measures. */
export interface BrowserBench {
  markercluster: number
  oursCluster: number
  leafletHeat: number
  oursHeat: number
  leafletPolygons: number
  oursPolygons: number
  /** every run, for the report */
  runs: Record<string, number[]>
}

/** What every measure in the page shares (tests/bench/l7-entry.ts defines it). */
interface BenchPage {
  /** resolves after `k` animation frames */
  frames(k: number): Promise<void>
  median(xs: number[]): number
  /** a new, empty map container in place of the last */
  freshMap(): HTMLElement
}

/** Our engine and layer builders, and the page helpers, as one script for the page. */
async function ourEngineScript(): Promise<string> {
  const r = await build({
    entryPoints: ['tests/bench/l7-entry.ts'],
    bundle: true,
    format: 'iife',
    write: false,
    platform: 'browser',
    minify: true,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  return r.outputFiles[0].text
}

/**
 * First renders of heat (100 000 weighted points) and of 100 000 parcel-sized quads across
 * Zhejiang, ours against Leaflet's, alternating.
 */
async function firstRenders(page: Page, n: number, runs: number) {
  return page.evaluate(
    async ({ n, runs, heatRadius, blur }) => {
      type LMap = { remove(): void }
      const w = window as unknown as {
        L: {
          map(e: HTMLElement, o: object): LMap
          heatLayer(p: unknown[], o: object): { addTo(m: LMap): void }
          geoJSON(d: unknown, o: object): { addTo(m: LMap): void }
          canvas(): unknown
        }
        benchL7: { heat(p: [number, number, number][]): Promise<number>; polygons(fc: unknown): Promise<number> }
      }
      const { frames, median, freshMap } = (window as unknown as { benchPage: BenchPage }).benchPage
      // every timed run starts from a collected heap, so no run pays for the garbage of the last
      const settle = async () => {
        ;(window as unknown as { gc?: () => void }).gc?.()
        await frames(2)
      }
      const fresh = () => w.L.map(freshMap(), { center: [29.2, 120.1], zoom: 7, maxZoom: 18 })
      // deterministic data: heat weights like 亩均税收, quads of about 150–300 m
      const heatPts: [number, number, number][] = Array.from({ length: n }, (_, i) => [
        118.2 + ((i * 7919) % 3700) / 1000,
        27.2 + ((i * 104729) % 3800) / 1000,
        1 + (i % 50),
      ])
      const quads = {
        type: 'FeatureCollection',
        features: Array.from({ length: n }, (_, i) => {
          const x = 118.2 + ((i * 7919) % 3700) / 1000
          const y = 27.2 + ((i * 104729) % 3800) / 1000
          const a = 0.0015 + (i % 7) * 0.0002
          const b = 0.001 + (i % 5) * 0.0003
          const t = (i % 10) * 0.0002
          return {
            type: 'Feature',
            properties: { id: i },
            geometry: {
              type: 'Polygon',
              coordinates: [
                [
                  [x, y],
                  [x + a, y + t],
                  [x + a - t, y + b],
                  [x - t, y + b - t],
                  [x, y],
                ],
              ],
            },
          }
        }),
      }
      const leafletHeat = async () => {
        const map = fresh()
        const t0 = performance.now()
        w.L.heatLayer(
          heatPts.map((p) => [p[1], p[0], p[2]]),
          { radius: heatRadius, blur, max: 50 },
        ).addTo(map)
        await frames(2)
        const ms = performance.now() - t0
        map.remove()
        return ms
      }
      const leafletPolygons = async () => {
        const map = fresh()
        const t0 = performance.now()
        w.L.geoJSON(quads, { renderer: w.L.canvas(), style: { color: '#2f9e44', weight: 1, fillOpacity: 0.6 } }).addTo(map)
        await frames(2)
        const ms = performance.now() - t0
        map.remove()
        return ms
      }
      const out: Record<string, number[]> = { oursHeat: [], leafletHeat: [], oursPolygons: [], leafletPolygons: [] }
      // one warm-up each, then alternating runs
      await w.benchL7.heat(heatPts)
      await leafletHeat()
      for (let r = 0; r < runs; r++) {
        await settle()
        out.oursHeat.push(await w.benchL7.heat(heatPts))
        await settle()
        out.leafletHeat.push(await leafletHeat())
      }
      await w.benchL7.polygons(quads)
      await leafletPolygons()
      for (let r = 0; r < runs; r++) {
        await settle()
        out.oursPolygons.push(await w.benchL7.polygons(quads))
        await settle()
        out.leafletPolygons.push(await leafletPolygons())
      }
      return {
        medians: Object.fromEntries(Object.entries(out).map(([k, v]) => [k, median(v)])) as Record<
          'oursHeat' | 'leafletHeat' | 'oursPolygons' | 'leafletPolygons',
          number
        >,
        runs: out,
      }
    },
    { n, runs, heatRadius: HEAT.radius, blur: HEAT.blur },
  )
}

/** Runs the browser measures `runs` times each; returns medians. */
export async function browserBench(n: number, runs: number): Promise<BrowserBench> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--js-flags=--expose-gc'],
  })
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } })
  await page.setContent('<div id="m" style="width:1000px;height:700px"></div>')
  // tsx names arrow functions with a helper that the page does not have
  await page.addScriptTag({ content: 'window.__name = (f) => f' })
  for (const f of [
    'leaflet/dist/leaflet.js',
    'leaflet.markercluster/dist/leaflet.markercluster.js',
    'leaflet.heat/dist/leaflet-heat.js',
    'supercluster/dist/supercluster.min.js',
  ]) {
    await page.addScriptTag({ path: `node_modules/${f}` })
  }
  await page.addScriptTag({ content: await ourEngineScript() })
  const cluster = await page.evaluate(
    ({ n, runs, radius }) => {
      type AnyL = Record<string, (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>>
      const w = window as unknown as {
        L: AnyL & {
          markerClusterGroup: (o: object) => { addLayers(m: unknown[]): void }
          heatLayer: (p: unknown[], o: object) => { addTo(m: unknown): void }
        }
        Supercluster: new (o: object) => { load(p: unknown[]): { getClusters(b: number[], z: number): unknown[] } }
      }
      const pts = Array.from({ length: n }, (_, i) => [27 + ((i * 104729) % 4000) / 1000, 118 + ((i * 7919) % 5000) / 1000])
      const { median, freshMap } = (window as unknown as { benchPage: BenchPage }).benchPage
      const fresh = () =>
        (w.L.map as unknown as (e: HTMLElement, o: object) => unknown)(freshMap(), { center: [29.2, 120.1], zoom: 7, maxZoom: 18 })
      const mc: number[] = []
      const ours: number[] = []
      for (let r = 0; r < runs; r++) {
        const map = fresh()
        let t0 = performance.now()
        const g = w.L.markerClusterGroup({ maxClusterRadius: radius, chunkedLoading: false })
        g.addLayers(pts.map((p) => (w.L.marker as unknown as (ll: number[]) => unknown)(p)))
        ;(g as unknown as { addTo(m: unknown): void }).addTo(map)
        mc.push(performance.now() - t0)
        t0 = performance.now()
        const idx = new w.Supercluster({ radius, maxZoom: 18, minPoints: 2 }).load(
          pts.map((p) => ({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [p[1], p[0]] } })),
        )
        idx.getClusters([118, 27, 123, 31], 7)
        ours.push(performance.now() - t0)
      }
      return { markercluster: median(mc), oursCluster: median(ours), mc, ours }
    },
    { n, runs, radius: CLUSTER.radius },
  )
  const renders = await firstRenders(page, n, runs)
  await browser.close()
  return {
    markercluster: cluster.markercluster,
    oursCluster: cluster.oursCluster,
    ...renders.medians,
    runs: { markercluster: cluster.mc, oursCluster: cluster.ours, ...renders.runs },
  }
}
