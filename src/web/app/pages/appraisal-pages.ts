/** 亩均效益评价 pages (docs/product.md §2 /enterprise/appraise/*), keyed by canonical path (route-table `pageKeyOf`). */
import { lazyNamed, type Lazy } from './lazy-named'

const ap = (leaf: string) => `/enterprise/appraise/${leaf}`

/** page key → lazy component of 评价监测, 评价标准, 评价结果 and 评价审定 */
export const APPRAISAL_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [ap('monitoring')]: lazyNamed(() => import('../../features/appraisal/pages/monitoring-page'), 'AppraisalMonitoringPage'),
  [ap('standard')]: lazyNamed(() => import('../../features/appraisal/pages/standard-page'), 'AppraisalStandardPage'),
  [ap('result')]: lazyNamed(() => import('../../features/appraisal/pages/result-page'), 'AppraisalResultPage'),
  [ap('approve')]: lazyNamed(() => import('../../features/appraisal/pages/approve-page'), 'AppraisalApprovePage'),
}
