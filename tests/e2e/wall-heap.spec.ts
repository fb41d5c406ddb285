/**
 * Issue 6 "Live … nothing leaks": /visual on real timers (`?refresh=5`, every answer with changed
 * figures, so every chart, KPI and table updates) keeps the whole V8 heap within 5 % of its size at
 * the first full render.
 *
 * A leak test, not a JIT test: this Chromium's V8 runs only its interpreter and keeps bytecode
 * (`--no-opt --no-maglev --no-sparkplug --no-flush-bytecode`), because with its compilers on V8
 * adds ≈ 3 MB of machine code for the refresh path over the first 60–100 cycles and then stays
 * flat (tests/bench/visual-wall.bench.ts measures that run, 200 cycles, and its plateau). Without
 * them the heap holds what the page keeps: a query cache, option history, timers, tooltips or DOM
 * that grew with each refresh would show here. Between the first and the last reading the test only
 * talks CDP (GC, heap usage): a page.evaluate would compile a script into the heap it measures.
 */
import { expect, test } from '@playwright/test'
import { VISUAL_SCREEN } from '../../screens/visual'
import { signIn } from './helpers'

const CYCLES = 20
const MB = 2 ** 20

// a browser of its own (launch options force a worker of its own): V8's interpreter only
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--no-first-run',
      '--js-flags=--no-opt --no-maglev --no-sparkplug --no-flush-bytecode',
    ],
  },
})

test(`/visual keeps its V8 heap within 5 % over ${CYCLES} live refresh cycles`, async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1920, height: 1080 })
  await signIn(page, 'leader', 'Leader@2026')
  // years are no figures: the walls answer the stock year and the figures' year (issue 29)
  const YEARS_AND_MONTHS = new Set(['year', 'figuresYear', 'month'])
  // one cycle = one answer to each distinct call of the wall (widgets sharing a call share it)
  const calls = new Set(VISUAL_SCREEN.widgets.filter((w) => w.source).map((w) => w.source!.url))
  let cycle = 0
  const answered = new Map<string, number>()
  await page.route(
    (u) => u.pathname.startsWith('/api/bigData/') && !u.pathname.endsWith('/regionGeo'),
    async (route) => {
      const res = await route.fetch()
      const body = await res.json()
      // every figure of the answer, however deep (rows may sit under the answer's years)
      const bump = (o: unknown): void => {
        if (Array.isArray(o)) for (const r of o) bump(r)
        else if (o && typeof o === 'object') {
          const rec = o as Record<string, unknown>
          for (const k of Object.keys(rec)) {
            if (typeof rec[k] === 'number' && !YEARS_AND_MONTHS.has(k))
              rec[k] = Math.round((rec[k] as number) * (1 + (cycle % 7) / 100) * 100) / 100
            else if (typeof rec[k] === 'object') bump(rec[k])
          }
        }
      }
      bump(body.data)
      const path = new URL(route.request().url()).pathname
      answered.set(path, (answered.get(path) ?? 0) + 1)
      await route.fulfill({ response: res, json: body })
    },
  )
  const cdp = await page.context().newCDPSession(page)
  const heapMb = async () => {
    await cdp.send('HeapProfiler.collectGarbage')
    return ((await cdp.send('Runtime.getHeapUsage')) as { usedSize: number }).usedSize / MB
  }
  const rounds = () => Math.min(...[...calls].map((c) => answered.get(c) ?? 0))
  // last year: the seed's latest year of figures, whose monthly charts hold data to change (the
  // current year, the walls' default now, may have none yet this month)
  await page.goto(`/visual?refresh=5&year=${new Date().getFullYear() - 1}`)
  // the first full render: every widget shows data and every chart has drawn
  const charts = page.locator('[data-rendered]')
  await expect(charts).toHaveCount(VISUAL_SCREEN.widgets.filter((w) => w.type !== 'kpi' && w.type !== 'table').length)
  for (const c of await charts.all()) await expect(c.locator('svg')).toHaveCount(1)
  await expect(page.locator('[data-widget="kpi"] [data-value]').first()).toBeVisible()
  await expect(page.getByTestId('table-row').first()).toBeVisible()
  const renders = await Promise.all((await charts.all()).map(async (c) => Number(await c.getAttribute('data-rendered'))))

  const start = await heapMb()
  const readings = [start]
  const first = rounds()
  for (cycle = 1; cycle <= CYCLES; cycle++) {
    const t0 = Date.now()
    while (rounds() < first + cycle && Date.now() - t0 < 30_000) await new Promise((r) => setTimeout(r, 50))
    expect(rounds(), `refresh cycle ${cycle} answered`).toBeGreaterThanOrEqual(first + cycle)
    // the same moment of each cycle: its count-up (1.2 s) and chart transitions (0.6 s) are over
    await new Promise((r) => setTimeout(r, 2000))
    readings.push(await heapMb())
  }
  // the median of the last five readings: a single reading may catch a refresh's answers in flight
  const end = [...readings.slice(-5)].sort((a, b) => a - b)[2]
  const growthPct = ((end - start) / start) * 100
  test.info().annotations.push({ type: 'V8 heap MB by cycle', description: readings.map((r, i) => `${i}:${r.toFixed(3)}`).join(' ') })
  test
    .info()
    .annotations.push({ type: 'V8 heap growth', description: `${start.toFixed(2)} → ${end.toFixed(2)} MB (${growthPct.toFixed(2)} %)` })

  // the charts really updated in place on every cycle (read after the last heap reading)
  const after = await Promise.all((await charts.all()).map(async (c) => Number(await c.getAttribute('data-rendered'))))
  after.forEach((n, i) => expect(n, `chart ${i} re-rendered on refresh`).toBeGreaterThan(renders[i]))
  expect(growthPct).toBeLessThan(5)
})
