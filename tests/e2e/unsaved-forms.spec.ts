/**
 * Forms never lose a user's input without a question (issue 18, finding 9): switching the tab of
 * 工业用地录入, leaving the page by the menu and closing an edit drawer ask first; what was typed
 * is kept for the session and comes back; Enter in a one-line field moves on instead of sending.
 */
import { expect, test, type Page } from '@playwright/test'
import { shot, signIn } from './helpers'

const QUESTION = '有未保存的修改'

/** The open confirmation's button. */
async function answer(page: Page, text: '离开' | '继续填写') {
  const dialog = page.locator('.ant-modal-confirm').filter({ hasText: QUESTION })
  await expect(dialog).toBeVisible()
  // antd spaces a two-character button label (离 开)
  await dialog.getByRole('button', { name: new RegExp(text.split('').join('\\s?')) }).click()
  await expect(dialog).toBeHidden()
}

test('工业用地录入: a tab switch and the menu ask first, the typed values come back, Enter moves to the next field', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto('/system/data/center/gyydInput')
  const editor = page.getByTestId('record-editor-parcel')
  const code = editor.getByLabel('宗地代码', { exact: true })
  const name = editor.getByLabel('地块名称', { exact: true })
  await code.fill('330106001002GB00001')
  // Enter in a one-line field goes on to the next field; nothing is sent
  await code.press('Enter')
  await expect(name).toBeFocused()
  await name.fill('未保存的测试地块')
  await name.press('Enter')
  await expect(page.getByText('提交审核前请填写全部必填项')).toHaveCount(0)

  // another tab: asked; 继续填写 keeps the form as it is
  await page.getByRole('tab', { name: '我的新增与草稿' }).click()
  await answer(page, '继续填写')
  await expect(name).toHaveValue('未保存的测试地块')
  await page.screenshot({ path: shot('unsaved-tab-question') })

  // the menu to another page: asked; 继续填写 stays on the page
  await page.getByTestId('side-menu').getByText('数据采集').click()
  await answer(page, '继续填写')
  await expect(page).toHaveURL(/\/gyydInput/)

  // leaving by the tab, then back: the session's draft is restored
  await page.getByRole('tab', { name: '我的新增与草稿' }).click()
  await answer(page, '离开')
  await expect(page).toHaveURL(/tab=mine/)
  await page.getByRole('tab', { name: '新增地块' }).click()
  await expect(page.getByTestId('draft-restored')).toBeVisible()
  await expect(editor.getByLabel('地块名称', { exact: true })).toHaveValue('未保存的测试地块')
  await expect(editor.getByLabel('宗地代码', { exact: true })).toHaveValue('330106001002GB00001')
  await page.screenshot({ path: shot('unsaved-draft-restored') })

  // 放弃这些内容: the form is empty again and leaving asks nothing
  await page.getByTestId('draft-discard').click()
  await expect(editor.getByLabel('地块名称', { exact: true })).toHaveValue('')
  await page.getByRole('tab', { name: '我的新增与草稿' }).click()
  await expect(page).toHaveURL(/tab=mine/)
  await expect(page.locator('.ant-modal-confirm')).toHaveCount(0)
})

test('a dirty form: a full navigation (address bar) still leaves, the session keeps the draft', async ({ page }) => {
  await signIn(page, 'clerk', 'Clerk@2026')
  await page.goto('/system/data/center/gyydInput')
  const editor = page.getByTestId('record-editor-parcel')
  await editor.getByLabel('地块名称', { exact: true }).fill('地址栏离开')
  await page.goto('/system/data/center/sjcj')
  await expect(page).toHaveURL(/\/sjcj$/)
  await page.goto('/system/data/center/gyydInput')
  await expect(page.getByTestId('record-editor-parcel').getByLabel('地块名称', { exact: true })).toHaveValue('地址栏离开')
})
