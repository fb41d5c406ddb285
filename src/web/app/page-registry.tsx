/**
 * Maps the route table's `page` keys to lazy page components: every page is its own chunk, so
 * the sign-in route loads only what it needs.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react'

type Lazy = LazyExoticComponent<ComponentType>

function lazyNamed<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): Lazy {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }))
}

/** page key → lazy component */
export const PAGE_REGISTRY: Readonly<Record<string, Lazy>> = {
  login: lazyNamed(() => import('../features/auth/login-page'), 'LoginPage'),
  lock: lazyNamed(() => import('../features/auth/lock-page'), 'LockPage'),
  main: lazyNamed(() => import('../features/portal/main-page'), 'MainPage'),
  forbidden: lazyNamed(() => import('../features/status/forbidden-page'), 'ForbiddenPage'),
  'not-found': lazyNamed(() => import('../features/status/not-found-page'), 'NotFoundPage'),
  placeholder: lazyNamed(() => import('../features/status/placeholder-page'), 'PlaceholderPage'),
}

/** The component of a page key (unknown keys show the placeholder). */
export function pageComponent(key: string): Lazy {
  return PAGE_REGISTRY[key] ?? PAGE_REGISTRY.placeholder
}
