/**
 * The web router, generated from the one route table (src/domain/route-table.ts): each entry is
 * a route in its layout, its page a lazy chunk; entries that only redirect go to their default
 * child. The guard wraps everything.
 */
import { Suspense, lazy, type ComponentType } from 'react'
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { ROUTES, resolveRedirects, type Layout, type RouteEntry } from '../../domain/route-table'
import { PageSpin } from '../ui/page-spin'
import { BareLayout } from './layouts/bare-layout'
import { NavigationGuard } from './navigation-guard'
import { pageComponent } from './page-registry'
import { RouteError } from './route-error'

const AppFrame = lazy(async () => ({ default: (await import('./layouts/app-frame')).AppFrame }))
const ScreenLayout = lazy(async () => ({ default: (await import('./layouts/screen-layout')).ScreenLayout }))

/** The frame of each layout of the table; the heavier ones are lazy like the pages. */
const LAYOUTS: Record<Layout, ComponentType> = {
  system: AppFrame,
  admin: AppFrame,
  screen: ScreenLayout,
  bare: BareLayout,
}

function RoutePage({ entry }: { entry: RouteEntry }) {
  if (!entry.page) return <Navigate to={resolveRedirects(entry.path)} replace />
  const Page = pageComponent(entry.page)
  return (
    <Suspense fallback={<PageSpin />}>
      <Page />
    </Suspense>
  )
}

/** Route objects for every table entry, grouped under their layout. */
export function buildRoutes(): RouteObject[] {
  const layouts = Object.keys(LAYOUTS) as Layout[]
  const byLayout: RouteObject[] = layouts.map((layout) => {
    const Frame = LAYOUTS[layout]
    return {
      element: (
        <Suspense fallback={<PageSpin />}>
          <Frame />
        </Suspense>
      ),
      children: ROUTES.filter((r) => r.layout === layout).map((entry) => ({
        path: entry.path,
        caseSensitive: true,
        element: <RoutePage entry={entry} />,
      })),
    }
  })
  return [
    {
      element: <NavigationGuard />,
      errorElement: <RouteError />,
      children: [
        ...byLayout,
        // docs/product.md §5: always open; the app itself is served for them, so show sign-in
        { path: '/index.html', element: <Navigate to="/" replace /> },
        { path: '/map.html', element: <Navigate to="/" replace /> },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ]
}

/** The browser router of the app. */
export function createAppRouter() {
  return createBrowserRouter(buildRoutes())
}
