/**
 * 更正 of a closed year in real Chromium (docs/domain.md "Closed years"): econ corrects a published
 * year's 实缴税金 on 评价监测 and is told it went to 评价审定; econlead finds it on 评价审定 beside the
 * models and norms and approves it; the inputs then show "已更正" with the published and restated
 * values on hover, and the leader's wall of the year says 含已更正数据. Each screen is saved.
 */
import { expect, test } from '@playwright/test'
import { shot, signIn, signOut } from './helpers'

test('a published year’s correction waits for 评价审定 and is marked 已更正 once approved', async ({ page }) => {
  // four sign-ins, three pages and a wall: more than the default minute on a busy 2-core machine
  test.setTimeout(240_000)
  await signIn(page, 'econ', 'Econ@2026')
  await page.goto('/enterprise/appraise/monitoring')
  const edit = page.locator('[data-testid^="input-edit-"]').first()
  await expect(edit).toBeVisible()
  const enterpriseId = (await edit.getAttribute('data-testid'))!.replace('input-edit-', '')
  await edit.click()
  const modal = page.locator('.ant-modal').filter({ hasText: '更正年度指标' })
  await expect(modal.getByTestId('closed-year')).toContainText('本年度指标已关账')
  const form = modal.getByTestId('correction-form')
  await form.locator('.ant-select').first().click()
  await page.locator('.ant-select-item-option').filter({ hasText: '实缴税金' }).first().click()
  await form.getByPlaceholder('更正后数值').fill('9999')
  await form.getByPlaceholder('更正原因（必填）').fill('税务部门补报第四季度税款')
  await modal.getByRole('button', { name: '提交更正审定' }).click()
  await expect(page.locator('.ant-message')).toContainText('已提交评价审定')
  await edit.click()
  await expect(modal.getByTestId('pending-mark')).toBeVisible()
  await page.screenshot({ path: shot('restatement-pending') })
  await page.keyboard.press('Escape')
  await signOut(page)

  await signIn(page, 'econlead', 'Econlead@2026')
  await page.goto('/enterprise/appraise/approve')
  const card = page.locator('[data-testid^="pending-restatement-"]').first()
  await expect(card).toContainText('已发布年度更正')
  await page.screenshot({ path: shot('restatement-approve'), fullPage: true })
  await card.locator('[data-testid^="pending-pass-restatement-"]').click()
  await page
    .locator('.ant-modal-confirm')
    .getByRole('button', { name: /确\s*定|确认|OK/ })
    .click()
  await expect(page.locator('.ant-message')).toContainText('已审定通过')
  await signOut(page)

  await signIn(page, 'econ', 'Econ@2026')
  await page.goto('/enterprise/appraise/monitoring')
  await page.getByTestId(`input-edit-${enterpriseId}`).click()
  const mark = modal.getByTestId('input-items').getByTestId('restated-mark')
  await expect(mark).toBeVisible()
  await mark.hover()
  await expect(page.getByTestId('restated-tip')).toContainText('更正值：9999 万元')
  await expect(page.getByTestId('restated-tip')).toContainText('税务部门补报第四季度税款')
  await page.screenshot({ path: shot('restatement-marked') })
  await modal.getByRole('button', { name: /取\s*消/ }).click()
  await expect(modal).toBeHidden()
  await signOut(page)

  // the leader's wall of the year says its figures hold a 更正
  await signIn(page, 'leader', 'Leader@2026')
  await page.goto('/bigData/classify')
  await expect(page.getByTestId('screen-restated')).toHaveText(/^含已更正数据 [1-9]\d* 项$/, { timeout: 30_000 })
  await expect(page.getByTestId('screen-restated')).toHaveAttribute('title', /实缴税金：发布 [\d.]+ → 更正 9999 万元/)
  await page.screenshot({ path: shot('restatement-wall') })
})
