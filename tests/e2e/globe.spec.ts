/** Issue 5 in Chromium (SwiftShader): the offline globe, its parcels, themes, districts and the lifecycle replay. */
import fs from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import { stageAt } from '../../src/domain/lifecycle'
import { LIFECYCLE_STAGE_COLORS } from '../../src/domain/palettes'
import { timelineRows, type GlobeLifecycleTimeline, type GlobeParcelPage, type GlobeRegion } from '../../src/domain/contracts/globe'
import { shot, signIn } from './helpers'

/** Waits until the engine exists and the parcel batch is on the GPU. */
async function globeReady(page: Page): Promise<void> {
  await expect(page.getByTestId('globe-host')).toHaveAttribute('data-ready', 'true', { timeout: 45_000 })
  await page.waitForFunction(() => window.__globe !== undefined && window.__globe.parcels.ids().length > 0, null, { timeout: 45_000 })
  await page.evaluate(() => window.__globe!.parcels.ready())
}

/** Waits for a camera flight to end (two readings 300 ms apart agree). */
async function cameraSettled(page: Page) {
  let last = ''
  await expect
    .poll(
      async () => {
        const now = JSON.stringify(await page.evaluate(() => window.__globe!.camera()))
        const same = now === last
        last = now
        return same
      },
      { intervals: [300], timeout: 20_000 },
    )
    .toBe(true)
  return page.evaluate(() => window.__globe!.camera())
}

/** Requests that left the machine (the globe must work offline). */
function watchExternal(page: Page): string[] {
  const external: string[] = []
  page.on('request', (r) => {
    const u = new URL(r.url())
    if (u.hostname !== '127.0.0.1' && !['data:', 'blob:'].includes(u.protocol)) external.push(r.url())
  })
  return external
}

test('3D map: offline, themes with legends, district flight, ?landId= fly-to, click → 宗地代码 from the API, PNG', async ({ page }) => {
  // SwiftShader draws slowly: four themes, two flights and a reload take a few minutes on 2 cores
  test.setTimeout(240_000)
  const external = watchExternal(page)
  await signIn(page, 'leader', 'Leader@2026')
  const loaded = page.waitForResponse((r) => r.url().includes('/api/globe/parcels?'))
  const regionAnswer = page.waitForResponse((r) => r.url().endsWith('/api/globe/regions'))
  await page.goto('/system/3DMap')
  const parcels = ((await (await loaded).json()) as { data: GlobeParcelPage }).data.parcels
  const regions = ((await (await regionAnswer).json()) as { data: GlobeRegion[] }).data
  await globeReady(page)
  await expect(page.getByTestId('globe-parcel-count')).toHaveText(`当前视野 ${parcels.length} 个地块`)

  // themes: each switch changes the legend (and the colours); a screenshot of each
  const themes: [string, string, string[]][] = [
    ['用地状态', 'status', ['已投产', '在建', '已供未建', '闲置', '低效', '已收回']],
    ['低效用地', 'low', ['低效用地（含闲置）', '非低效（含疑似）']],
    ['亩均评价', 'appraisal', ['A类 优先支持', 'B类 提升发展', 'C类 调整转型', 'D类 整治淘汰', '未评价']],
    ['生命周期', 'stage', ['项目签约', '土地供应', '项目开工', '施工建设', '竣工验收', '项目投产', '项目评价', '无项目']],
  ]
  const sample = parcels.find((p) => p.lowEfficiency && p.appraisalClass === 'D') ?? parcels[0]
  const colours: string[] = []
  for (const [label, name, items] of themes) {
    await page.getByTestId('globe-theme').getByText(label, { exact: true }).click()
    // the 低效 theme says as of when (issue 29): today's 台账 of record
    await expect(page.getByTestId('globe-legend-title')).toHaveText(`图例：${label}${name === 'low' ? '（截至今日）' : ''}`)
    const rows = await page.getByTestId('globe-legend-item').allInnerTexts()
    expect(rows.map((r) => r.replace(/\s*\d+$/, ''))).toEqual(items)
    colours.push((await page.evaluate((id) => window.__globe!.parcels.colorOf(id), sample.id))!)
    await page.screenshot({ path: shot(`globe-theme-${name}`) })
  }
  expect(new Set(colours).size).toBeGreaterThan(1)

  // district picker flies the camera into 杭州市's box
  const hz = regions.find((r) => r.code === '330100')!
  const before = await cameraSettled(page)
  await page.getByTestId('globe-district-picker').click()
  await page.locator('.ant-select-tree').getByText('杭州市', { exact: true }).click()
  const after = await cameraSettled(page)
  expect(after.height).toBeLessThan(before.height)
  expect(after.lng).toBeGreaterThan(hz.bbox![0])
  expect(after.lng).toBeLessThan(hz.bbox![2])
  await page.screenshot({ path: shot('globe-district-hangzhou') })

  // ?landId= flies to the parcel and opens it; then a click on its screen position opens it again
  const target = parcels[0]
  await page.goto(`/system/3DMap?landId=${target.id}`)
  await globeReady(page)
  await expect(page.getByTestId('globe-info-land-code')).toHaveText(target.landCode)
  await page.getByRole('button', { name: '关闭' }).click()
  await expect(page.getByTestId('globe-info-panel')).toHaveCount(0)
  await cameraSettled(page)
  await page.evaluate(() => window.__globe!.parcels.ready())
  const at = await page.evaluate((id) => window.__globe!.screenPositionOf(id), target.id)
  expect(at).not.toBeNull()
  await page.mouse.click(at!.x, at!.y)
  await expect(page.getByTestId('globe-info-land-code')).toHaveText(target.landCode)
  // the leader does not hold 产业地图: no link to a 地块档案 that would end on 403 (route-links unit tests hold the href)
  await expect(page.getByTestId('globe-info-panel')).toContainText(target.landCode)
  await expect(page.getByTestId('globe-info-profile-link')).toHaveCount(0)
  await page.screenshot({ path: shot('globe-parcel-info') })

  // PNG export of the current view
  const download = page.waitForEvent('download')
  await page.getByTestId('globe-export').click()
  const file = await download
  expect(file.suggestedFilename()).toMatch(/^三维地图-\d{8}-\d{4}\.png$/)
  const png = fs.readFileSync(await file.path())
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG')
  expect(png.length).toBeGreaterThan(20_000)
  expect(external).toEqual([])
})

test('3D map: an unknown landId gives a clear notice, not a blank globe', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/system/3DMap?landId=99999999')
  await globeReady(page)
  await expect(page.getByTestId('globe-notice')).toContainText('未找到地块（landId=99999999）')
  await page.screenshot({ path: shot('globe-unknown-land') })
})

test('lifecycle globe: stage colours replay with the time slider; overdue counted', async ({ page }) => {
  test.setTimeout(180_000)
  const external = watchExternal(page)
  await signIn(page, 'land', 'Land@2026')
  const loaded = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/globe/lifecycle')
  await page.goto('/landLifeCycle/allLifeCycle')
  const projects = timelineRows(((await (await loaded).json()) as { data: GlobeLifecycleTimeline }).data)
  await globeReady(page)
  const end = (await page.getByTestId('lifecycle-date').innerText()).trim()
  const done = projects.find((p) => p.completionDate !== null)!
  const colourOf = (id: number) => page.evaluate((i) => window.__globe!.parcels.colorOf(i), id)
  await expect.poll(() => colourOf(done.id)).not.toBe('#9aa5b1')
  expect(stageAt(done, end)).not.toBeNull()
  const endColour = await colourOf(done.id)
  await page.screenshot({ path: shot('lifecycle-globe') })

  // slider to its start: the first signing day, when nearly nothing had started
  await page.getByTestId('lifecycle-timeline').getByRole('slider').focus()
  await page.keyboard.press('Home')
  const start = projects.map((p) => p.signedDate).sort()[0]
  await expect(page.getByTestId('lifecycle-date')).toHaveText(start)
  await expect.poll(() => colourOf(done.id)).toBe('#9aa5b1')
  expect(endColour).not.toBe('#9aa5b1')
  const overdueAtStart = await page.getByTestId('lifecycle-overdue-count').innerText()
  expect(overdueAtStart).toBe('0')
  await page.screenshot({ path: shot('lifecycle-globe-start') })

  // zoom to an overdue project to see its zones
  await page.keyboard.press('End')
  await expect(page.getByTestId('lifecycle-date')).toHaveText(end)
  const overdue = Number(await page.getByTestId('lifecycle-overdue-count').innerText())
  expect(overdue).toBeGreaterThan(0)
  const first = page.getByTestId('lifecycle-overdue').locator('.ant-list-item').first()
  const firstName = (await first.innerText()).trim()
  const picked = projects.find((p) => p.name === firstName && p.overdue)!
  // a fetch of the zones of a view around the picked project
  const around = (u: URL) => {
    const [w, so, e, n] = (u.searchParams.get('bbox') ?? '').split(',').map(Number)
    const [lng, lat] = picked.point!
    return u.pathname === '/api/globe/lifecycle/zones' && lng >= w && lng <= e && lat >= so && lat <= n && e - w < 1
  }
  const zonesLoaded = page.waitForResponse((r) => around(new URL(r.url())), { timeout: 30_000 })
  await first.click()
  await expect.poll(async () => (await page.evaluate(() => window.__globe!.camera())).height, { timeout: 20_000 }).toBeLessThan(20_000)
  await cameraSettled(page)
  // close in, the zones of the view come from the API: the picked project's land among them, coloured by its stage
  const zones = ((await (await zonesLoaded).json()) as { data: { zones: { projectId: number; kind: string }[] } }).data.zones
  expect(zones.filter((z) => z.projectId === picked.id).map((z) => z.kind)).toContain('指界')
  await page.evaluate(() => window.__globe!.parcels.ready())
  await expect.poll(() => colourOf(picked.id)).toBe(LIFECYCLE_STAGE_COLORS[stageAt(picked, end)!])
  // close up the parcel shows the stage; the overdue one keeps its red-ringed marker above it, the others' fade
  const ringed = (id: number) => page.evaluate((i) => window.__globe!.points.ringed(i), id)
  expect(await ringed(picked.id)).toBe(true)
  const onTime = projects.find((p) => p.point && !p.overdue)!
  expect(await ringed(onTime.id)).toBe(false)
  // the panel shows the picked project from its own read
  await expect(page.getByTestId('lifecycle-project')).toContainText(picked.name)
  await expect(page.getByTestId('lifecycle-project')).toContainText(`签约：${picked.signedDate}`)
  await page.screenshot({ path: shot('lifecycle-globe-zones') })
  expect(external).toEqual([])
})
