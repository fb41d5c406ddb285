/**
 * Globe speed (issue 5 "Speed"): create and first-render 10 000 and 50 000 extruded parcels three
 * ways in one Chromium page of the product — one `Entity` each, one `Primitive` of `PolygonGeometry`
 * instances (Cesium's batched path), and our production path (`ParcelLayer`, custom prisms) —
 * interleaved, medians of `BENCH_RUNS` (default 3) runs each. Every method is timed from the call
 * to the same end point: its geometry on the GPU, a frame drawn with it, and a `readPixels` that
 * waits for the GPU to finish that frame. Then, with our parcels on screen: frame time while the
 * camera moves (the tab keeps rendering), and frames drawn plus main-thread busy time during 3 s
 * of a still camera (requestRenderMode: CPU near idle).
 *
 *   BENCH_URL=http://127.0.0.1:8080 npx tsx tests/bench/globe-parcels.ts
 *
 * Needs a running product (npm start) with the built web app; prints a Markdown table and writes
 * test-results/bench/globe-parcels.json.
 */
import fs from 'node:fs'
import { chromium } from '@playwright/test'

const BASE = process.env.BENCH_URL ?? 'http://127.0.0.1:8080'
const SIZES = (process.env.BENCH_SIZES ?? '10000,50000').split(',').map(Number)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const METHODS = ['entity', 'instanced', 'ours'] as const
type Method = (typeof METHODS)[number]

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--js-flags=--expose-gc'],
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
  // let the page's own first load of demo parcels finish, so that it cannot land mid-run
  await page.waitForFunction(() => window.__globe!.parcels.ids().length > 0, null, { timeout: 120_000 })
  await page.evaluate(() => window.__globe!.parcels.ready())
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Performance.enable')
  const busySeconds = async () => {
    const m = (await cdp.send('Performance.getMetrics')).metrics
    return m.find((x) => x.name === 'TaskDuration')?.value ?? 0
  }

  // detach the page (its view loader would replace the benchmark's parcels) and load the
  // comparison paths' chunk once, before anything is timed
  await page.evaluate(async () => {
    const g = window.__globe!
    g.setEvents({})
    await g.referencePaths()
    g.parcels.clear()
    g.points.set([])
    g.flyTo([120.0, 30.0, 120.3, 30.25], 0)
  })

  const results: Record<
    number,
    Record<Method, number[]> & { moveMs?: number; emptyMoveMs?: number; idleFrames?: number; idleBusyMs?: number }
  > = {}
  for (const n of SIZES) {
    results[n] = { entity: [], instanced: [], ours: [] }
    for (let run = 0; run < RUNS; run++) {
      // rotate the order so no method always runs first (or right after the heaviest one)
      const order = METHODS.map((_, i) => METHODS[(i + run) % METHODS.length])
      for (const method of order) {
        const ms = await page.evaluate(
          async ({ count, method }) => {
            const g = window.__globe!
            const viewer = g.viewer
            const frame = () => new Promise((r) => requestAnimationFrame(r))
            ;(window as unknown as { gc?: () => void }).gc?.()
            await frame()
            // synthetic parcels on a 250-wide grid around Hangzhou, 60–70 m across, heights
            // 5–40 m; every tenth is an L-shaped (concave) lot
            const shapes = Array.from({ length: count }, (_, i) => {
              const x = 120.0 + (i % 250) * 0.0012
              const y = 30.0 + Math.floor(i / 250) * 0.0012
              const w = 0.0006 + (i % 3) * 0.00005
              const ring: [number, number][] =
                i % 10 === 0
                  ? [
                      [x, y],
                      [x + w, y],
                      [x + w, y + w / 2],
                      [x + w / 2, y + w / 2],
                      [x + w / 2, y + w],
                      [x, y + w],
                    ]
                  : [
                      [x, y],
                      [x + w, y],
                      [x + w, y + w],
                      [x, y + w],
                    ]
              return { id: i + 1, height: 5 + (i % 8) * 5, rings: [ring] }
            })
            const gl = (viewer.scene.canvas.getContext('webgl2') ?? viewer.scene.canvas.getContext('webgl')) as WebGLRenderingContext
            const finish = () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4))
            const paths = await g.referencePaths()
            const t0 = performance.now()
            let clear: () => void
            if (method === 'ours') {
              g.parcels.setParcels(shapes, () => '#2f9e44')
              await g.parcels.ready()
              clear = () => g.parcels.clear()
            } else {
              const batch = method === 'entity' ? paths.entityParcels(viewer, shapes) : paths.instancedParcels(viewer, shapes)
              if (!(await batch.ready())) throw new Error(`${method} not ready in 3 minutes`)
              clear = batch.clear
            }
            finish()
            const ms = performance.now() - t0
            clear()
            viewer.scene.requestRender()
            await frame()
            return ms
          },
          { count: n, method },
        )
        results[n][method].push(ms)
        process.stderr.write(`${n} ${method} run ${run + 1}: ${Math.round(ms)} ms\n`)
      }
    }

    // with our parcels on screen: a moving camera keeps drawing; a still one draws nothing
    const { moveMs, emptyMoveMs } = await page.evaluate(async (count) => {
      const g = window.__globe!
      // median time of 10 frames, each after turning the camera a little
      const moving = async () => {
        const times: number[] = []
        for (let i = 0; i < 10; i++) {
          g.viewer.camera.rotateRight(0.02)
          const t0 = performance.now()
          await new Promise<void>((resolve) => {
            const off = g.viewer.scene.postRender.addEventListener(() => {
              off()
              resolve()
            })
            g.viewer.scene.requestRender()
          })
          times.push(performance.now() - t0)
        }
        return times.sort((a, b) => a - b)[5]
      }
      const emptyMoveMs = await moving()
      const shapes = Array.from({ length: count }, (_, i) => {
        const x = 120.0 + (i % 250) * 0.0012
        const y = 30.0 + Math.floor(i / 250) * 0.0012
        return {
          id: i + 1,
          height: 5 + (i % 8) * 5,
          rings: [
            [
              [x, y],
              [x + 0.0006, y],
              [x + 0.0006, y + 0.0006],
              [x, y + 0.0006],
            ],
          ] as [number, number][][],
        }
      })
      g.parcels.setParcels(shapes, () => '#2f9e44')
      await g.parcels.ready()
      return { moveMs: await moving(), emptyMoveMs }
    }, n)
    // still camera: first wait until the moved view's imagery tiles have all loaded and nothing
    // draws for a whole second (at most 60 s), then count frames and main-thread busy time over 3 s
    await page.evaluate(async () => {
      const g = window.__globe!
      ;(window as unknown as { gc?: () => void }).gc?.()
      let drawn = 0
      const off = g.viewer.scene.postRender.addEventListener(() => drawn++)
      for (let i = 0; i < 60; i++) {
        const before = drawn
        await new Promise((r) => setTimeout(r, 1000))
        if (drawn === before && g.viewer.scene.globe.tilesLoaded) break
      }
      off()
    })
    const busy0 = await busySeconds()
    const idleFrames = await page.evaluate(async () => {
      const g = window.__globe!
      let drawn = 0
      const off = g.viewer.scene.postRender.addEventListener(() => drawn++)
      await new Promise((r) => setTimeout(r, 3000))
      off()
      return drawn
    })
    const idleBusyMs = ((await busySeconds()) - busy0) * 1000
    await page.evaluate(() => window.__globe!.parcels.clear())
    Object.assign(results[n], { moveMs, emptyMoveMs, idleFrames, idleBusyMs })
  }

  const rows = [
    `| parcels | one Entity each (ms) | Primitive of instances (ms) | ours (ms) | ours vs Entity | frame while moving: no parcels / ours (ms) | idle 3 s: frames / main-thread busy (ms) |`,
    '|---|---|---|---|---|---|---|',
  ]
  for (const n of SIZES) {
    const r = results[n]
    const [e, p, o] = [median(r.entity), median(r.instanced), median(r.ours)]
    rows.push(
      `| ${n.toLocaleString('en')} | ${Math.round(e)} | ${Math.round(p)} | ${Math.round(o)} | ${(e / o).toFixed(1)}× faster | ${Math.round(r.emptyMoveMs!)} / ${Math.round(r.moveMs!)} | ${r.idleFrames} / ${Math.round(r.idleBusyMs!)} |`,
    )
  }
  const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')
  rows.push('', `medians of ${RUNS} interleaved runs; load average at the end: ${load}`)
  process.stdout.write(rows.join('\n') + '\n')
  fs.mkdirSync('test-results/bench', { recursive: true })
  fs.writeFileSync('test-results/bench/globe-parcels.json', JSON.stringify({ runs: RUNS, load, results }, null, 2))
  await browser.close()
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : e}\n`)
  process.exit(1)
})
