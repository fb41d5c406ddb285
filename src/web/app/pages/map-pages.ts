/** Pages of the 2D map suite, keyed by canonical path (route-table `pageKeyOf`). */
import { lazyNamed, type Lazy } from './lazy-named'

/** 资源云图 and later map screens. */
export const MAP_PAGES: Readonly<Record<string, Lazy>> = {
  '/system/core': lazyNamed(() => import('../../features/resource-map/core-page'), 'CorePage'),
}
