/** 盘活利用 pages (docs/product.md §2 /land/revitalize/*), keyed by canonical path (route-table `pageKeyOf`). */
import { lazyNamed, type Lazy } from './lazy-named'

const rv = (leaf: string) => `/land/revitalize/${leaf}`

/** page key → lazy component of 盘活概况, 盘活方案, 盘活监管 and 处置审定 */
export const REVITALIZE_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [rv('revitalizeAbstract')]: lazyNamed(() => import('../../features/revitalize/pages/abstract-page'), 'RevitalizeAbstractPage'),
  [rv('revitalizePlan')]: lazyNamed(() => import('../../features/revitalize/pages/plan-page'), 'RevitalizePlanPage'),
  [rv('revitalizeRegulatory')]: lazyNamed(() => import('../../features/revitalize/pages/regulatory-page'), 'RevitalizeRegulatoryPage'),
  // 处置审定 (issue 28): the land 审定 of 盘活方案 and 闲置土地 处置决定
  '/land/approve': lazyNamed(() => import('../../features/land-approve/pages/approve-page'), 'LandApprovePage'),
}
