/**
 * 盘活成效 (docs/product.md §2 /land/result), keyed by canonical path (route-table `pageKeyOf`).
 * The map loads with 成效地图 only.
 */
import { lazyNamed, type Lazy } from './lazy-named'

/** page key → lazy component of 盘活成效 */
export const REVITALIZE_RESULT_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  '/land/result/resultAbstract': lazyNamed(
    () => import('../../features/revitalize-result/pages/result-abstract-page'),
    'ResultAbstractPage',
  ),
  '/land/result/resultMap': lazyNamed(() => import('../../features/revitalize-result/pages/result-map-page'), 'ResultMapPage'),
}
