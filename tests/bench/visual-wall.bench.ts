/**
 * Benchmark of the /visual wall (issue 6 "Speed and fidelity"): at 1920×1080 and 3840×2160 in
 * one Chromium run — time to first full render, JS heap, canvas backing-store memory (and the
 * Blink heap, where SVG charts keep their elements) — and the heap over 200 live refresh cycles.
 * SwiftShader figures are relative, not absolute.
 *
 *   node scripts/build-web.mjs && npx tsx tests/bench/visual-wall.bench.ts
 *   (BENCH_BASE=http://127.0.0.1:8080 measures a running product instead of starting one;
 *    BENCH_JS_FLAGS='--no-opt --no-maglev --no-sparkplug' runs Chromium without V8's compilers)
 *
 * The refresh cycles run on real timers (`?refresh=5`, one cycle = one round of every binding's
 * request, each answer carrying changed figures so every chart and KPI really updates). Heap
 * readings follow a forced GC (HeapProfiler.collectGarbage), so they are retained memory. Heap
 * snapshots before and after split the growth into JS data (objects, arrays, strings, closures —
 * what a leak would grow), V8's compiled code (machine code of functions as they become hot) and
 * Blink's heap. Writes test-results/bench/visual-wall.json and .md (visual-wall-js-flags.* with
 * BENCH_JS_FLAGS).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { VISUAL_SCREEN } from '../../screens/visual'
import { resolveParams } from '../../src/web/screen/bindings'
import { sharedBoundariesEnv } from '../shared-boundaries'

const PORT = Number(process.env.BENCH_PORT ?? 8196)
const BASE = process.env.BENCH_BASE ?? `http://127.0.0.1:${PORT}`
const CYCLES = Number(process.env.BENCH_CYCLES ?? 200)
/** refreshes before the baseline: every update path (setOption merge, count-up, table step) has run */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5)
const OUT = 'test-results/bench'

async function startServer(): Promise<ChildProcess | null> {
  if (process.env.BENCH_BASE) return null
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

/** Every widget of /visual shows its data, and every chart has drawn (canvas or SVG). */
const FULLY_RENDERED = () => {
  const widgets = [...document.querySelectorAll('[data-widget]')]
  return (
    widgets.length > 0 &&
    widgets.every((w) => w.querySelector('[data-value], [data-rendered], [data-testid="table-row"]')) &&
    [...document.querySelectorAll('[data-rendered]')].every((c) => Number(c.getAttribute('data-rendered')) >= 1 && c.querySelector('canvas, svg'))
  )
}

const MB = 2 ** 20

/** V8 heap and Blink heap after a forced GC, in MB. */
async function heap(cdp: CDPSession): Promise<{ v8: number; blink: number }> {
  await cdp.send('HeapProfiler.collectGarbage')
  const u = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; embedderHeapUsedSize?: number }
  return { v8: u.usedSize / MB, blink: (u.embedderHeapUsedSize ?? 0) / MB }
}

/** Retained bytes of a heap snapshot by kind: JS data, compiled code, Blink objects. */
interface HeapKinds {
  jsMb: number
  codeMb: number
  blinkMb: number
}

async function heapKinds(cdp: CDPSession): Promise<HeapKinds> {
  await cdp.send('HeapProfiler.collectGarbage')
  const chunks: string[] = []
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk)
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk)
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false })
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk)
  const s = JSON.parse(chunks.join('')) as { snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }; nodes: number[]; strings: string[] }
  const f = s.snapshot.meta.node_fields
  const [iType, iName, iSize, step] = [f.indexOf('type'), f.indexOf('name'), f.indexOf('self_size'), f.length]
  const types = s.snapshot.meta.node_types[0]
  const k = { js: 0, code: 0, blink: 0 }
  for (let i = 0; i < s.nodes.length; i += step) {
    const type = types[s.nodes[i + iType]]
    const size = s.nodes[i + iSize]
    if (type === 'code') k.code += size
    // Blink's own objects (DOM, layout, DevTools buffers); V8's internals are named "system / …"
    else if (type === 'native' && !s.strings[s.nodes[i + iName]].startsWith('system /')) k.blink += size
    else k.js += size
  }
  return { jsMb: k.js / MB, codeMb: k.code / MB, blinkMb: k.blink / MB }
}

const canvasMb = (page: Page) => page.evaluate(() => [...document.querySelectorAll('canvas')].reduce((s, c) => s + c.width * c.height * 4, 0) / 2 ** 20)

type Renderer = 'svg' | 'canvas'

/** One renderer at one size: first render (median of 3 loads), memory after the last load. */
async function measureAt(page: Page, renderer: Renderer) {
  await page.goto(`${BASE}/visual?renderer=${renderer}`)
  await page.waitForFunction(FULLY_RENDERED, undefined, { timeout: 60_000, polling: 16 })
  return page.evaluate(() => performance.now())
}

/** SVG (the product) and canvas (ADR 0013's alternative) side by side at one size, runs interleaved. */
async function measureSize(browser: Browser, width: number, height: number) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page)
  const runs: Record<Renderer, number[]> = { svg: [], canvas: [] }
  for (let i = 0; i < 3; i++) for (const r of ['canvas', 'svg'] as const) runs[r].push(await measureAt(page, r))
  const out = {} as Record<Renderer, { width: number; height: number; firstRenderMs: number; runsMs: number[]; heapMb: number; blinkMb: number; canvasMb: number; canvases: number; svgCharts: number }>
  for (const r of ['canvas', 'svg'] as const) {
    await measureAt(page, r)
    const cdp = await context.newCDPSession(page)
    const h = await heap(cdp)
    await cdp.detach()
    out[r] = {
      width,
      height,
      firstRenderMs: [...runs[r]].sort((a, b) => a - b)[1],
      runsMs: runs[r],
      heapMb: h.v8,
      blinkMb: h.blink,
      canvasMb: await canvasMb(page),
      canvases: await page.evaluate(() => document.querySelectorAll('canvas').length),
      svgCharts: await page.evaluate(() => document.querySelectorAll('[data-rendered] svg').length),
    }
  }
  await context.close()
  return out
}

/** How many distinct requests one refresh round of /visual makes (bindings shared by widgets count once). */
function requestsPerCycle(): number {
  const params = { year: 2025, month: 12 }
  return new Set(VISUAL_SCREEN.widgets.filter((w) => w.source).map((w) => `${w.source!.url}?${JSON.stringify(resolveParams(w.source!, params))}`)).size
}

async function refreshCycles(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page)
  let cycle = 0
  let answered = 0
  const bump = (o: Record<string, unknown>) => {
    for (const k of Object.keys(o)) if (typeof o[k] === 'number' && k !== 'year' && k !== 'month') o[k] = Math.round((o[k] as number) * (1 + (cycle % 7) / 100) * 100) / 100
  }
  await page.route(
    (u) => u.pathname.startsWith('/api/bigData/') && !u.pathname.endsWith('/regionGeo'),
    async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      // changed figures every cycle, so every chart and KPI really updates
      if (Array.isArray(body.data)) for (const r of body.data) bump(r)
      else if (body.data && typeof body.data === 'object') bump(body.data)
      answered++
      await route.fulfill({ response: res, json: body })
    },
  )
  const perCycle = requestsPerCycle()
  const cdp = await context.newCDPSession(page)
  await page.goto(`${BASE}/visual?refresh=5`)
  await page.waitForFunction(FULLY_RENDERED, undefined, { timeout: 60_000 })
  const round = async () => {
    const before = answered
    const t0 = Date.now()
    while (answered < before + perCycle && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 20))
  }
  for (cycle = 1; cycle <= WARMUP; cycle++) await round()
  const domNodesAtStart = await page.evaluate(() => document.getElementsByTagName('*').length)
  const start = await heap(cdp)
  const kindsStart = await heapKinds(cdp)
  // the heap every 25 cycles tells a one-off step from a steady creep
  const samples: { cycle: number; heapMb: number }[] = [{ cycle: 0, heapMb: start.v8 }]
  const t0 = Date.now()
  for (cycle = 1; cycle <= CYCLES; cycle++) {
    await round()
    if (cycle % 25 === 0) samples.push({ cycle, heapMb: (await heap(cdp)).v8 })
  }
  const end = await heap(cdp)
  const kindsEnd = await heapKinds(cdp)
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length)
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
  const pct = (a: number, b: number) => ((b - a) / a) * 100
  return {
    cycles: CYCLES,
    warmupCycles: WARMUP,
    requestsPerCycle: perCycle,
    requestsAnswered: answered,
    minutes: (Date.now() - t0) / 60_000,
    heapStartMb: start.v8,
    heapEndMb: end.v8,
    growthPct: pct(start.v8, end.v8),
    blinkStartMb: start.blink,
    blinkEndMb: end.blink,
    kindsStart,
    kindsEnd,
    jsDataGrowthPct: pct(kindsStart.jsMb, kindsEnd.jsMb),
    codeGrowthMb: kindsEnd.codeMb - kindsStart.codeMb,
    samples,
    domNodesAtStart,
    domNodesAtEnd: domNodes,
  }
}

async function main() {
  const server = await startServer()
  const jsFlags = process.env.BENCH_JS_FLAGS
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  })
  try {
    const hdBoth = await measureSize(browser, 1920, 1080)
    const uhdBoth = await measureSize(browser, 3840, 2160)
    const live = await refreshCycles(browser)
    const mem = (x: { heapMb: number; canvasMb: number }) => x.heapMb + x.canvasMb
    const ratios = (r: Renderer) => {
      const [hd, uhd] = [hdBoth[r], uhdBoth[r]]
      return {
        renderTime4kTo1080p: uhd.firstRenderMs / hd.firstRenderMs,
        heap4kTo1080p: uhd.heapMb / hd.heapMb,
        canvas4kTo1080p: hd.canvasMb > 0 ? uhd.canvasMb / hd.canvasMb : null,
        memory4kTo1080p: mem(uhd) / mem(hd),
        memoryWithBlink4kTo1080p: (mem(uhd) + uhd.blinkMb) / (mem(hd) + hd.blinkMb),
      }
    }
    const report = {
      date: new Date().toISOString(),
      renderer: 'Chromium + SwiftShader (relative figures)',
      jsFlags: jsFlags ?? null,
      sizes: { svg: [hdBoth.svg, uhdBoth.svg], canvas: [hdBoth.canvas, uhdBoth.canvas] },
      ratios: { svg: ratios('svg'), canvas: ratios('canvas') },
      targets: { firstRender1080pMs: 1500, memory4kTo1080pMax: 1.5, heapGrowthPctMax: 5 },
      refresh: live,
    }
    fs.mkdirSync(OUT, { recursive: true })
    // a run with other V8 flags is a control experiment: its own files
    const base = jsFlags ? `${OUT}/visual-wall-js-flags` : `${OUT}/visual-wall`
    fs.writeFileSync(`${base}.json`, JSON.stringify(report, null, 2))
    const f = (n: number, d = 1) => n.toFixed(d)
    const k = (x: HeapKinds) => `JS 数据 ${f(x.jsMb, 2)} / 编译代码 ${f(x.codeMb, 2)} / Blink ${f(x.blinkMb, 2)} MB`
    const row = (r: Renderer) => (s: (typeof hdBoth)['svg']) =>
      `| ${r === 'svg' ? 'SVG（产品）' : 'canvas'} | ${s.width}×${s.height} | ${f(s.firstRenderMs, 0)} | ${f(s.heapMb)} | ${f(s.canvasMb)}（${s.canvases}） | ${f(s.heapMb + s.canvasMb)} | ${f(s.blinkMb)} |`
    const ratioLine = (r: Renderer) => {
      const x = report.ratios[r]
      return `${r} 4K / 1080p: 渲染 ${f(x.renderTime4kTo1080p, 2)}×, 堆 ${f(x.heap4kTo1080p, 2)}×, 堆+画布 ${f(x.memory4kTo1080p, 2)}×, 堆+画布+Blink ${f(x.memoryWithBlink4kTo1080p, 2)}×`
    }
    const md = [
      '| 图表 | /visual | 首次完整渲染 ms（3次中位数） | JS 堆 MB | 画布内存 MB（画布数） | 堆+画布 MB | Blink 堆 MB |',
      '|---|---|---|---|---|---|---|',
      ...(['svg', 'canvas'] as const).flatMap((r) => report.sizes[r].map(row(r))),
      '',
      ratioLine('svg'),
      ratioLine('canvas'),
      `${live.cycles} 次刷新（实时 ${f(live.minutes)} 分钟，预热 ${live.warmupCycles} 次，每次 ${live.requestsPerCycle} 个请求）: V8 堆 ${f(live.heapStartMb, 2)} → ${f(live.heapEndMb, 2)} MB（${f(live.growthPct, 2)} %），其中 JS 数据 ${f(live.jsDataGrowthPct, 2)} %，编译代码 +${f(live.codeGrowthMb, 2)} MB；Blink 堆 ${f(live.blinkStartMb, 2)} → ${f(live.blinkEndMb, 2)} MB；DOM 节点 ${live.domNodesAtStart} → ${live.domNodesAtEnd}`,
      `快照 开始: ${k(live.kindsStart)}；结束: ${k(live.kindsEnd)}`,
      `堆采样（次:MB）: ${live.samples.map((x) => `${x.cycle}:${f(x.heapMb, 2)}`).join('  ')}`,
    ].join('\n')
    fs.writeFileSync(`${base}.md`, `${md}\n`)
    process.stdout.write(`${md}\n`)
  } finally {
    await browser.close()
    server?.kill('SIGTERM')
  }
}

void main()
