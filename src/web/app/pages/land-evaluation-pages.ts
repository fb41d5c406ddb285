/**
 * 低效用地评价 pages (docs/product.md §2 /land/evaluation/*: 评价概况, 评价模型, 评价地图), keyed by canonical
 * path (route-table `pageKeyOf`). G2 and the map load with these pages only.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const evaluation = (leaf: string) => `/land/evaluation/${leaf}`

/** page key → lazy component of 低效用地评价 */
export const LAND_EVALUATION_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [evaluation('evaluationAbstract')]: lazyNamed(
    () => import('../../features/land-evaluation/pages/evaluation-abstract-page'),
    'EvaluationAbstractPage',
  ),
  [evaluation('evaluationModal')]: lazyNamed(
    () => import('../../features/land-evaluation/pages/evaluation-model-page'),
    'EvaluationModelPage',
  ),
  [evaluation('evaluationMap')]: lazyNamed(() => import('../../features/land-evaluation/pages/evaluation-map-page'), 'EvaluationMapPage'),
}
