/** 统计报表 routes (docs/product.md §2): both entry points of each report show its page, not the placeholder. */
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../../../src/domain/route-table'
import { PAGE_REGISTRY, pageComponent } from '../../../../src/web/app/page-registry'
import { REPORT_PAGES_REGISTRY } from '../../../../src/web/app/pages/report-pages'

describe('report pages', () => {
  it.each(['area', 'industry', 'yddw', 'gyyd', 'dxyd'])('/system and /systems statisticalReport/%s share one real page', (leaf) => {
    const pages = ['/system', '/systems'].map((top) => ROUTES.find((r) => r.path === `${top}/statisticalReport/${leaf}`)?.page)
    expect(pages).toEqual([`/system/statisticalReport/${leaf}`, `/system/statisticalReport/${leaf}`])
    expect(pageComponent(pages[0] as string)).toBe(REPORT_PAGES_REGISTRY[`/system/statisticalReport/${leaf}`])
    expect(pageComponent(pages[0] as string)).not.toBe(PAGE_REGISTRY.placeholder)
  })
})
