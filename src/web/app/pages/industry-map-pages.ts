/**
 * 产业地图 pages (docs/product.md §2 /system/IndustryMap/*), keyed by canonical path: /systems/… folds onto
 * them (route-table `pageKeyOf`), so /systems, which opens on Dkxx, shows the same pages.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const industryMap = (leaf: string) => `/system/IndustryMap/${leaf}`

/** page key → lazy component of 产业地图 */
export const INDUSTRY_MAP_PAGES: Readonly<Record<string, Lazy>> = {
  [industryMap('Dkxx')]: lazyNamed(() => import('../../features/industry-map/pages/land-profile-page'), 'LandProfilePage'),
  [industryMap('Yddw')]: lazyNamed(() => import('../../features/industry-map/pages/enterprise-profile-page'), 'EnterpriseProfilePage'),
  [industryMap('LandGroup')]: lazyNamed(() => import('../../features/industry-map/pages/group-pages'), 'LandGroupPage'),
  [industryMap('CompanyGroup')]: lazyNamed(() => import('../../features/industry-map/pages/group-pages'), 'CompanyGroupPage'),
}
