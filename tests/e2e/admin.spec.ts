/**
 * Issue 3 in real Chromium: an admin creates a role, grants it menus, creates a user with it; the
 * user's first sign-in forces a password change, then the user sees exactly those menus. Every
 * admin page is opened and saved as a screenshot; 字典项管理 and 行政区划 open with their first
 * choice already made, and /systems lands on 地块信息.
 */
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn, stored } from './helpers'
import { buildZip } from '../fixtures/make/zip-writer'

const ROLE = { name: '巡查员', code: 'PATROL_E2E' }
const USER = { username: 'patrol01', realName: '周巡查' }

/** Ticks a menu in the grant tree (expanding the given ancestors first). */
async function tick(page: Page, path: string[]) {
  const tree = page.getByTestId('grant-tree')
  const node = (title: string) =>
    tree
      .locator('.ant-tree-treenode')
      .filter({ has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${title}$`) }) })
      .first()
  for (const ancestor of path.slice(0, -1)) {
    const switcher = node(ancestor).locator('.ant-tree-switcher')
    // a node that is still sliding in (the tree's expand motion) ignores clicks: try until it opens
    await expect(async () => {
      if (!(await switcher.getAttribute('class'))?.includes('ant-tree-switcher_open')) await switcher.click()
      await expect(switcher).toHaveClass(/ant-tree-switcher_open/, { timeout: 1000 })
    }).toPass()
  }
  const box = node(path[path.length - 1]).locator('.ant-tree-checkbox')
  await box.click()
  await expect(box).toHaveClass(/ant-tree-checkbox-checked/)
}

test('admin creates a role with menus and a user; the first sign-in forces a password change; the user sees exactly those menus', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026')

  // 角色管理: new role
  await page.goto('/admin/setting/role')
  await page.getByTestId('role-add').click()
  await page.getByTestId('role-form-name').fill(ROLE.name)
  await page.getByTestId('role-form-code').fill(ROLE.code)
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click()
  await expect(page.getByTestId('role-table')).toContainText(ROLE.code)

  // grant: 字典管理 and 操作日志 of 系统管理, and the whole 全生命周期 group's menu
  await page.getByTestId(`role-grant-${ROLE.code}`).click()
  await expect(page.getByTestId('grant-tree')).toBeVisible()
  await tick(page, ['系统平台', '系统管理', '系统设置', '字典管理'])
  await tick(page, ['系统平台', '系统管理', '系统设置', '操作日志'])
  await tick(page, ['全生命周期', '全生命周期'])
  await page.screenshot({ path: shot('admin-role-grant'), fullPage: true })
  await page.getByTestId('grant-save').click()
  await expect(page.getByText(/已授权 11 个菜单页面/)).toBeVisible()

  // 用户管理: new user with the role; the one-time password is shown once
  await page.goto('/admin/setting/user')
  await page.getByTestId('user-add').click()
  await page.getByTestId('user-form-username').fill(USER.username)
  await page.getByTestId('user-form-realname').fill(USER.realName)
  await page.getByTestId('user-form-roles').click()
  // the list holds more roles than it draws (经信科长, 土地科长, 企业 …): the name filters it
  await page.keyboard.type(ROLE.name)
  await page.locator('.ant-select-item-option', { hasText: ROLE.name }).click()
  await page.keyboard.press('Escape')
  await page
    .getByRole('dialog', { name: '新增用户' })
    .getByRole('button', { name: /保\s*存/ })
    .click()
  const otp = (await page.getByTestId('one-time-password').textContent())?.trim() ?? ''
  expect(otp).toMatch(/^.{14}$/)
  await page.screenshot({ path: shot('admin-user-one-time-password'), fullPage: true })
  await page.getByRole('button', { name: '我已记下' }).click()
  await expect(page.getByTestId('user-table')).toContainText(USER.username)
  await expect(page.getByTestId('user-table')).toContainText('待改密')
  await page.getByTestId('header-logout').click()

  // first sign-in: the change form instead of any page
  await signIn(page, USER.username, otp)
  await expect(page.getByTestId('forced-password-change')).toBeVisible()
  await expect(page.getByText('首次登录，请修改初始密码')).toBeVisible()
  await page.getByTestId('change-password-old').fill(otp)
  await page.getByTestId('change-password-new').fill('abcdefgh')
  await page.getByTestId('change-password-confirm').fill('abcdefgh')
  await page.getByTestId('change-password-submit').click()
  await expect(page.getByText('密码须包含小写字母、大写字母、数字、特殊字符中的至少3类').first()).toBeVisible()
  await page.screenshot({ path: shot('forced-password-change'), fullPage: true })
  await page.getByTestId('change-password-new').fill('Xuncha#2026')
  await page.getByTestId('change-password-confirm').fill('Xuncha#2026')
  await page.getByTestId('change-password-submit').click()

  // lands on the first granted route; the menus are exactly the granted ones
  await expect(page).toHaveURL(/\/admin\/setting\/dict$/)
  await expect(page.getByTestId('admin-dict-page')).toBeVisible()
  const items = await page.getByTestId('side-menu').locator('.ant-menu-item').allTextContents()
  expect(items).toEqual(['字典管理', '操作日志'])
  const user = JSON.parse((await stored(page, 'user')) ?? '{}')
  expect(user.mustChangePassword).toBe(false)
  const leaves: string[] = []
  const walk = (list: { menuRoute: string; children: unknown[] }[]) =>
    list.forEach((m) => (m.children.length ? walk(m.children as typeof list) : leaves.push(m.menuRoute)))
  Object.values(user.menus as Record<string, { menuRoute: string; children: unknown[] }[]>).forEach(walk)
  expect(leaves.sort()).toEqual(
    [
      '/admin/setting/dict',
      '/admin/setting/rz',
      '/landLifeCycle/allLifeCycle',
      '/landLifeCycle/onebook',
      ...['xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj'].map((s) => `/landLifeCycle/projectManager/${s}`),
    ].sort(),
  )
  await page.screenshot({ path: shot('patrol-landing'), fullPage: true })

  // a page without a grant is 403, and its API is refused too
  await page.goto('/admin/setting/user')
  await expect(page).toHaveURL(/\/403$/)
  // the operation log shows this user's sign-ins and the password change
  await page.goto('/admin/setting/rz')
  await page.getByTestId('rz-username').fill(USER.username)
  await page.getByTestId('rz-search').click()
  await expect(page.getByTestId('rz-table')).toContainText('修改本人密码')
  await expect(page.getByTestId('rz-table')).toContainText('登录')
})

const PAGES: [string, string, RegExp | string][] = [
  ['user', 'admin-user-page', 'admin'],
  ['role', 'admin-role-page', '超级管理员'],
  ['resource', 'admin-resource-page', '/system'],
  ['organization', 'admin-organization-page', '浙江省自然资源厅'],
  ['region', 'admin-region-page', '浙江省'],
  ['dict', 'admin-dict-page', 'parcel_status'],
  ['dictitem', 'admin-dictitem-page', '已供未建'],
  ['regionrecoup', 'admin-regionrecoup-page', '杭州市'],
  ['device', 'admin-device-page', 'ZJDEV'],
  ['app', 'admin-app-page', '还没有上传任何版本'],
  ['rz', 'admin-rz-page', '登录'],
  ['mapLayer', 'admin-map-layer-page', '工业用地'],
]

test('every admin page opens with its data, and is saved as a screenshot', async ({ page }) => {
  await signIn(page, 'ops', 'Ops@2026')
  for (const [name, testId, text] of PAGES) {
    await page.goto(`/admin/setting/${name}`)
    await expect(page.getByTestId(testId)).toBeVisible()
    await expect(page.getByTestId(testId)).toContainText(text)
    await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
    await page.screenshot({ path: shot(`admin-${name}`), fullPage: true })
  }
  // the region tree: 浙江省 (open from the start) → 杭州市 → 上城区, with its streets and a new development zone
  await page.goto('/admin/setting/region')
  const tree = page.getByTestId('region-tree')
  await tree
    .locator('.ant-tree-treenode', { hasText: /^杭州市$/ })
    .locator('.ant-tree-switcher')
    .click()
  await tree.getByText('上城区', { exact: true }).click()
  await expect(page.getByTestId('region-children')).toContainText('街道')
  await page.getByTestId('region-add-unit').click()
  await page.getByTestId('region-unit-name').fill('上城数字经济园')
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /保\s*存/ })
    .click()
  await expect(page.getByTestId('region-children')).toContainText('330102401')
  await expect(page.getByRole('dialog')).toBeHidden()
  await page.screenshot({ path: shot('admin-region-county'), fullPage: true })
  // dictionary items of another dictionary, chosen at the top
  await page.goto('/admin/setting/dictitem')
  await page.getByTestId('dictitem-dict').click()
  await page.locator('.ant-select-item-option', { hasText: '供地方式' }).click()
  await expect(page).toHaveURL(/dictId=/)
  await expect(page.getByTestId('dictitem-table')).toContainText('划拨')
  await expect(page.getByTestId('dictitem-table')).not.toContainText('已供未建')
  await expect(page.locator('.ant-select-dropdown:visible')).toHaveCount(0)
  await page.screenshot({ path: shot('admin-dictitem-items'), fullPage: true })
})

test('字典项管理 opens on the first dictionary with its items, 行政区划 on the province with its cities, /systems on 地块信息 — no click needed', async ({
  page,
}) => {
  await signIn(page, 'admin', 'Admin@2026')

  await page.goto('/admin/setting/dictitem')
  await expect(page.getByTestId('dictitem-dict')).toContainText('地块状态（parcel_status）')
  const items = page.getByTestId('dictitem-table').locator('tbody tr[data-row-key]')
  await expect(items).toHaveCount(6)
  await expect(items.first()).toContainText('已供未建')
  await expect(page.getByTestId('admin-dictitem-page')).not.toContainText('请选择')
  // items are added to the dictionary shown
  await expect(page.getByRole('button', { name: /新增字典项/ })).toBeEnabled()
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  await page.screenshot({ path: shot('admin-dictitem-default'), fullPage: true })

  await page.goto('/admin/setting/region')
  const children = page.getByTestId('region-children')
  await expect(page.getByTestId('admin-region-page')).toContainText('浙江省（330000）')
  await expect(children).toContainText('杭州市')
  await expect(children.locator('tbody tr[data-row-key]')).toHaveCount(11)
  // the tree is open on the province too, its cities listed under it
  await expect(page.getByTestId('region-tree').locator('.ant-tree-treenode', { hasText: /^杭州市$/ })).toBeVisible()
  await expect(page.locator('.ant-spin-spinning')).toHaveCount(0)
  await page.screenshot({ path: shot('admin-region-default'), fullPage: true })

  await page.goto('/systems')
  await expect(page).toHaveURL(/\/system\/IndustryMap\/Dkxx$/)
  await expect(page.getByTestId('parcel-list').locator('tbody tr[data-row-key]').first()).toBeVisible()
  await expect(page.locator('.ant-spin-spinning, .ant-spin-blur')).toHaveCount(0)
  await page.screenshot({ path: shot('systems-landing'), fullPage: true })
})

test('an app package is uploaded from the browser; a failed load shows the message with 重试', async ({ page }) => {
  await signIn(page, 'ops', 'Ops@2026')
  await page.goto('/admin/setting/app')
  await page.getByTestId('app-upload').click()
  const form = page.getByRole('dialog', { name: '上传新版本' })
  await form.getByLabel('版本号').fill('150')
  await form.getByLabel('版本名称').fill('1.5.0')
  await form.getByLabel('更新说明').fill('新增外业巡查拍照定位')
  // a package the server takes: a ZIP holding AndroidManifest.xml, 64 KB in all
  const manifest = { name: 'AndroidManifest.xml', data: Buffer.from('<manifest package="cn.zjland.app"/>'), method: 0 as const }
  const overhead = buildZip([manifest, { name: 'res/pad.bin', data: new Uint8Array(0), method: 0 }]).length
  const apk = buildZip([manifest, { name: 'res/pad.bin', data: new Uint8Array(64 * 1024 - overhead).fill(7), method: 0 }])
  await form
    .locator('input[type=file]')
    .setInputFiles({ name: 'zjland-1.5.0.apk', mimeType: 'application/vnd.android.package-archive', buffer: apk })
  await form.getByRole('button', { name: /上\s*传/ }).click()
  await expect(form).toBeHidden()
  await expect(page.getByTestId('admin-app-page')).toContainText('zjland-1.5.0.apk（64.0 KB）')
  await page.screenshot({ path: shot('admin-app-uploaded'), fullPage: true })

  await page.route('**/api/device/info/list**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 500, message: '服务器内部错误（请求编号 e2e）', data: null }),
    }),
  )
  await page.goto('/admin/setting/device')
  await expect(page.getByTestId('load-error')).toContainText('加载失败：服务器内部错误（请求编号 e2e）')
  await page.screenshot({ path: shot('admin-load-error'), fullPage: true })
  await page.unroute('**/api/device/info/list**')
  await page
    .getByTestId('load-error')
    .getByRole('button', { name: /重\s*试/ })
    .click()
  await expect(page.getByTestId('load-error')).toBeHidden()
  await expect(page.getByTestId('admin-device-page')).toContainText('ZJDEV')
})

test('a user without the admin grants gets 403 on every admin page', async ({ page }) => {
  await signIn(page, 'leader', 'Leader@2026')
  for (const name of ['user', 'role', 'rz']) {
    await page.goto(`/admin/setting/${name}`)
    await expect(page).toHaveURL(/\/403$/)
  }
})
