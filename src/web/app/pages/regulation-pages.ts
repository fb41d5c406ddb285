/** 整治提升 pages (docs/product.md §2 /enterprise/regulation/*), keyed by canonical path (route-table `pageKeyOf`). */
import { lazyNamed, type Lazy } from './lazy-named'

const rg = (leaf: string) => `/enterprise/regulation/${leaf}`

/** page key → lazy component of 整治概况, 整治核查, 整治方案 and 整治监管 */
export const REGULATION_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [rg('abstract')]: lazyNamed(() => import('../../features/regulation/pages/abstract-page'), 'RegulationAbstractPage'),
  [rg('check')]: lazyNamed(() => import('../../features/regulation/pages/check-page'), 'RegulationCheckPage'),
  [rg('plan')]: lazyNamed(() => import('../../features/regulation/pages/plan-page'), 'RegulationPlanPage'),
  [rg('regulatory')]: lazyNamed(() => import('../../features/regulation/pages/supervision-page'), 'RegulationSupervisionPage'),
}
