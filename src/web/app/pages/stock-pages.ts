/**
 * 盘活处置 (docs/product.md §2 /system/stock), keyed by canonical path (route-table `pageKeyOf`).
 * The map loads with this page only.
 */
import { lazyNamed, type Lazy } from './lazy-named'

/** page key → lazy component of 盘活处置 */
export const STOCK_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  '/system/stock': lazyNamed(() => import('../../features/stock/pages/stock-page'), 'StockPage'),
}
