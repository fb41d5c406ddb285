/** 数据中心 pages of the import (数据采集 sjcj, 数据处理 sjcl), keyed by canonical path (route-table `pageKeyOf`). */
import { lazyNamed, type Lazy } from './lazy-named'

/** 数据采集 and 数据处理 (also shown under /systems and /warehouse). */
export const DATACENTER_IMPORT_PAGES: Readonly<Record<string, Lazy>> = {
  '/system/data/center/sjcj': lazyNamed(() => import('../../features/data-import/pages/sjcj-page'), 'SjcjPage'),
  '/system/data/center/sjcl': lazyNamed(() => import('../../features/data-import/pages/sjcl-page'), 'SjclPage'),
}
