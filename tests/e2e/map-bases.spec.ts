/**
 * Base maps of /system/core with tile providers configured (runtime config served through a route):
 * the community styles of docs/product.md §7 in the switcher, Tianditu and Gaode, and parcels drawn at their
 * GCJ-02 position over Gaode. This machine has no internet and nothing may leave it, so every
 * provider's tile request is answered here with a plain tile of that provider's colour (the
 * screenshots show which service each base asked); the requests themselves are what is checked.
 */
import zlib from 'node:zlib'
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { shot } from './helpers'
import { api, apiPost, openCore, openParcel } from './map-helpers'
import { DETAIL_DRAWER_WIDTH, SIDE_PANEL_INSET } from '../../src/web/features/resource-map/screen-layout'

const CONFIG = JSON.parse(fs.readFileSync('config/config.json', 'utf8')) as Record<string, unknown>

/** A 256×256 PNG of one colour with a darker border, so tile edges show in the screenshots. */
function tilePng(rgb: [number, number, number]): Buffer {
  const size = 256
  const raw = Buffer.alloc((size * 3 + 1) * size)
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const edge = x === 0 || y === 0
      const o = y * (size * 3 + 1) + 1 + x * 3
      raw[o] = edge ? rgb[0] * 0.8 : rgb[0]
      raw[o + 1] = edge ? rgb[1] * 0.8 : rgb[1]
      raw[o + 2] = edge ? rgb[2] * 0.8 : rgb[2]
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4)
    len.writeUInt32BE(data.length)
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(td))
    return Buffer.concat([len, td, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([8, 2, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

/** The colour each provider's stand-in tiles are drawn in. */
const COLOURS: [RegExp, [number, number, number]][] = [
  [/ChinaOnlineCommunity/, [236, 214, 170]],
  [/PurplishBlue/, [40, 48, 92]],
  [/StreetGray/, [190, 190, 190]],
  [/StreetWarm/, [245, 200, 160]],
  [/StreetCold/, [170, 205, 235]],
  [/tianditu\.gov\.cn\/(img|cia)_w/, [70, 95, 60]],
  [/tianditu\.gov\.cn/, [225, 235, 215]],
  [/autonavi\.com.*style=6/, [80, 90, 70]],
  [/autonavi\.com/, [245, 240, 225]],
]

/** Serves a config with providers and answers every outside tile request here; returns what was asked. */
async function withProviders(page: Page, config: Record<string, unknown>): Promise<string[]> {
  const asked: string[] = []
  await page.route('**/config.json', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ...CONFIG, ...config }) }),
  )
  await page.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => {
    const url = route.request().url()
    asked.push(url)
    const colour = COLOURS.find(([re]) => re.test(url))?.[1] ?? [255, 0, 255]
    return route.fulfill({ contentType: 'image/png', body: tilePng(colour) })
  })
  return asked
}

test('community styles from the runtime config are offered in the base switcher and each draws its own tiles', async ({ page }) => {
  const asked = await withProviders(page, {
    tileKeys: { tianditu: 'test-key', gaode: 'test-key' },
    geoqStyles: ['colour', 'purple-blue', 'grey', 'warm', 'cold'],
  })
  await openCore(page)
  const select = page.getByTestId('base-style')
  await expect(select).toBeVisible()
  await select.click()
  const options = page.locator('.ant-select-item-option')
  await expect(options).toHaveText([
    '天地图',
    '高德地图',
    'GeoQ 彩色版',
    'GeoQ 蓝黑版',
    'GeoQ 灰色版',
    'GeoQ 暖色版',
    'GeoQ 冷色版',
    '离线底图',
  ])
  await page.keyboard.press('Escape')
  // the default is the first: Tianditu's vector map with its annotation
  await expect.poll(() => asked.some((u) => u.includes('tianditu.gov.cn/vec_w') && u.includes('tk=test-key'))).toBe(true)
  await expect.poll(() => asked.some((u) => u.includes('tianditu.gov.cn/cva_w'))).toBe(true)
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-base-tianditu') })
  const pick = async (name: string) => {
    await select.click()
    await page.locator('.ant-select-item-option', { hasText: name }).click()
    await expect(select).toContainText(name)
  }
  for (const [name, service, file] of [
    ['GeoQ 彩色版', 'ChinaOnlineCommunity', 'colour'],
    ['GeoQ 蓝黑版', 'ChinaOnlineStreetPurplishBlue', 'purple-blue'],
    ['GeoQ 灰色版', 'ChinaOnlineStreetGray', 'grey'],
    ['GeoQ 暖色版', 'ChinaOnlineStreetWarm', 'warm'],
    ['GeoQ 冷色版', 'ChinaOnlineStreetCold', 'cold'],
  ]) {
    const before = asked.length
    await pick(name)
    await expect
      .poll(
        () => asked.slice(before).filter((u) => u.startsWith(`https://map.geoq.cn/ArcGIS/rest/services/${service}/MapServer/tile/`)).length,
      )
      .toBeGreaterThan(0)
    // the community tiles are GCJ-02: the parcel tiles are asked for shifted
    await expect(page.getByTestId('tiles-parcels')).toHaveAttribute('data-url', /\?crs=gcj02$/)
    await page.waitForTimeout(800)
    await page.screenshot({ path: shot(`core-base-geoq-${file}`) })
  }
  await pick('高德地图')
  await expect.poll(() => asked.some((u) => /webrd0[1-4]\.is\.autonavi\.com/.test(u))).toBe(true)
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-base-gaode') })
  await pick('离线底图')
  await expect(page.getByTestId('tiles-parcels')).toHaveAttribute('data-url', /\.pbf$/)
  // 影像 takes the national imagery pair (Tianditu is configured)
  const before = asked.length
  await page.getByTestId('base-imagery').click()
  await expect.poll(() => asked.slice(before).filter((u) => /tianditu\.gov\.cn\/(img|cia)_w/.test(u)).length).toBeGreaterThan(1)
  await page.waitForTimeout(800)
  await page.screenshot({ path: shot('core-base-tianditu-imagery') })
})

test('nothing configured: no style select and no tile request leaves the machine', async ({ page }) => {
  const asked = await withProviders(page, {})
  await openCore(page)
  await expect(page.getByTestId('base-switcher')).toBeVisible()
  await expect(page.getByTestId('base-style')).toHaveCount(0)
  await page.getByTestId('base-imagery').click()
  await page.waitForTimeout(1000)
  await page.getByTestId('base-vector').click()
  await page.waitForTimeout(500)
  expect(asked).toEqual([])
})

test('over Gaode, parcel tiles are drawn at the gcoord GCJ-02 position; over the offline base unshifted', async ({ page }) => {
  for (const gaode of [true, false]) {
    await page.unrouteAll()
    await withProviders(page, gaode ? { tileKeys: { tianditu: '', gaode: 'test-key' } } : {})
    await openCore(page)
    const tileUrls: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/api/tiles/parcels/')) tileUrls.push(r.url())
    })
    // clusters off, so that a click at a parcel's centre reaches the parcel
    await page.getByTestId('layer-management').hover()
    await page.getByTestId('lm-layer-企业聚合').click()
    await page.mouse.move(700, 860)
    const parcels = await api<{ list: { id: number; landCode: string }[] }>(page, '/api/industryMap/landList?page=1&pageSize=20')
    const target = parcels.list[0]
    await openParcel(page, target.landCode)
    await page.locator('.ant-drawer-close').click()
    await expect(page.getByTestId('detail-drawer')).toBeHidden()
    await expect(page.getByTestId('tiles-parcels')).toHaveAttribute('data-url', gaode ? /\?crs=gcj02$/ : /\.pbf$/)
    await expect.poll(() => tileUrls.filter((u) => u.includes('/16/')).length).toBeGreaterThan(0)
    expect(tileUrls.every((u) => u.endsWith('crs=gcj02') === gaode)).toBe(true)
    // the search put the parcel's inner point in the middle of the map between the side panel and
    // the drawer; 选点 reads it back in WGS84
    const box = (await page.getByTestId('map-host').boundingBox())!
    const centre = { x: box.x + (SIDE_PANEL_INSET + box.width - DETAIL_DRAWER_WIDTH) / 2, y: box.y + box.height / 2 }
    await page.getByTestId('range-选点').click()
    await page.mouse.click(centre.x, centre.y)
    await expect(page.getByTestId('range-point')).toHaveText(/已选点：/)
    const [lng, lat] = ((await page.getByTestId('range-point').textContent()) ?? '').replace('已选点：', '').split(',').map(Number)
    const p = (await apiPost<{ list: { lng: number; lat: number }[] }>(page, '/api/cloudChart/search', { keyword: target.landCode }))
      .list[0]
    // within a few metres: the centre shows the WGS84 point p (drawn at GCJ-02 p over Gaode, at p
    // otherwise) ...
    expect(Math.hypot(lng - p.lng, lat - p.lat)).toBeLessThan(5e-5)
    // ... and the same click landed on the parcel: it is drawn there, not 400–500 m away where
    // its unshifted outline would be at this zoom (16), further than the parcel's own size
    await expect(page.getByTestId('parcel-attributes')).toContainText(target.landCode)
    await page.waitForTimeout(600) // the drawer's opening animation
    await page.screenshot({ path: shot(gaode ? 'core-gcj02-parcel-gaode' : 'core-gcj02-parcel-offline') })
    await page.locator('.ant-drawer-close').click()
  }
})
