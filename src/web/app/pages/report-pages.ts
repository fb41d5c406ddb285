/**
 * 统计报表 pages (docs/product.md §2 /system/statisticalReport/*), keyed by canonical path: /systems/… folds
 * onto them (route-table `pageKeyOf`). G2 is imported only by these pages, so it loads with them.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const report = (leaf: string) => `/system/statisticalReport/${leaf}`

/** page key → lazy component of the reports */
export const REPORT_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [report('area')]: lazyNamed(() => import('../../features/statistical-report/pages/area-page'), 'AreaReportPage'),
  [report('industry')]: lazyNamed(() => import('../../features/statistical-report/pages/industry-page'), 'IndustryReportPage'),
  [report('yddw')]: lazyNamed(() => import('../../features/statistical-report/pages/yddw-page'), 'EnterpriseReportPage'),
  [report('gyyd')]: lazyNamed(() => import('../../features/statistical-report/pages/gyyd-page'), 'ParcelReportPage'),
  [report('dxyd')]: lazyNamed(() => import('../../features/statistical-report/pages/dxyd-page'), 'LowEfficiencyReportPage'),
}
