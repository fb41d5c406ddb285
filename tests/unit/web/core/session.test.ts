// @vitest-environment jsdom
/** Session store (docs/product.md §3, §4): sign-in storage, lock surviving a reload, last page restore, landing. */
import { beforeEach, describe, expect, it } from 'vitest'
import type { LoginResult, MenuItem, SessionUser } from '../../../../src/domain/contracts/auth'
import { landingRoute, menusToGrants } from '../../../../src/web/core/menus'
import { decideNavigation } from '../../../../src/web/core/permission'
import { lastPageHref, postSignInTarget, readLastPage, rememberLastPage, selectRoleIds, useSession } from '../../../../src/web/core/session'

const NOW = Date.now()

const menu = (
  id: number,
  parentId: number,
  menuRoute: string,
  group: MenuItem['group'],
  sort: number,
  children: MenuItem[] = [],
): MenuItem => ({
  id,
  parentId,
  name: menuRoute,
  menuRoute,
  group,
  sort,
  icon: '',
  children,
})

const USER: SessionUser = {
  id: 3,
  username: 'clerk',
  realName: '张三',
  roles: [
    { id: 3, name: '业务员' },
    { id: 5, name: '审核员' },
  ],
  menus: { systemMenus: [], busMenus: [], bigDataMenus: [], DataMenus: [], landMenus: [], landLifeCycle: [] },
  authorities: [],
  avatar: '',
  regionCode: '330102',
  mustChangePassword: false,
  passwordChangeReason: null,
}

const RESULT: LoginResult = { token: 'tok-9', expiresAt: NOW + 8 * 3_600_000, user: USER }

beforeEach(() => {
  localStorage.clear()
  useSession.getState().hydrate('Authorization')
})

describe('signIn / signOut (docs/api.md step 3)', () => {
  it('stores the token under tokenKey, the expiry under expirate_time and the user under user', () => {
    useSession.getState().signIn(RESULT)
    expect(localStorage.getItem('polar_Authorization')).toBe('tok-9')
    expect(localStorage.getItem('polar_expirate_time')).toBe(String(RESULT.expiresAt))
    expect(JSON.parse(localStorage.getItem('polar_user') ?? 'null')).toEqual(USER)
    expect(useSession.getState()).toMatchObject({ token: 'tok-9', expiresAt: RESULT.expiresAt, user: USER, locked: false })
    expect(selectRoleIds(useSession.getState())).toBe('3,5')
  })

  it('never stores a password or digest', () => {
    useSession.getState().signIn(RESULT)
    const all = Object.keys(localStorage).map((k) => localStorage.getItem(k) ?? '')
    expect(all.some((v) => /[0-9a-f]{64}/.test(v))).toBe(false)
  })

  it('signOut removes token, expiry and user', () => {
    useSession.getState().signIn(RESULT)
    useSession.getState().signOut()
    expect(localStorage.getItem('polar_Authorization')).toBeNull()
    expect(localStorage.getItem('polar_expirate_time')).toBeNull()
    expect(localStorage.getItem('polar_user')).toBeNull()
    expect(useSession.getState()).toMatchObject({ token: null, expiresAt: null, user: null })
  })

  it('expire removes the token but keeps the user for display (docs/product.md §4)', () => {
    useSession.getState().signIn(RESULT)
    useSession.getState().expire()
    expect(localStorage.getItem('polar_Authorization')).toBeNull()
    expect(useSession.getState().user?.realName).toBe('张三')
  })
})

describe('screen lock (docs/product.md §4 "Lock": 1 locked, 0 unlocked)', () => {
  it('lock writes locking=1 and survives re-hydration (a reload)', () => {
    useSession.getState().signIn(RESULT)
    useSession.getState().lock()
    expect(localStorage.getItem('polar_locking')).toBe('1')
    useSession.setState({ locked: false, token: null, user: null })
    useSession.getState().hydrate('Authorization')
    expect(useSession.getState().locked).toBe(true)
    expect(useSession.getState().token).toBe('tok-9')
  })

  it('unlock writes locking=0 and stays unlocked after re-hydration', () => {
    useSession.getState().lock()
    useSession.getState().unlock()
    expect(localStorage.getItem('polar_locking')).toBe('0')
    useSession.getState().hydrate('Authorization')
    expect(useSession.getState().locked).toBe(false)
  })

  it('signing in again ends a lock', () => {
    useSession.getState().lock()
    useSession.getState().signIn(RESULT)
    expect(localStorage.getItem('polar_locking')).toBe('0')
  })
})

describe('last page (docs/product.md §4 "Last page")', () => {
  it('remembers path and params of a real page', () => {
    expect(rememberLastPage('/system/statisticalReport/gyyd/', '?page=2&county=330102')).toBe(true)
    expect(readLastPage()).toEqual({ path: '/system/statisticalReport/gyyd', params: { page: '2', county: '330102' } })
    expect(lastPageHref(readLastPage()!)).toBe('/system/statisticalReport/gyyd?page=2&county=330102')
  })

  it.each(['/login', '/lock', '/403', '/404', '/system', '/nowhere'])('does not remember %s', (path) => {
    rememberLastPage('/system/core')
    expect(rememberLastPage(path)).toBe(false)
    expect(readLastPage()?.path).toBe('/system/core')
  })

  const grants = menusToGrants([menu(1, -1, '/system', 'systemMenus', 1, [menu(2, 1, '/system/core', 'systemMenus', 1)])])
  const decide = (username: string) => (path: string) =>
    decideNavigation({
      path,
      fromPath: null,
      token: 't',
      expiresAt: NOW + 1000,
      now: NOW,
      username,
      grantedMenuRoutes: grants,
      host: 'h',
      portalHost: 'p',
    })

  it('after sign-in restores the last page when it is still allowed', () => {
    rememberLastPage('/system/core', 'x=1')
    expect(postSignInTarget(readLastPage(), decide('clerk'), '/landing')).toBe('/system/core?x=1')
  })

  it('after sign-in lands on the default route when the last page is no longer allowed', () => {
    rememberLastPage('/land/result/resultMap')
    expect(postSignInTarget(readLastPage(), decide('clerk'), '/landing')).toBe('/landing')
    expect(postSignInTarget(readLastPage(), decide('admin'), '/landing')).toBe('/land/result/resultMap')
    expect(postSignInTarget(null, decide('admin'), '/landing')).toBe('/landing')
  })
})

describe('landingRoute (docs/product.md §6: the first menu route of the first group the user has)', () => {
  const land = menu(10, -1, '/land', 'landMenus', 1, [
    menu(11, 10, '/land/result', 'landMenus', 2),
    menu(12, 10, '/land/evaluation', 'landMenus', 1),
  ])
  const data = menu(20, -1, '/system', 'DataMenus', 5, [
    menu(21, 20, '/system/data/center', 'DataMenus', 1, [
      menu(23, 21, '/system/data/center/sjcj', 'DataMenus', 2),
      menu(22, 21, '/system/data/center/sjgf', 'DataMenus', 1),
    ]),
  ])

  it('takes the first group in spec order, then the first leaf by sort', () => {
    expect(landingRoute([land, data])).toBe('/system/data/center/sjgf')
    expect(landingRoute([land])).toBe('/land/evaluation')
  })

  it("reads the user's six groups as stored with the user", () => {
    expect(landingRoute({ ...USER.menus, landMenus: [land], DataMenus: [data] })).toBe('/system/data/center/sjgf')
  })

  it('works on a flat list (children given only by parentId)', () => {
    const flat = [menu(12, 10, '/land/evaluation', 'landMenus', 1), menu(10, -1, '/land', 'landMenus', 1)]
    expect(landingRoute(flat)).toBe('/land/evaluation')
    expect(menusToGrants(flat)).toEqual([
      { menuRoute: '/land/evaluation', hasChildren: false },
      { menuRoute: '/land', hasChildren: true },
    ])
  })

  it('a user with no menu lands on the hub', () => {
    expect(landingRoute([])).toBe('/main')
  })
})
