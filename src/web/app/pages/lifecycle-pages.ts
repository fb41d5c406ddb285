/**
 * 全生命周期 项目管理 and 一本账 pages (docs/product.md §2 /landLifeCycle/*), keyed by canonical path (route-table
 * `pageKeyOf`). The seven stage pages are one component with the stage as its parameter.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const stagePages = () => import('../../features/lifecycle/pages/stage-pages')
const pm = (stage: string) => `/landLifeCycle/projectManager/${stage}`

/** page key → lazy component of 项目管理 and 一本账 */
export const LIFECYCLE_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [pm('xmqy')]: lazyNamed(stagePages, 'SigningPage'),
  [pm('tdgy')]: lazyNamed(stagePages, 'SupplyPage'),
  [pm('xmkg')]: lazyNamed(stagePages, 'StartPage'),
  [pm('sgjs')]: lazyNamed(stagePages, 'ConstructionPage'),
  [pm('jgys')]: lazyNamed(stagePages, 'CompletionPage'),
  [pm('xmtc')]: lazyNamed(stagePages, 'ProductionPage'),
  [pm('xmpj')]: lazyNamed(stagePages, 'EvaluationPage'),
  '/landLifeCycle/onebook': lazyNamed(() => import('../../features/lifecycle/pages/onebook-page'), 'OnebookPage'),
}
