/**
 * 地图图层 (/admin/setting/mapLayer) in Chromium: the list from the API with search and paging,
 * the form refusing a bad url and opacity by field, a saved layer showing up in 资源云图's layer
 * control, and delete only after confirming.
 */
import { expect, test } from '@playwright/test'
import { shot, signIn } from './helpers'

test('layers: search, add with field checks, shown on the map, delete after confirming', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, 'admin', 'Admin@2026')
  await page.goto('/admin/setting/mapLayer')
  const table = page.getByTestId('admin-map-layer-page').locator('.ant-table-tbody')
  await expect(table.locator('tr.ant-table-row')).toHaveCount(4)
  await expect(page.getByText('共 4 条')).toBeVisible()
  await page.getByTestId('layer-search').locator('input').fill('tiles/parcels')
  await page.getByTestId('layer-search').locator('input').press('Enter')
  await expect(table.locator('tr.ant-table-row')).toHaveCount(1)
  await expect(table).toContainText('工业用地')
  await expect(page).toHaveURL(/keyword=tiles%2Fparcels/)
  await page.getByTestId('layer-search').locator('input').fill('没有这个图层')
  await page.getByTestId('layer-search').locator('input').press('Enter')
  await expect(page.getByText('没有符合条件的图层')).toBeVisible()
  await page.getByTestId('layer-search').locator('input').fill('')
  await page.getByTestId('layer-search').locator('input').press('Enter')
  await expect(table.locator('tr.ant-table-row')).toHaveCount(4)
  await page.screenshot({ path: shot('admin-map-layer-list'), fullPage: true })

  await page.getByRole('button', { name: '新增图层' }).click()
  const dialog = page.getByRole('dialog', { name: '新增图层' })
  await page.getByTestId('layer-form-name').fill('规划路网')
  await page.getByTestId('layer-form-url').fill('https://tiles.example.cn/road.png')
  await page.getByTestId('layer-form-opacity').fill('1.5')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await expect(dialog.getByText('瓦片服务地址应含 {x}、{y}、{z} 占位符')).toBeVisible()
  await expect(dialog.locator('.ant-form-item-explain-error', { hasText: '透明度' })).toBeVisible()
  await page.screenshot({ path: shot('admin-map-layer-form-errors') })
  await page.getByTestId('layer-form-url').fill('https://tiles.example.cn/road/{z}/{x}/{y}.png')
  await page.getByTestId('layer-form-opacity').fill('0.6')
  await dialog.getByRole('button', { name: /保\s*存/ }).click()
  await expect(dialog).toBeHidden()
  await expect(table.locator('tr.ant-table-row')).toHaveCount(5)
  await expect(table).toContainText('规划路网')

  // 资源云图 lists it in the layer control (a title layer of the 业务图层 group)
  await page.goto('/system/core')
  await expect(page.getByTestId('map-host')).toHaveAttribute('data-loaded', 'true', { timeout: 30_000 })
  await page.getByTestId('layer-control').getByRole('button', { name: '图层控制' }).click()
  await expect(page.getByTestId('lc-layer-规划路网')).toBeVisible()

  await page.goto('/admin/setting/mapLayer')
  const row = table.locator('tr.ant-table-row', { hasText: '规划路网' })
  await row.getByRole('button', { name: '删除' }).click()
  const confirm = page.locator('.ant-modal-confirm')
  await expect(confirm).toContainText('删除图层“规划路网”？')
  await confirm.getByRole('button', { name: /取\s*消/ }).click()
  await expect(table.locator('tr.ant-table-row')).toHaveCount(5)
  await row.getByRole('button', { name: '删除' }).click()
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定/ })
    .click()
  await expect(table.locator('tr.ant-table-row')).toHaveCount(4)

  // 图层组 tab: counts, and deleting a group says what goes with it
  await page.getByRole('tab', { name: '图层组' }).click()
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2)
  await expect(table.locator('tr.ant-table-row', { hasText: '业务图层' })).toContainText('3')
  await table.locator('tr.ant-table-row', { hasText: '业务图层' }).getByRole('button', { name: '删除' }).click()
  await expect(page.locator('.ant-modal-confirm')).toContainText('其下 3 个图层将一并删除')
  await page.screenshot({ path: shot('admin-map-layer-groups') })
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /取\s*消/ })
    .click()
  await expect(table.locator('tr.ant-table-row')).toHaveCount(2)
})
