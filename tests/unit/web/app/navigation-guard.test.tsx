// @vitest-environment jsdom
/** The guard in a real router: fromPath tracking, lock, expiry, title and last page (docs/product.md §4, §5). */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import fs from 'node:fs'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { RouterProvider, createMemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { SessionUser } from '../../../../src/domain/contracts/auth'
import { NavigationGuard } from '../../../../src/web/app/navigation-guard'
import { initHttp } from '../../../../src/web/core/http'
import { setRuntimeConfig } from '../../../../src/web/core/runtime-config'
import { useSession } from '../../../../src/web/core/session'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const CONFIG = JSON.parse(fs.readFileSync('config/config.json', 'utf8'))
const menus = { systemMenus: [], busMenus: [], bigDataMenus: [], DataMenus: [], landMenus: [], landLifeCycle: [] }
const user = (username: string): SessionUser => ({
  id: 1,
  username,
  realName: username,
  roles: [{ id: 1, name: 'r' }],
  menus,
  authorities: [],
  avatar: '',
  regionCode: null,
  mustChangePassword: false,
  passwordChangeReason: null,
})
const PAGES = ['/login', '/lock', '/main', '/403', '/404', '/system/core', '/system/stock', '/land/evaluation/evaluationMap']

let root: Root
let container: HTMLElement

async function mount(start: string) {
  const router = createMemoryRouter(
    [{ element: <NavigationGuard />, children: PAGES.map((p) => ({ path: p, element: <p data-page={p}>{p}</p> })) }],
    { initialEntries: [start] },
  )
  container = document.createElement('div')
  root = createRoot(container)
  await act(async () => {
    root.render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    )
  })
  return router
}

/** Lets pending async work (the role menu call) finish inside act, until `done` or 50 turns. */
async function settle(done: () => boolean) {
  for (let i = 0; i < 50 && !done(); i++) await act(async () => new Promise((r) => setTimeout(r, 0)))
}

const shown = () => container.querySelector('[data-page]')?.getAttribute('data-page')

function signIn(username: string, expiresAt = Date.now() + 3_600_000) {
  useSession.getState().hydrate('Authorization')
  useSession.getState().signIn({ token: 'tok', expiresAt, user: user(username) })
}

beforeEach(() => {
  localStorage.clear()
  setRuntimeConfig(CONFIG)
  // the role menu call answers: one grant, /system/core
  initHttp(CONFIG, {
    adapter: async (config) => ({
      data: {
        code: 200,
        message: 'ok',
        data: [{ id: 2, parentId: -1, name: 'core', menuRoute: '/system/core', group: 'systemMenus', sort: 1, icon: '', children: [] }],
      },
      status: 200,
      statusText: 'OK',
      headers: {},
      config,
    }),
    progress: { start: () => {}, done: () => {} },
  })
})

afterEach(async () => {
  await act(async () => root.unmount())
})

describe('NavigationGuard', () => {
  it('sets the title and remembers the last page of an allowed page', async () => {
    signIn('clerk')
    const router = await mount('/system/core')
    // the grant check waits for the role menu call
    expect(container.textContent).toContain('正在加载权限')
    await settle(() => shown() === '/system/core')
    expect(shown()).toBe('/system/core')
    expect(document.title).toBe('资源云图 - 产业用地一张图')
    expect(JSON.parse(localStorage.getItem('polar_last_page') ?? 'null')).toEqual({ path: '/system/core', params: {} })
    await act(async () => router.navigate('/system/stock'))
    expect(router.state.location.pathname).toBe('/403')
  })

  it('docs/product.md §5: leaving a /system page for another section goes to /login', async () => {
    signIn('admin')
    const router = await mount('/system/core')
    await act(async () => router.navigate('/land/evaluation/evaluationMap'))
    expect(router.state.location.pathname).toBe('/login')
  })

  it('docs/product.md §4: while locked every page goes to /lock, also after a reload', async () => {
    signIn('admin')
    useSession.getState().lock()
    useSession.getState().hydrate('Authorization')
    const router = await mount('/system/core')
    expect(router.state.location.pathname).toBe('/lock')
    expect(shown()).toBe('/lock')
  })

  it('docs/product.md §4: an expired token is removed and the user goes to /login', async () => {
    signIn('clerk', Date.now() - 1)
    const router = await mount('/system/core')
    expect(router.state.location.pathname).toBe('/login')
    expect(localStorage.getItem('polar_Authorization')).toBeNull()
  })
})
