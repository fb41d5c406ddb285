/**
 * 数据中心 and 审核 pages of the record workflow (docs/product.md §2 /system/data/center/*, /system/audit/*),
 * keyed by canonical path: /systems/… and /warehouse/data/center/… fold onto them (route-table
 * `pageKeyOf`). 数据采集 and 数据处理 register in their own file.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const dc = (leaf: string) => `/system/data/center/${leaf}`

/** page key → lazy component of the record workflow */
export const DATACENTER_PAGES: Readonly<Record<string, Lazy>> = {
  [dc('sjgf')]: lazyNamed(() => import('../../features/datacenter/pages/sjgf-page'), 'SjgfPage'),
  [dc('input')]: lazyNamed(() => import('../../features/datacenter/pages/input-page'), 'InputPage'),
  [dc('gyydInput')]: lazyNamed(() => import('../../features/datacenter/pages/gyyd-input-page'), 'GyydInputPage'),
  [dc('yddwInput')]: lazyNamed(() => import('../../features/datacenter/pages/yddw-input-page'), 'YddwInputPage'),
  [dc('foundGyyd')]: lazyNamed(() => import('../../features/datacenter/pages/found-page'), 'FoundGyydPage'),
  [dc('foundYddw')]: lazyNamed(() => import('../../features/datacenter/pages/found-page'), 'FoundYddwPage'),
  '/system/audit/gyyd': lazyNamed(() => import('../../features/datacenter/pages/audit-page'), 'AuditGyydPage'),
  '/system/audit/yddw': lazyNamed(() => import('../../features/datacenter/pages/audit-page'), 'AuditYddwPage'),
}
