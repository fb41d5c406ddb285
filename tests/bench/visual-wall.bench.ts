/**
 * Benchmark of the /visual wall (issue 6 "Speed and fidelity"): at 1920×1080 and 3840×2160 in
 * one Chromium run — time to first full render, JS heap, canvas backing-store memory — and the
 * heap growth over 200 refresh cycles (timers driven by Playwright's clock, every cycle bringing
 * changed figures so each chart really updates). SwiftShader figures are relative, not absolute.
 *
 *   node scripts/build-web.mjs && npx tsx tests/bench/visual-wall.bench.ts
 *
 * Writes test-results/bench/visual-wall.json and .md.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Browser, type Page } from '@playwright/test'
import { sharedBoundariesEnv } from '../shared-boundaries'

const PORT = Number(process.env.BENCH_PORT ?? 8196)
const BASE = `http://127.0.0.1:${PORT}`
const CYCLES = Number(process.env.BENCH_CYCLES ?? 200)
const OUT = 'test-results/bench'

async function startServer() {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: `.tmp/bench-data-${process.pid}`, SEED_PARCELS: '400', LOG_LEVEL: 'warn', SEED_BOUNDARIES: sharedBoundariesEnv() },
    stdio: 'ignore',
  })
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${BASE}/api/health`)).ok) return child
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  child.kill('SIGTERM')
  throw new Error('bench server did not start')
}

async function signIn(page: Page) {
  await page.goto(`${BASE}/login`)
  await page.getByTestId('login-username').fill('leader')
  await page.getByTestId('login-password').fill('Leader@2026')
  await page.getByTestId('login-submit').click()
  await page.waitForURL((u) => !u.pathname.endsWith('/login'))
}

/** Every widget of /visual shows its data. */
const FULLY_RENDERED = () => {
  const widgets = [...document.querySelectorAll('[data-widget]')]
  return (
    widgets.length > 0 &&
    widgets.every((w) => w.querySelector('[data-value], [data-rendered], [data-testid="table-row"]')) &&
    [...document.querySelectorAll('[data-rendered]')].every((c) => Number(c.getAttribute('data-rendered')) >= 1 && c.querySelector('canvas'))
  )
}

async function heapMb(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }
  await cdp.detach()
  return usedSize / 2 ** 20
}

const canvasMb = (page: Page) => page.evaluate(() => [...document.querySelectorAll('canvas')].reduce((s, c) => s + c.width * c.height * 4, 0) / 2 ** 20)

async function measureSize(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page)
  const runs: number[] = []
  for (let i = 0; i < 3; i++) {
    await page.goto(`${BASE}/visual`)
    await page.waitForFunction(FULLY_RENDERED, undefined, { timeout: 60_000, polling: 16 })
    runs.push(await page.evaluate(() => performance.now()))
  }
  const result = { width, height, firstRenderMs: runs.sort((a, b) => a - b)[1], runsMs: runs, heapMb: await heapMb(page), canvasMb: await canvasMb(page) }
  await context.close()
  return result
}

async function refreshCycles(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page)
  let cycle = 0
  let answered = 0
  await page.route(
    (u) => u.pathname.startsWith('/api/bigData/') && !u.pathname.endsWith('/regionGeo'),
    async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      // changed figures every cycle, so every chart and KPI really updates
      if (Array.isArray(body.data)) for (const r of body.data) for (const k of Object.keys(r)) if (typeof r[k] === 'number' && k !== 'year') r[k] = Math.round(r[k] * (1 + (cycle % 7) / 100) * 100) / 100
      answered++
      await route.fulfill({ response: res, json: body })
    },
  )
  await page.clock.install()
  await page.goto(`${BASE}/visual?refresh=5`)
  await page.clock.runFor(3000)
  await page.waitForFunction(FULLY_RENDERED, undefined, { timeout: 60_000 })
  await page.clock.runFor(5000)
  const start = await heapMb(page)
  // heap every 25 cycles: tells a one-off warm-up (JIT, caches) from a steady leak
  const samples: { cycle: number; heapMb: number }[] = [{ cycle: 0, heapMb: start }]
  for (cycle = 1; cycle <= CYCLES; cycle++) {
    const before = answered
    await page.clock.runFor(5000)
    for (let i = 0; i < 200 && answered < before + 4; i++) await new Promise((r) => setTimeout(r, 10))
    await page.clock.runFor(1500) // let the update animations finish
    if (cycle % 25 === 0) samples.push({ cycle, heapMb: await heapMb(page) })
  }
  const end = await heapMb(page)
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length)
  await context.close()
  const warm = samples.find((x) => x.cycle === 50) ?? samples[0]
  return {
    cycles: CYCLES,
    heapStartMb: start,
    heapEndMb: end,
    growthPct: ((end - start) / start) * 100,
    growthAfterWarmupPct: ((end - warm.heapMb) / warm.heapMb) * 100,
    samples,
    requestsAnswered: answered,
    domNodesAtEnd: domNodes,
  }
}

async function main() {
  const server = await startServer()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] })
  try {
    const hd = await measureSize(browser, 1920, 1080)
    const uhd = await measureSize(browser, 3840, 2160)
    const live = await refreshCycles(browser)
    const report = {
      date: new Date().toISOString(),
      renderer: 'Chromium + SwiftShader (relative figures)',
      sizes: [hd, uhd],
      ratios: { renderTime4kTo1080p: uhd.firstRenderMs / hd.firstRenderMs, heap4kTo1080p: uhd.heapMb / hd.heapMb, canvas4kTo1080p: uhd.canvasMb / hd.canvasMb, memory4kTo1080p: (uhd.heapMb + uhd.canvasMb) / (hd.heapMb + hd.canvasMb) },
      targets: { firstRender1080pMs: 1500, memory4kTo1080pMax: 1.5, heapGrowthPctMax: 5 },
      refresh: live,
    }
    fs.mkdirSync(OUT, { recursive: true })
    fs.writeFileSync(`${OUT}/visual-wall.json`, JSON.stringify(report, null, 2))
    const f = (n: number, d = 1) => n.toFixed(d)
    const md = [
      '| /visual | 首次完整渲染 ms（中位数） | JS 堆 MB | 画布内存 MB |',
      '|---|---|---|---|',
      ...report.sizes.map((s) => `| ${s.width}×${s.height} | ${f(s.firstRenderMs, 0)} | ${f(s.heapMb)} | ${f(s.canvasMb)} |`),
      '',
      `4K / 1080p: 渲染 ${f(report.ratios.renderTime4kTo1080p, 2)}×, 堆 ${f(report.ratios.heap4kTo1080p, 2)}×, 画布 ${f(report.ratios.canvas4kTo1080p, 2)}×, 堆+画布 ${f(report.ratios.memory4kTo1080p, 2)}×`,
      `${live.cycles} 次刷新: 堆 ${f(live.heapStartMb)} → ${f(live.heapEndMb)} MB（${f(live.growthPct, 2)} %；第50次之后 ${f(live.growthAfterWarmupPct, 2)} %），应答 ${live.requestsAnswered} 次，DOM 节点 ${live.domNodesAtEnd}`,
      `堆采样（次:MB）: ${live.samples.map((x) => `${x.cycle}:${f(x.heapMb)}`).join('  ')}`,
    ].join('\n')
    fs.writeFileSync(`${OUT}/visual-wall.md`, `${md}\n`)
    process.stdout.write(`${md}\n`)
  } finally {
    await browser.close()
    server.kill('SIGTERM')
  }
}

void main()
