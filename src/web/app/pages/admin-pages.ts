/** 系统设置 pages (docs/product.md §2 /admin/setting/*), keyed by their canonical path. */
import { ADMIN_PAGES } from '../../../domain/contracts/admin'
import { MAP_LAYER_PAGE } from '../../../domain/contracts/admin-map-layer'
import { lazyNamed, type Lazy } from './lazy-named'

/** page key → lazy component of the admin area */
export const ADMIN_PAGE_REGISTRY: Readonly<Record<string, Lazy>> = {
  [ADMIN_PAGES.user]: lazyNamed(() => import('../../features/admin/pages/user-page'), 'UserPage'),
  [ADMIN_PAGES.role]: lazyNamed(() => import('../../features/admin/pages/role-page'), 'RolePage'),
  [ADMIN_PAGES.resource]: lazyNamed(() => import('../../features/admin/pages/resource-page'), 'ResourcePage'),
  [ADMIN_PAGES.organization]: lazyNamed(() => import('../../features/admin/pages/organization-page'), 'OrganizationPage'),
  [ADMIN_PAGES.region]: lazyNamed(() => import('../../features/admin/pages/region-page'), 'RegionPage'),
  [ADMIN_PAGES.dict]: lazyNamed(() => import('../../features/admin/pages/dict-page'), 'DictPage'),
  [ADMIN_PAGES.dictitem]: lazyNamed(() => import('../../features/admin/pages/dictitem-page'), 'DictItemPage'),
  [ADMIN_PAGES.regionrecoup]: lazyNamed(() => import('../../features/admin/pages/regionrecoup-page'), 'RegionRecoupPage'),
  [ADMIN_PAGES.device]: lazyNamed(() => import('../../features/admin/pages/device-page'), 'DevicePage'),
  [ADMIN_PAGES.app]: lazyNamed(() => import('../../features/admin/pages/app-page'), 'AppPage'),
  [ADMIN_PAGES.rz]: lazyNamed(() => import('../../features/admin/pages/rz-page'), 'RzPage'),
  [ADMIN_PAGES.calendar]: lazyNamed(() => import('../../features/admin/pages/calendar-page'), 'CalendarPage'),
  [MAP_LAYER_PAGE]: lazyNamed(() => import('../../features/admin/pages/map-layer-page'), 'MapLayerPage'),
}
