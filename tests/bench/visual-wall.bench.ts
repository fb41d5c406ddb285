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
 * The refresh cycles run on real timers (`?refresh=5`; BENCH_REFRESH_S=30 runs them at /visual's
 * own interval, 200 cycles ≈ 100 minutes), one cycle = one round of every binding's request, each
 * answer carrying changed figures so every chart and KPI really updates, from the first full render
 * on: cycle 0 is the baseline. Between the first and the last reading the bench
 * only talks CDP (forced GC, heap usage, heap snapshots, DOM counters) — a page.evaluate or
 * waitForFunction would compile a script into the heap being measured. Heap readings follow a
 * forced GC (HeapProfiler.collectGarbage), so they are retained memory: the whole V8 heap (what
 * performance.memory counts) every 25 cycles, and heap snapshots at cycles 0, 100 and 200 split
 * it into JS data (objects, arrays, strings, closures — what a leak would grow), V8's compiled
 * code (bytecode, and machine code of functions as they become hot) and Blink's heap. The same
 * cycles run side by side in a second Chromium whose V8 only interprets (the control: no machine
 * code, so the heap is what the page keeps). Writes test-results/bench/visual-wall.json and .md
 * (visual-wall-js-flags.* with BENCH_JS_FLAGS, which then skips the control; -refresh30 and the
 * like with another interval).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test'
import { VISUAL_SCREEN } from '../../screens/visual'
import { resolveParams } from '../../src/web/screen/bindings'

const PORT = Number(process.env.BENCH_PORT ?? 8196)
const BASE = process.env.BENCH_BASE ?? `http://127.0.0.1:${PORT}`
const CYCLES = Number(process.env.BENCH_CYCLES ?? 200)
/** Seconds between refreshes (`?refresh=`): 5 by default; 30 is /visual's own interval (200 cycles ≈ 100 minutes) */
const REFRESH_S = Number(process.env.BENCH_REFRESH_S ?? 5)
/** V8 without its compilers, keeping all bytecode (interpreter only): the control run of the live cycles */
const NO_JIT = '--no-opt --no-maglev --no-sparkplug --no-flush-bytecode'
const OUT = 'test-results/bench'

async function startServer(): Promise<ChildProcess | null> {
  if (process.env.BENCH_BASE) return null
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    env: { ...process.env, PORT: String(PORT), DATA_DIR: `.tmp/bench-data-${process.pid}`, SEED_PARCELS: '400', LOG_LEVEL: 'warn' },
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
    [...document.querySelectorAll('[data-rendered]')].every(
      (c) => Number(c.getAttribute('data-rendered')) >= 1 && c.querySelector('canvas, svg'),
    )
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
  const s = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } }
    nodes: number[]
    strings: string[]
  }
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

const canvasMb = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('canvas')].reduce((s, c) => s + c.width * c.height * 4, 0) / 2 ** 20)

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
  const out = {} as Record<
    Renderer,
    {
      width: number
      height: number
      firstRenderMs: number
      runsMs: number[]
      heapMb: number
      blinkMb: number
      canvasMb: number
      canvases: number
      svgCharts: number
    }
  >
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
  return new Set(
    VISUAL_SCREEN.widgets.filter((w) => w.source).map((w) => `${w.source!.url}?${JSON.stringify(resolveParams(w.source!, params))}`),
  ).size
}

/** Page counters read over CDP (no script is compiled in the page for them). */
async function domNodes(cdp: CDPSession): Promise<number> {
  return ((await cdp.send('Memory.getDOMCounters')) as { nodes: number }).nodes
}

async function refreshCycles(browser: Browser, jsFlags: string | undefined) {
  const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'zh-CN' })
  const page = await context.newPage()
  await signIn(page)
  let cycle = 0
  let answered = 0
  const bump = (o: Record<string, unknown>) => {
    for (const k of Object.keys(o))
      if (typeof o[k] === 'number' && k !== 'year' && k !== 'month')
        o[k] = Math.round((o[k] as number) * (1 + (cycle % 7) / 100) * 100) / 100
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
  await page.goto(`${BASE}/visual?refresh=${REFRESH_S}`)
  await page.waitForFunction(FULLY_RENDERED, undefined, { timeout: 60_000 })
  const round = async () => {
    const before = answered
    const t0 = Date.now()
    while (answered < before + perCycle && Date.now() - t0 < REFRESH_S * 1000 + 30_000) await new Promise((r) => setTimeout(r, 20))
  }
  // From here on the bench only talks CDP (GC, heap usage, snapshots, DOM counters): no
  // page.evaluate or waitForFunction, whose scripts V8 would compile and keep in the page's heap.
  // Cycle 0 is the first full render: the baseline is the page as the operator first sees it.
  const kindsStart = await heapKinds(cdp)
  const start = await heap(cdp)
  const domNodesAtStart = await domNodes(cdp)
  // the heap every 25 cycles tells a one-off step (V8 compiling the hot refresh path) from a steady creep
  const samples: { cycle: number; heapMb: number }[] = [{ cycle: 0, heapMb: start.v8 }]
  const half = Math.round(CYCLES / 2)
  let mid = start
  let kindsMid = kindsStart
  const t0 = Date.now()
  for (cycle = 1; cycle <= CYCLES; cycle++) {
    await round()
    if (cycle % 25 === 0) samples.push({ cycle, heapMb: (await heap(cdp)).v8 })
    if (cycle === half) {
      kindsMid = await heapKinds(cdp)
      mid = await heap(cdp)
    }
  }
  const kindsEnd = await heapKinds(cdp)
  const end = await heap(cdp)
  const domNodesAtEnd = await domNodes(cdp)
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  await context.close()
  const pct = (a: number, b: number) => ((b - a) / a) * 100
  return {
    cycles: CYCLES,
    jsFlags: jsFlags ?? null,
    refreshSeconds: REFRESH_S,
    requestsPerCycle: perCycle,
    requestsAnswered: answered,
    minutes: (Date.now() - t0) / 60_000,
    // the whole V8 heap (what performance.memory and the issue's "JS heap" count)
    heapStartMb: start.v8,
    heapMidMb: mid.v8,
    heapEndMb: end.v8,
    /** from the first full render to the last cycle */
    growthPct: pct(start.v8, end.v8),
    /** over the second half of the run: ≈ 0 once V8 has compiled the refresh path */
    growthSecondHalfPct: pct(mid.v8, end.v8),
    blinkStartMb: start.blink,
    blinkEndMb: end.blink,
    kindsStart,
    kindsMid,
    kindsEnd,
    jsDataGrowthPct: pct(kindsStart.jsMb, kindsEnd.jsMb),
    codeGrowthMb: kindsEnd.codeMb - kindsStart.codeMb,
    codeGrowthSecondHalfMb: kindsEnd.codeMb - kindsMid.codeMb,
    samples,
    domNodesAtStart,
    domNodesAtEnd,
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
    // the product's Chromium and, side by side, one whose V8 only interprets (the control: without
    // compiled code the heap holds what the page keeps); both on real timers, so running them at
    // once changes no reading, only the CPU each has
    const control = jsFlags
      ? null
      : await chromium.launch({
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', `--js-flags=${NO_JIT}`],
        })
    const [live, liveNoJit] = await Promise.all([
      refreshCycles(browser, jsFlags),
      control ? refreshCycles(control, NO_JIT).finally(() => control.close()) : null,
    ])
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
      refreshWithoutJit: liveNoJit,
    }
    fs.mkdirSync(OUT, { recursive: true })
    // a run with other V8 flags is a control experiment: its own files
    const base = `${OUT}/visual-wall${jsFlags ? '-js-flags' : ''}${REFRESH_S !== 5 ? `-refresh${REFRESH_S}` : ''}`
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
      ...[live, liveNoJit].flatMap((x) =>
        x
          ? [
              '',
              `${x.cycles} 次刷新${x.jsFlags ? `（V8 ${x.jsFlags}）` : ''}（每 ${REFRESH_S} 秒一次，实时 ${f(x.minutes)} 分钟，每次 ${x.requestsPerCycle} 个请求，自首次完整渲染起）: V8 整堆 ${f(x.heapStartMb, 2)} → ${f(x.heapMidMb, 2)}（第 ${x.cycles / 2} 次）→ ${f(x.heapEndMb, 2)} MB，增长 ${f(x.growthPct, 2)} %，后半程 ${f(x.growthSecondHalfPct, 2)} %；JS 数据 ${f(x.jsDataGrowthPct, 2)} %，编译代码 +${f(x.codeGrowthMb, 2)} MB（后半程 ${f(x.codeGrowthSecondHalfMb, 2)}）；Blink 堆 ${f(x.blinkStartMb, 2)} → ${f(x.blinkEndMb, 2)} MB；DOM 节点 ${x.domNodesAtStart} → ${x.domNodesAtEnd}`,
              `快照 开始: ${k(x.kindsStart)}；第 ${x.cycles / 2} 次: ${k(x.kindsMid)}；结束: ${k(x.kindsEnd)}`,
              `堆采样（次:MB）: ${x.samples.map((s) => `${s.cycle}:${f(s.heapMb, 2)}`).join('  ')}`,
            ]
          : [],
      ),
    ].join('\n')
    fs.writeFileSync(`${base}.md`, `${md}\n`)
    process.stdout.write(`${md}\n`)
  } finally {
    await browser.close()
    server?.kill('SIGTERM')
  }
}

void main()
