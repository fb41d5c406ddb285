/**
 * /system/core 资源云图 in real Chromium (WebGL through SwiftShader): offline map, the eight
 * controls of docs/product.md §2 with their states (§4) and warnings (§5), cluster counts against the API,
 * a measurement against a known parcel, and the lazy map bundle.
 */
import { expect, test, type Page } from '@playwright/test'
import { industryName } from '../../src/domain/codes/industry'
import { landUseName } from '../../src/domain/codes/land-use'
import { areaText } from '../../src/web/map/rules/measure-rules'
import { clickMap, shot } from './helpers'
import { api, apiPost, openCore, openParcel, pixelsOf } from './map-helpers'

const L7_MARKER = 'l7-scene'

test('no L7 bytes on the login route; the map chunk carries them', async ({ page }) => {
  const bodies: { url: string; text: string }[] = []
  page.on('response', async (r) => {
    if (r.url().endsWith('.js')) bodies.push({ url: r.url(), text: await r.text().catch(() => '') })
  })
  await page.goto('/login')
  await expect(page.getByTestId('login-username')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(bodies.length).toBeGreaterThan(0)
  expect(bodies.filter((b) => b.text.includes(L7_MARKER)).map((b) => b.url)).toEqual([])
  await openCore(page)
  expect(bodies.some((b) => b.text.includes(L7_MARKER))).toBe(true)
})

test('loads offline with all eight controls; cluster counts equal the API', async ({ page }) => {
  const external: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.hostname !== '127.0.0.1' && u.protocol.startsWith('http')) external.push(r.url())
  })
  await openCore(page)
  for (const id of [
    'layer-management',
    'layer-control',
    'legend',
    'base-switcher',
    'district-picker',
    'range-control',
    'zone-toggle',
    'selection-control',
  ]) {
    await expect(page.getByTestId(id)).toBeVisible()
  }
  const points = await api<{ lng: number; lat: number }[]>(page, '/api/cloudChart/points')
  const state = page.getByTestId('cluster-state')
  await expect(state).toHaveAttribute('data-total', String(points.length))
  // every API point sits in exactly one marker at this zoom
  await expect(state).toHaveAttribute('data-world', String(points.length))
  // the markers on screen hold the API's points inside the view (a cluster counts where its centre is)
  const [w, s, e, n] = ((await state.getAttribute('data-bounds')) ?? '').split(',').map(Number)
  const inView = points.filter((p) => p.lng >= w && p.lng <= e && p.lat >= s && p.lat <= n).length
  expect(inView).toBeGreaterThan(points.length / 2)
  expect(Math.abs(Number(await state.getAttribute('data-points')) - inView)).toBeLessThanOrEqual(Math.ceil(inView * 0.02))
  const stats = await api<{ parcels: number }>(page, '/api/cloudChart/statistics?regionCode=330000')
  await expect(page.getByTestId('stat-parcels')).toContainText(stats.parcels.toLocaleString('en-US'))
  await page.waitForTimeout(1000)
  await page.screenshot({ path: shot('core-map') })
  await page.getByTestId('base-imagery').click()
  await expect(page.getByTestId('base-imagery')).toHaveCSS('background-color', 'rgb(29, 95, 214)')
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-base-imagery') })
  await page.getByTestId('base-vector').click()
  expect(external).toEqual([])
})

test('layer management opens on hover, layer control on click; switches follow docs/product.md §4', async ({ page }) => {
  await openCore(page)
  await page.getByTestId('layer-management').hover()
  const panel = page.getByTestId('layer-management-panel')
  await expect(panel).toBeVisible()
  // visible: false starts at opacity 0 → unchecked
  await expect(page.getByTestId('lm-layer-亩均税收热力')).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByTestId('lm-layer-工业用地')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('lm-layer-亩均税收热力').click()
  await expect(page.getByTestId('lm-layer-亩均税收热力')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('lm-layer-企业聚合').click()
  await expect(page.getByTestId('cluster-state')).toHaveCount(0)
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-layer-management') })
  // collapsible group
  await page.getByTestId('lm-group-业务图层').click()
  await expect(page.getByTestId('lm-layer-工业用地')).toHaveCount(0)
  await page.getByTestId('lm-group-业务图层').click()
  // 影像 switch swaps the base
  await page.getByTestId('lm-imagery').click()
  await expect(page.getByTestId('base-imagery')).toHaveCSS('background-color', 'rgb(29, 95, 214)')
  await page.mouse.move(700, 500)
  await expect(panel).toBeHidden()

  await page.getByTestId('layer-control').getByRole('button', { name: '图层控制' }).click()
  const lc = page.getByTestId('layer-control-panel')
  await expect(lc).toBeVisible()
  await expect(lc.getByText('基础图层')).toBeVisible()
  await expect(lc.getByRole('radio', { name: '影像' })).toBeChecked()
  await lc.getByText('矢量').click()
  await expect(lc.getByRole('radio', { name: '矢量' })).toBeChecked()
  await expect(lc.getByRole('radio', { name: '影像' })).not.toBeChecked()
  await page.screenshot({ path: shot('core-layer-control') })
  await page.getByTestId('layer-control').getByRole('button', { name: '图层控制' }).click()
  await expect(lc).toBeHidden()
})

test('district picker: four columns from the region tree; a click selects, closes and drives the statistics', async ({ page }) => {
  await openCore(page)
  await expect(page.getByTestId('district-current')).toHaveText(/浙江省/)
  await page.getByTestId('district-picker').hover()
  await expect(page.getByTestId('district-panel')).toBeVisible()
  for (const [i, head] of ['省', '市', '区/县', '乡镇/街道'].entries())
    await expect(page.getByTestId(`district-col-${i}`).locator('div').first()).toHaveText(head)
  await expect(page.getByTestId('district-col-1').locator('div')).toHaveCount(12)
  await page.getByTestId('district-col-1').getByText('杭州市').hover()
  await page.getByTestId('district-col-2').getByText('上城区').hover()
  await expect(page.getByTestId('district-col-3').getByText('清波街道')).toBeVisible()
  await page.screenshot({ path: shot('core-district-picker') })
  const statsCall = page.waitForResponse((r) => r.url().includes('/api/cloudChart/statistics?regionCode=330102'))
  await page.getByTestId('district-col-2').getByText('上城区').click()
  await statsCall
  await expect(page.getByTestId('district-panel')).toBeHidden()
  await expect(page.getByTestId('district-current')).toHaveText(/上城区/)
  const s = await api<{ parcels: number }>(page, '/api/cloudChart/statistics?regionCode=330102')
  await expect(page.getByTestId('core-stats')).toContainText('浙江省 / 杭州市 / 上城区')
  await expect(page.getByTestId('stat-parcels')).toContainText(String(s.parcels))
})

type ParcelZones = {
  parcelId: number
  landCode: string
  parcelName: string
  project: string | null
  zones: Record<'zjtx' | 'djtx' | 'jgtx' | 'jxtx', { features: unknown[] } | null>
}

/** From the API: a parcel whose project has all three zone shapes, and one without a project. */
async function zoneParcels(page: Page) {
  const parcels = await api<{ list: { id: number; landCode: string }[] }>(page, '/api/industryMap/landList?page=1&pageSize=500')
  let full: ParcelZones | undefined
  let bare: ParcelZones | undefined
  for (const p of parcels.list) {
    const z = await api<ParcelZones>(page, `/api/cloudChart/zones?parcelId=${p.id}`)
    if (!bare && !z.project) bare = z
    if (!full && z.zones.zjtx && z.zones.djtx && z.zones.jgtx) full = z
    if (full && bare) return { full, bare }
  }
  throw new Error('the demo data has no parcel with all three zones or none without a project')
}

const ZONE_COLOURS = { zjtx: '#bea221', djtx: '#be3114', jgtx: '#5755be' } as const

test('zone toggle: a parcel without shapes warns with the exact texts; a parcel with shapes draws them from the API and flies to them', async ({
  page,
}) => {
  await openCore(page)
  const { full, bare } = await zoneParcels(page)
  await openParcel(page, bare.landCode)
  await expect(page.getByTestId('parcel-zones')).toContainText('该地块没有全生命周期项目')
  await page.locator('.ant-drawer-close').click()
  await expect(page.getByTestId('zone-scope')).toHaveText(`图形范围：${bare.parcelName}`)
  for (const [key, text] of [
    ['zjtx', '该地图没有上传指界图形'],
    ['djtx', '还没有上传勘测定界图形'],
    ['jgtx', '还没有上传竣工图形'],
  ]) {
    await page.getByTestId(`zone-${key}`).click()
    const dialog = page.locator('.ant-modal-confirm')
    await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('无法展示')
    await expect(dialog.locator('.ant-modal-confirm-content')).toHaveText(text)
    if (key === 'zjtx') {
      await expect(dialog).toBeVisible()
      await page.waitForTimeout(600) // the dialog's opening animation
      await page.screenshot({ path: shot('core-zone-warning') })
    }
    await dialog.locator('.ant-modal-confirm-btns button').click()
    await expect(dialog).toHaveCount(0)
  }

  await openParcel(page, full.landCode)
  await expect(page.getByTestId('parcel-zones')).toContainText('已上传 指界、勘测定界、竣工')
  await page.locator('.ant-drawer-close').click()
  await expect(page.getByTestId('zone-scope')).toHaveText(`图形范围：${full.parcelName}`)
  // zoom out, so that the fly-to is seen to stop at 16 (docs/product.md §9)
  const box = (await page.getByTestId('map-host').boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
  for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 400)
  await expect(page.getByTestId('cluster-state')).not.toHaveAttribute('data-zoom', '16')
  const before = await pixelsOf(page, ZONE_COLOURS.zjtx)
  for (const key of ['zjtx', 'djtx', 'jgtx'] as const) {
    await page.getByTestId(`zone-${key}`).click()
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
    // the shapes that arrived from the API are the ones drawn
    await expect(page.getByTestId('zone-toggle')).toHaveAttribute(`data-drawn-${key}`, String(full.zones[key]!.features.length))
  }
  await expect(page.getByTestId('cluster-state')).toHaveAttribute('data-zoom', '16')
  await page.waitForTimeout(800)
  for (const key of ['zjtx', 'djtx', 'jgtx'] as const) expect(await pixelsOf(page, ZONE_COLOURS[key])).toBeGreaterThan(before + 40)
  await page.screenshot({ path: shot('core-zone-parcel') })
  await page.getByTestId('zone-zjtx').click()
  await expect(page.getByTestId('zone-toggle')).toHaveAttribute('data-drawn-zjtx', '0')
  await page.waitForTimeout(500)
  expect(await pixelsOf(page, ZONE_COLOURS.zjtx)).toBeLessThan(before + 40)
})

test("zone toggle with a district selected: draws the district's zones from the zone tiles", async ({ page }) => {
  await openCore(page)
  const { full } = await zoneParcels(page)
  const detail = await api<{ parcel: { county_code: string; county_name: string } }>(page, `/api/cloudChart/parcel/${full.parcelId}`)
  const tree = await api<{ citys: { cityName: string; counties: { countyCode: string }[] }[] }>(page, '/api/cloudChart/regionTree')
  const city = tree.citys.find((c) => c.counties.some((k) => k.countyCode === detail.parcel.county_code))!
  await page.getByTestId('district-picker').hover()
  await page.getByTestId('district-col-1').getByText(city.cityName, { exact: true }).hover()
  await page.getByTestId('district-col-2').getByText(detail.parcel.county_name, { exact: true }).click()
  await expect(page.getByTestId('zone-scope')).toHaveText(`图形范围：${detail.parcel.county_name}`)
  const extents = await api<{ key: string; count: number }[]>(page, `/api/cloudChart/zoneExtent?regionCode=${detail.parcel.county_code}`)
  expect(extents[0].count).toBeGreaterThan(0)
  const tiles: number[] = []
  page.on('response', async (r) => {
    if (r.url().includes('/api/tiles/zones/') && r.url().includes('kind=zjtx') && r.status() === 200) tiles.push((await r.body()).length)
  })
  await page.getByTestId('zone-zjtx').click()
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
  await expect(page.getByTestId('zone-toggle')).toHaveAttribute('data-drawn-zjtx', String(extents[0].count))
  // the district's 指界 tiles arrived with shapes in them
  await expect.poll(() => tiles.filter((n) => n > 0).length).toBeGreaterThan(0)
  await page.waitForTimeout(1500)
  expect(await pixelsOf(page, ZONE_COLOURS.zjtx)).toBeGreaterThan(40)
  await page.screenshot({ path: shot('core-zone-district') })
})

test('a shape typed into the range control shows and reports on click', async ({ page }) => {
  await openCore(page)
  const square = {
    type: 'Feature',
    properties: { landId: 'ZJ-001', name: '测试指界' },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [120.15, 30.25],
          [120.17, 30.25],
          [120.17, 30.27],
          [120.15, 30.27],
          [120.15, 30.25],
        ],
      ],
    },
  }
  await page.getByTestId('range-勘测').click()
  await page.getByTestId('range-input-zjtx').fill(JSON.stringify(square))
  await page.screenshot({ path: shot('core-range-control') })
  await page.getByTestId('range-勘测').click()
  await page.getByTestId('zone-zjtx').click()
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
  await expect(page.getByTestId('zone-toggle')).toHaveAttribute('data-drawn-zjtx', '1')
  await page.getByTestId('select-选点').click()
  await page.waitForTimeout(1500)
  const box = (await page.getByTestId('map-host').boundingBox())!
  const chosen = page.getByText('已选择：测试指界（ZJ-001）')
  await clickMap(page, box.x + box.width / 2, box.y + box.height / 2, () => chosen.isVisible())
  await page.waitForTimeout(400)
  await page.screenshot({ path: shot('core-selection') })
})

test('search flies to a parcel and opens its detail; measuring it gives the area of its geometry', async ({ page }) => {
  await openCore(page)
  // a parcel with an owner enterprise (so the drawer has yearly figures)
  let hit: { id: number; code: string } | undefined
  for (const owner of (await api<{ id: number }[]>(page, '/api/cloudChart/points')).slice(0, 20)) {
    const ent = await api<{ parcels: { id: number; land_code: string }[]; yearly: unknown[] }>(
      page,
      `/api/cloudChart/enterprise/${owner.id}`,
    )
    if (ent.parcels.length && ent.yearly.length) {
      hit = { id: ent.parcels[0].id, code: ent.parcels[0].land_code }
      break
    }
  }
  if (!hit) throw new Error('no parcel with an owner enterprise in the demo data')
  await page.getByTestId('core-search').locator('input').fill(hit.code)
  await page.getByTestId('core-search').locator('input').press('Enter')
  await expect(page.getByTestId('core-result')).toHaveCount(1)
  await page.getByTestId('core-result').click()
  await expect(page.getByTestId('parcel-attributes')).toContainText(hit.code)
  await expect(page.getByTestId('yearly-chart')).toBeVisible()
  await expect(page.getByTestId('cluster-state')).toHaveAttribute('data-zoom', '16')
  await page.screenshot({ path: shot('core-detail') })
  const detail = await api<{
    parcel: { land_use_code: string; geometry: { type: 'MultiPolygon'; coordinates: number[][][][] } }
    enterprise: { industry_code: string }
  }>(page, `/api/cloudChart/parcel/${hit.id}`)
  // codes are shown with their names
  await expect(page.getByTestId('parcel-attributes')).toContainText(
    `${detail.parcel.land_use_code} ${landUseName(detail.parcel.land_use_code)}`,
  )
  await expect(page.getByTestId('parcel-owner')).toContainText(
    `${detail.enterprise.industry_code} ${industryName(detail.enterprise.industry_code)}`,
  )
  const found = await apiPost<{ list: { id: number; lng: number }[] }>(page, '/api/cloudChart/search', {
    keyword: hit.code,
    kind: 'parcel',
  })
  // the hit sits in the middle of the map left visible between the side panel and the drawer
  const host = (await page.getByTestId('map-host').boundingBox())!
  const panel = (await page.getByTestId('core-side-panel').boundingBox())!
  const drawer = (await page.locator('.ant-drawer-content-wrapper').boundingBox())!
  const [w, , e] = (await page.getByTestId('cluster-state').getAttribute('data-bounds'))!.split(',').map(Number)
  const hitX = host.x + ((found.list[0].lng - w) / (e - w)) * host.width
  const visibleMid = (panel.x + panel.width + drawer.x) / 2
  expect(Math.abs(hitX - visibleMid)).toBeLessThan(16)
  await page.locator('.ant-drawer-close').click()
  await page.getByTestId('draw-toggle').click()
  await expect(page.getByTestId('measure-result')).toHaveText(`面积 ${areaText(detail.parcel.geometry)}`)
  await page.getByTestId('buffer-run').click()
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-measure') })
  await page.getByTestId('legend-close').click()
  await expect(page.getByTestId('legend')).toHaveCount(0)
})
