/**
 * Globe speed (issue 5 "Speed"): create and first-render 10 000 and 50 000 extruded parcels in one
 * Chromium, one `Entity` each (the naive Resium `<Entity>` path, through the same viewer's
 * EntityCollection) vs our production path (one batched Primitive, ParcelLayer), then count the
 * frames an idle globe draws in 3 s (requestRenderMode: should be 0).
 *
 *   BENCH_URL=http://127.0.0.1:8080 npx tsx tests/bench/globe-parcels.ts
 *
 * Needs a running product (npm start) with the built web app; prints a Markdown table.
 */
import { chromium } from '@playwright/test'

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8080'
const SIZES = (process.env.BENCH_SIZES ?? '10000,50000').split(',').map(Number)

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
  })
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
  // tsx keeps function names with a `__name` helper that the page does not have
  await page.addInitScript('window.__name = (f) => f')
  await page.goto(`${BASE}/login`)
  await page.getByTestId('login-username').fill('admin')
  await page.getByTestId('login-password').fill('Admin@2026')
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
  await page.goto(`${BASE}/system/3DMap`)
  await page.waitForFunction(() => window.__globe !== undefined, null, { timeout: 120_000 })
  const rows: string[] = ['| parcels | entities: create + first render (ms) | ours, batched primitive (ms) | speed-up |', '|---|---|---|---|']
  for (const n of SIZES) {
    const result = await page.evaluate(async (count) => {
      const g = window.__globe!
      // detach the page: its view loader would otherwise replace the benchmark's parcels
      g.setEvents({})
      await new Promise((r) => setTimeout(r, 1500))
      // synthetic 60 m × 60 m parcels on a grid around Hangzhou, heights 5–40 m
      const shapes = Array.from({ length: count }, (_, i) => {
        const x = 120.0 + (i % 250) * 0.0012
        const y = 30.0 + Math.floor(i / 250) * 0.0012
        return { id: i + 1, height: 5 + (i % 8) * 5, rings: [[[x, y], [x + 0.0006, y], [x + 0.0006, y + 0.0006], [x, y + 0.0006]]] as [number, number][][] }
      })
      const frame = () => new Promise((r) => requestAnimationFrame(r))
      // WGS84 lon/lat → ECEF, so the entity path needs nothing from the bundle
      const ecef = (lng: number, lat: number) => {
        const a = 6378137, e2 = 6.69437999014e-3
        const l = (lng * Math.PI) / 180, p = (lat * Math.PI) / 180
        const nrm = a / Math.sqrt(1 - e2 * Math.sin(p) ** 2)
        return { x: nrm * Math.cos(p) * Math.cos(l), y: nrm * Math.cos(p) * Math.sin(l), z: nrm * (1 - e2) * Math.sin(p) }
      }
      g.flyTo([120.0, 30.0, 120.3, 30.25], 0)
      const viewer = g.viewer
      g.parcels.clear()
      g.points.set([])
      let t0 = performance.now()
      viewer.entities.suspendEvents()
      for (const s of shapes) {
        viewer.entities.add({ polygon: { hierarchy: s.rings[0].map(([x, y]) => ecef(x, y)) as never, height: 0, extrudedHeight: s.height } } as never)
      }
      viewer.entities.resumeEvents()
      let entityMs = -1
      for (let i = 0; i < 6000; i++) {
        viewer.scene.requestRender()
        await frame()
        if ((viewer as unknown as { dataSourceDisplay: { ready: boolean } }).dataSourceDisplay.ready) {
          entityMs = performance.now() - t0
          break
        }
      }
      viewer.entities.removeAll()
      await frame()
      t0 = performance.now()
      g.parcels.setParcels(shapes, () => '#2f9e44')
      await g.parcels.ready()
      if (!g.parcels.isReady()) throw new Error('batched primitive not ready in 2 minutes')
      viewer.scene.requestRender()
      await frame()
      const oursMs = performance.now() - t0
      // idle: count frames drawn while nothing changes
      let drawn = 0
      const off = viewer.scene.postRender.addEventListener(() => drawn++)
      await new Promise((r) => setTimeout(r, 3000))
      off()
      g.parcels.clear()
      return { entityMs, oursMs, idleFrames: drawn }
    }, n)
    rows.push(`| ${n} | ${result.entityMs < 0 ? 'did not finish' : Math.round(result.entityMs)} | ${Math.round(result.oursMs)} | ${result.entityMs < 0 ? '—' : (result.entityMs / result.oursMs).toFixed(1) + '×'} |`)
    rows.push(`<!-- idle frames in 3 s after ${n}: ${result.idleFrames} -->`)
  }
  process.stdout.write(rows.join('\n') + '\n')
  await browser.close()
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : e}\n`)
  process.exit(1)
})
