/** The 3D globe pages (issue 5), keyed by canonical path; the only chunks that carry Cesium. */
import { lazyNamed, type Lazy } from './lazy-named'

/** page key → lazy component */
export const GLOBE_PAGES: Readonly<Record<string, Lazy>> = {
  '/system/3DMap': lazyNamed(() => import('../../features/globe/three-d-map-page'), 'ThreeDMapPage'),
  '/landLifeCycle/allLifeCycle': lazyNamed(() => import('../../features/globe/lifecycle-globe-page'), 'LifecycleGlobePage'),
}
