/**
 * 辅助决策 and 运行监测 pages (docs/product.md §2 /system/decision/*, /system/function/monitor/*), keyed by
 * canonical path: /systems/… folds onto them (route-table `pageKeyOf`). G2 is imported only by
 * these pages, so it loads with them.
 */
import { lazyNamed, type Lazy } from './lazy-named'

const decision = (leaf: string) => `/system/decision/${leaf}`
const monitor = (leaf: string) => `/system/function/monitor/${leaf}`

/** page key → lazy component of the decision and monitor pages */
export const DECISION_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [decision('qyzb')]: lazyNamed(() => import('../../features/decision/pages/region-indicator-page'), 'RegionIndicatorPage'),
  [decision('zbhy')]: lazyNamed(() => import('../../features/decision/pages/industry-indicator-page'), 'IndustryIndicatorPage'),
  [decision('zbqy')]: lazyNamed(() => import('../../features/decision/pages/enterprise-indicator-page'), 'EnterpriseIndicatorPage'),
  [decision('zbqs')]: lazyNamed(() => import('../../features/decision/pages/indicator-trend-page'), 'IndicatorTrendPage'),
  [monitor('Qymonitor')]: lazyNamed(() => import('../../features/decision/pages/enterprise-monitor-page'), 'EnterpriseMonitorPage'),
  [monitor('Hymonitor')]: lazyNamed(() => import('../../features/decision/pages/industry-monitor-page'), 'IndustryMonitorPage'),
}
