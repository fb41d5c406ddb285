/**
 * The walls' two map engines (issue 6): the L7 county map of /bigData/district picks the county
 * under the pointer on a 4K wall, and the ECharts GL 3D bar map of /bigData/city stands one bar per
 * county with the API's figure — its GL code fetched by that screen only.
 */
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type { FeatureCollection } from 'geojson'
import { clickMap, shot, signIn } from './helpers'
import { apiData, apiToken, wallDefaultYear } from './wall-helpers'
import { COUNTIES_URL } from './servers'

// each test asks its own server for a token: the two starts of the e2e run have different keys
let year = 0
test.beforeAll(async ({ request }) => {
  // the walls' default year: the current year (issue 29)
  year = wallDefaultYear(((await (await request.get('/config.json')).json()) as { yearList: number[] }).yearList)
})

/** Web Mercator y of a latitude (L7's Map engine is EPSG:3857). */
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360))

/** The page pixel of a place on the L7 map, from the extent and size the map reports. */
async function pixelOf(page: Page, lng: number, lat: number) {
  const view = page.getByTestId('map-view')
  await expect(view).toHaveAttribute('data-bounds', /\d/)
  const [w, s, e, n] = ((await view.getAttribute('data-bounds')) as string).split(',').map(Number)
  const [width, height] = ((await view.getAttribute('data-size')) as string).split(',').map(Number)
  const host = (await page.getByTestId('map-host').boundingBox()) as { x: number; y: number }
  return {
    x: host.x + ((lng - w) / (e - w)) * width,
    y: host.y + ((mercY(n) - mercY(lat)) / (mercY(n) - mercY(s))) * height,
    width,
  }
}

test.describe('with county outlines imported', () => {
  // written for county outlines: the state after `npm run import:boundaries` (tests/e2e/servers.ts)
  test.use({ baseURL: COUNTIES_URL })

  test('/bigData/district: the L7 county map picks the county under the pointer on a 4K wall', async ({ page, request }) => {
    test.setTimeout(120_000)
    const token = await apiToken(request, 'leader', 'Leader@2026')
    await signIn(page, 'leader', 'Leader@2026')
    await page.setViewportSize({ width: 3840, height: 2160 })
    await page.goto('/bigData/district')
    await expect(page.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 60_000 })
    expect(Number(await page.getByTestId('screen-canvas').getAttribute('data-scale'))).toBe(2)
    const counties = await apiData<GroupStatRow[]>(request, token, '/api/bigData/byRegion', { level: 'county', year })
    const outlines = await apiData<FeatureCollection>(request, token, '/api/cloudChart/boundaries', { level: 'county', zoom: 8 })
    const fig = page.getByTestId('chart-map')
    const top = [...counties].sort((a, b) => b.taxPerMu - a.taxPerMu)[0]
    await expect(fig).toHaveAttribute('data-first-label', top.name)
    await expect(fig).toHaveAttribute('data-layers', 'choropleth,heat')
    // two counties far apart, each at its label point (inside the county)
    for (const code of ['330127', '330382']) {
      const f = outlines.features.find((x) => x.properties?.code === code)
      const row = counties.find((c) => c.key === code)
      expect(f && row, code).toBeTruthy()
      const p = await pixelOf(page, Number(f!.properties!.labelLng), Number(f!.properties!.labelLat))
      // the map is drawn at the wall's real pixels: about twice the 1080p map box
      expect(p.width).toBeGreaterThan(1700)
      // L7 picks on the pointer's moves (asynchronously, after a draw): move onto the place in steps
      const tip = page.getByTestId('l7map-tooltip')
      await expect(async () => {
        await page.mouse.move(p.x - 3, p.y - 3)
        await page.mouse.move(p.x, p.y, { steps: 3 })
        await expect(tip).toContainText(row!.name, { timeout: 1500 })
      }).toPass({ timeout: 30_000 })
      const picked = page.getByTestId('l7map-picked')
      await clickMap(page, p.x, p.y, async () => (await picked.count()) > 0 && (await picked.getAttribute('data-name')) === row!.name)
      await expect(picked).toHaveAttribute('data-code', code)
      await expect(picked).toHaveAttribute('data-value', String(row!.taxPerMu))
    }
    await page.screenshot({ path: shot('wall-district-l7-picked-3840x2160') })
    // the clusters switch on over the heat
    await page.getByTestId('l7map-toggle-cluster').click()
    await expect(fig).toHaveAttribute('data-layers', 'choropleth,heat,cluster')
    await page.getByTestId('l7map-toggle-heat').click()
    await expect(fig).toHaveAttribute('data-layers', 'choropleth,cluster')
    await page.screenshot({ path: shot('wall-district-l7-clusters-3840x2160') })
  })
})

interface GroupStatRow {
  key: string
  name: string
  taxPerMu: number
}

test('/bigData/city: the 3D bar map stands a bar per county with the API figure; only this wall fetches ECharts GL', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const token = await apiToken(request, 'leader', 'Leader@2026')
  await signIn(page, 'leader', 'Leader@2026')
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname)
  })
  await page.setViewportSize({ width: 1920, height: 1080 })
  await page.goto('/visual')
  await expect(page.getByTestId('chart-map')).toHaveAttribute('data-first-label', /市$/)
  const gl = /echarts-gl-setup/
  expect(scripts.filter((s) => gl.test(s))).toEqual([])
  for (const size of [
    { width: 1920, height: 1080 },
    { width: 3840, height: 2160 },
  ]) {
    await page.setViewportSize(size)
    await page.goto('/bigData/city?cityCode=330100')
    const fig = page.getByTestId('chart-map')
    const counties = await apiData<GroupStatRow[]>(request, token, '/api/bigData/byRegion', { level: 'county', cityCode: '330100', year })
    const bars = page.getByTestId('bar3d-bar')
    await expect(bars).toHaveCount(counties.length, { timeout: 60_000 })
    // one bar's figure against the API: the county of 淳安
    const chunan = counties.find((c) => c.key === '330127') as GroupStatRow
    await expect(page.locator(`[data-testid="bar3d-bar"][data-name="${chunan.name}"]`)).toHaveAttribute(
      'data-value',
      String(chunan.taxPerMu),
    )
    const top = [...counties].sort((a, b) => b.taxPerMu - a.taxPerMu)[0]
    await expect(fig).toHaveAttribute('data-first-label', top.name)
    await expect(fig).toHaveAttribute('data-first-value', String(top.taxPerMu))
    // drawn by WebGL on a canvas of the box's real size
    const canvas = page.getByTestId('echarts-map').locator('canvas').first()
    await expect(canvas).toBeVisible()
    expect((await canvas.boundingBox())!.width).toBeGreaterThan(size.width * 0.45)
    await page.waitForTimeout(1500)
    await page.screenshot({ path: shot(`wall-city-bar3d-${size.width}x${size.height}`) })
  }
  expect(scripts.filter((s) => gl.test(s)).length).toBeGreaterThan(0)
})

test('the build keeps ECharts GL out of every chunk a page loads up front', () => {
  const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<
    string,
    { file: string; imports?: string[]; isDynamicEntry?: boolean }
  >
  // a name only ECharts GL's own code carries (its WebGL graphics namespace)
  const GL = /graphicGL/
  const setup = manifest['src/web/charts/echarts-gl-setup.ts']
  expect(setup?.isDynamicEntry).toBe(true)
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const i of manifest[key]?.imports ?? []) closure(i, seen)
    return seen
  }
  const read = (k: string) => (manifest[k].file.endsWith('.js') ? fs.readFileSync(`dist/${manifest[k].file}`, 'utf8') : '')
  // every lazily loaded page, walls included, carries no GL bytes in what it loads up front
  const pages = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && k !== 'src/web/charts/echarts-gl-setup.ts')
  expect(pages).toContain('src/web/features/big-data/wall-pages.tsx')
  expect(pages.filter((k) => [...closure(k)].some((c) => GL.test(read(c))))).toEqual([])
  expect([...closure('src/web/charts/echarts-gl-setup.ts')].some((c) => GL.test(read(c)))).toBe(true)
})
