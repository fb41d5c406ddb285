/** Helpers of the wall specs: an API token for checking figures, and the wall's geometry checks. */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { passwordDigest } from '../../src/domain/password-digest'
import { yearsWithCurrent } from '../../src/domain/figures/catalogue'
import { todayInProductZone } from '../../src/domain/today'

/** Signs in over the API (the same contract as the page) and returns the token. */
export async function apiToken(request: APIRequestContext, username: string, password: string): Promise<string> {
  const salt = await (await request.get(`/api/user/getSalt?username=${username}`)).json()
  const res = await request.post('/api/login/do', { form: { username, password: passwordDigest(salt.data.salt, password) } })
  return (await res.json()).data.token as string
}

/** GET an API read with the token; returns `data`. */
export async function apiData<T>(
  request: APIRequestContext,
  token: string,
  url: string,
  params: Record<string, string | number> = {},
): Promise<T> {
  const q = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))
  const res = await request.get(`${url}?${q}`, { headers: { Authorization: `Bearer ${token}` } })
  expect(res.status(), url).toBe(200)
  return (await res.json()).data as T
}

/** Boxes of the canvas, the title bar and every widget. */
export async function wallBoxes(page: Page) {
  return page.evaluate(() => {
    const rect = (el: Element) => {
      const r = el.getBoundingClientRect()
      return { x: r.x, y: r.y, w: r.width, h: r.height }
    }
    const canvas = document.querySelector('[data-testid="screen-canvas"]') as HTMLElement
    const scroller = document.scrollingElement as HTMLElement
    return {
      canvas: rect(canvas),
      title: rect(document.querySelector('[data-testid="screen-title-bar"]') as Element),
      widgets: [...document.querySelectorAll('[data-widget]')].map((el) => ({ id: el.getAttribute('data-widget') as string, ...rect(el) })),
      scroll: { sw: scroller.scrollWidth, sh: scroller.scrollHeight, vw: innerWidth, vh: innerHeight },
    }
  })
}

/** No widget outside the canvas, none overlapping another or the title bar, no scrollbars. */
export function expectClean(b: Awaited<ReturnType<typeof wallBoxes>>) {
  const inside = (w: { x: number; y: number; w: number; h: number }) =>
    w.x >= b.canvas.x - 0.5 &&
    w.y >= b.canvas.y - 0.5 &&
    w.x + w.w <= b.canvas.x + b.canvas.w + 0.5 &&
    w.y + w.h <= b.canvas.y + b.canvas.h + 0.5
  const overlap = (p: { x: number; y: number; w: number; h: number }, q: { x: number; y: number; w: number; h: number }) =>
    p.x < q.x + q.w - 0.5 && q.x < p.x + p.w - 0.5 && p.y < q.y + q.h - 0.5 && q.y < p.y + p.h - 0.5
  expect(b.widgets.filter((w) => !inside(w)).map((w) => w.id)).toEqual([])
  const pairs: string[] = []
  for (let i = 0; i < b.widgets.length; i++) {
    if (overlap(b.widgets[i], b.title)) pairs.push(`${b.widgets[i].id}/title`)
    for (let j = i + 1; j < b.widgets.length; j++)
      if (overlap(b.widgets[i], b.widgets[j])) pairs.push(`${b.widgets[i].id}/${b.widgets[j].id}`)
  }
  expect(pairs).toEqual([])
  expect(b.scroll.sw).toBeLessThanOrEqual(b.scroll.vw)
  expect(b.scroll.sh).toBeLessThanOrEqual(b.scroll.vh)
}

/** The years a wall's 年度 picker offers (issue 29): the runtime yearList and the current year, newest first. */
export const wallYearOptions = (yearList: readonly number[]): number[] => [...yearsWithCurrent(yearList, todayInProductZone())].reverse()

/** A wall's default year: the current year (land and 低效 as of today), the newest on offer. */
export const wallDefaultYear = (yearList: readonly number[]): number => wallYearOptions(yearList)[0]
