/**
 * Maps the route table's `page` keys to lazy page components: every page is its own chunk, so
 * the sign-in route loads only what it needs.
 */
import { lazyNamed, type Lazy } from './pages/lazy-named'
import { SCREEN_PAGES } from './pages/screen-pages'
import { MAP_PAGES } from './pages/map-pages'
import { GLOBE_PAGES } from './pages/globe-pages'
import { ADMIN_PAGE_REGISTRY } from './pages/admin-pages'
import { DATACENTER_PAGES } from './pages/datacenter-pages'
import { DATACENTER_IMPORT_PAGES } from './pages/datacenter-import-pages'
import { LIFECYCLE_PAGES_REGISTRY } from './pages/lifecycle-pages'
import { DECISION_PAGES_REGISTRY } from './pages/decision-pages'
import { REPORT_PAGES_REGISTRY } from './pages/report-pages'
import { LAND_EVALUATION_PAGES_REGISTRY } from './pages/land-evaluation-pages'
import { INDUSTRY_MAP_PAGES } from './pages/industry-map-pages'
import { REGULATION_PAGES_REGISTRY } from './pages/regulation-pages'
import { APPRAISAL_PAGES_REGISTRY } from './pages/appraisal-pages'
import { STOCK_PAGES_REGISTRY } from './pages/stock-pages'
import { REVITALIZE_PAGES_REGISTRY } from './pages/revitalize-pages'
import { REVITALIZE_RESULT_PAGES_REGISTRY } from './pages/revitalize-result-pages'
import { COMPANY_PAGES_REGISTRY } from './pages/company-pages'

/**
 * page key → lazy component. Feature pages are keyed by their canonical path (route-table
 * `pageKeyOf`); each business area lists its pages in `pages/<area>-pages.ts` and is spread in
 * here with one line.
 */
export const PAGE_REGISTRY: Readonly<Record<string, Lazy>> = {
  login: lazyNamed(() => import('../features/auth/login-page'), 'LoginPage'),
  lock: lazyNamed(() => import('../features/auth/lock-page'), 'LockPage'),
  /** shown by the guard instead of any page while the password must be changed first */
  'forced-password': lazyNamed(() => import('../features/auth/forced-password-page'), 'ForcedPasswordPage'),
  main: lazyNamed(() => import('../features/portal/main-page'), 'MainPage'),
  forbidden: lazyNamed(() => import('../features/status/forbidden-page'), 'ForbiddenPage'),
  'not-found': lazyNamed(() => import('../features/status/not-found-page'), 'NotFoundPage'),
  placeholder: lazyNamed(() => import('../features/status/placeholder-page'), 'PlaceholderPage'),
  ...SCREEN_PAGES,
  ...MAP_PAGES,
  ...GLOBE_PAGES,
  ...ADMIN_PAGE_REGISTRY,
  ...DATACENTER_PAGES,
  ...DATACENTER_IMPORT_PAGES,
  ...LIFECYCLE_PAGES_REGISTRY,
  ...DECISION_PAGES_REGISTRY,
  ...REPORT_PAGES_REGISTRY,
  ...LAND_EVALUATION_PAGES_REGISTRY,
  ...INDUSTRY_MAP_PAGES,
  ...REGULATION_PAGES_REGISTRY,
  ...APPRAISAL_PAGES_REGISTRY,
  ...STOCK_PAGES_REGISTRY,
  ...REVITALIZE_PAGES_REGISTRY,
  ...REVITALIZE_RESULT_PAGES_REGISTRY,
  ...COMPANY_PAGES_REGISTRY,
}

/** The component of a page key (unknown keys show the placeholder). */
export function pageComponent(key: string): Lazy {
  return PAGE_REGISTRY[key] ?? PAGE_REGISTRY.placeholder
}
