/** Video-wall pages (issue 6): /bigData/*, /visual, /visualLogin, /show and /h5 by canonical path. */
import { lazyNamed, type Lazy } from './lazy-named'

const walls = () => import('../../features/big-data/wall-pages')

/** page key → lazy component */
export const SCREEN_PAGES: Readonly<Record<string, Lazy>> = {
  '/bigData/classify': lazyNamed(walls, 'ClassifyScreenPage'),
  '/bigData/district': lazyNamed(walls, 'DistrictScreenPage'),
  '/bigData/platform': lazyNamed(walls, 'PlatformScreenPage'),
  '/bigData/city': lazyNamed(walls, 'CityScreenPage'),
  '/bigData/park': lazyNamed(walls, 'ParkScreenPage'),
  '/visual': lazyNamed(walls, 'VisualScreenPage'),
  '/visualLogin': lazyNamed(() => import('../../features/auth/visual-login-page'), 'VisualLoginPage'),
  '/show': lazyNamed(() => import('../../features/big-data/show-page'), 'ShowPage'),
  '/h5': lazyNamed(() => import('../../features/big-data/h5-page'), 'H5Page'),
}
