import { expect, type Page } from '@playwright/test'

/** Where a spec saves what it looked at, for a person to open. */
export const shot = (name: string) => `test-results/screens/${name}.png`

/** Signs in through the real login page. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login')
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await expect(page).not.toHaveURL(/\/login$/)
}

/** Reads a product entry of local storage (spec §3: prefix polar_). */
export async function stored(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), `polar_${key}`)
}

/** In-app navigation (what a link does), so the router sees where the user came from. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  // the router keeps its own index in history.state; a pop with the next index is a navigation to it
  await page.evaluate((p) => {
    history.pushState({ usr: null, key: 'e2e', idx: ((history.state?.idx as number) ?? 0) + 1 }, '', p)
    dispatchEvent(new PopStateEvent('popstate', { state: history.state }))
  }, path)
}
