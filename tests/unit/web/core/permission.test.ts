/**
 * The navigation rules of docs/product.md §5 / §6 — one table row per sentence (plus our stated readings),
 * so a reader can tick them off against the spec.
 */
import { describe, expect, it } from 'vitest'
import {
  decideLock,
  decideNavigation,
  isGranted,
  isPortalHost,
  passwordChangeFirst,
  type NavigationDecision,
  type NavigationInput,
} from '../../../../src/web/core/permission'

const NOW = 1_700_000_000_000
const PORTAL = 'portal.zj.internal'

/** A signed-in clerk on an ordinary host, granted the data-centre input page only. */
const BASE: NavigationInput = {
  path: '/system/data/center/input',
  fromPath: null,
  token: 'tok',
  expiresAt: NOW + 3_600_000,
  now: NOW,
  username: 'clerk',
  grantedMenuRoutes: [
    { menuRoute: '/system', hasChildren: true },
    { menuRoute: '/system/data/center', hasChildren: true },
    { menuRoute: '/system/data/center/input', hasChildren: false },
  ],
  host: 'gis.zj.gov.cn',
  portalHost: PORTAL,
}

const ALLOW: NavigationDecision = { action: 'allow' }
const to = (path: string, clearToken?: boolean): NavigationDecision =>
  clearToken ? { action: 'redirect', to: path, clearToken } : { action: 'redirect', to: path }
const noToken = { token: null, expiresAt: null }

interface Row {
  sentence: string
  input: Partial<NavigationInput>
  expected: NavigationDecision
}

const ROWS: Row[] = [
  // a. docs/product.md §5 "/login, /, /403, /index.html and /map.html are always open"
  { sentence: '§5 always open: /login', input: { path: '/login', ...noToken }, expected: ALLOW },
  { sentence: '§5 always open: /', input: { path: '/', ...noToken }, expected: ALLOW },
  { sentence: '§5 always open: /403', input: { path: '/403', ...noToken }, expected: ALLOW },
  { sentence: '§5 always open: /index.html', input: { path: '/index.html', ...noToken }, expected: ALLOW },
  { sentence: '§5 always open: /map.html', input: { path: '/map.html', ...noToken }, expected: ALLOW },
  { sentence: 'our reading: /visualLogin, the wall sign-in, is open', input: { path: '/visualLogin', ...noToken }, expected: ALLOW },
  { sentence: '§5 always open even from /system: /login', input: { path: '/login', fromPath: '/system/core' }, expected: ALLOW },

  // b. docs/product.md §5 "/show is allowed only from one internal host, where it needs no token; from
  //    anywhere else it goes to /login." (docs/product.md §2: without a menu grant)
  {
    sentence: '§5 /show from the portal host without a token is allowed',
    input: { path: '/show', host: PORTAL, ...noToken },
    expected: ALLOW,
  },
  {
    sentence: '§5 /show from the portal host with a token is allowed (no grant needed, §2)',
    input: { path: '/show', host: `${PORTAL}:8080`, grantedMenuRoutes: [] },
    expected: ALLOW,
  },
  { sentence: '§5 /show from another host without a token goes to /login', input: { path: '/show', ...noToken }, expected: to('/login') },
  {
    sentence: '§5 /show from another host even signed in goes to /login',
    input: { path: '/show', username: 'admin' },
    expected: to('/login'),
  },

  // c. docs/product.md §2 "/404 — unknown address"
  { sentence: '§2 an unknown address, signed in, goes to /404', input: { path: '/nowhere/at/all' }, expected: to('/404') },
  { sentence: '§2 an unknown address, not signed in, goes to /login', input: { path: '/nowhere', ...noToken }, expected: to('/login') },

  // d. docs/product.md §5 "Every page except sign-in and /403 needs a token; without one the user goes to /login."
  { sentence: '§5 a page needs a token: none → /login', input: { ...noToken }, expected: to('/login') },
  { sentence: '§5 /main needs a token', input: { path: '/main', ...noToken }, expected: to('/login') },
  { sentence: '§5 /404 needs a token', input: { path: '/404', ...noToken }, expected: to('/login') },
  // docs/product.md §4 "Session": a call that needs a token, made with none or with an expired one, removes the token and sends the user to /login
  { sentence: '§4 an expired token is removed and the user goes to /login', input: { expiresAt: NOW }, expected: to('/login', true) },
  {
    sentence: '§9 a token without a stored expiry cannot be checked: removed, /login',
    input: { expiresAt: null },
    expected: to('/login', true),
  },

  // e. docs/product.md §5 "Moving from a /system page to another top-level section sends the user to /login."
  {
    sentence: '§5 leaving /system for /land goes to /login',
    input: { path: '/land/evaluation/evaluationMap', fromPath: '/system/core', username: 'admin' },
    expected: to('/login'),
  },
  {
    sentence: '§5 leaving /system for /systems is another section',
    input: { path: '/systems/core', fromPath: '/system/stock', username: 'admin' },
    expected: to('/login'),
  },
  {
    sentence: '§5 staying inside /system is not leaving it',
    input: { path: '/system/data/center/input', fromPath: '/system/core' },
    expected: ALLOW,
  },
  {
    sentence: 'our reading: /main is a utility page, not a section (the header link back)',
    input: { path: '/main', fromPath: '/system/core' },
    expected: ALLOW,
  },
  {
    sentence: 'our reading: /lock is a utility page (lock screen works from /system)',
    input: { path: '/lock', fromPath: '/system/core' },
    expected: ALLOW,
  },
  { sentence: 'our reading: /404 is a utility page', input: { path: '/404', fromPath: '/system/core' }, expected: ALLOW },
  {
    sentence: '§5 the rule is about leaving /system: /land to /enterprise is not caught',
    input: { path: '/enterprise/appraise/result', fromPath: '/land/result/resultMap', username: 'admin' },
    expected: ALLOW,
  },

  // f. docs/product.md §2 default children ("/system opens on core")
  { sentence: '§2 /system opens its default child core', input: { path: '/system' }, expected: to('/system/core') },
  {
    sentence: '§2 /systems opens /system/IndustryMap/Dkxx',
    input: { path: '/systems', username: 'admin' },
    expected: to('/system/IndustryMap/Dkxx'),
  },
  {
    sentence: '§2 /enterprise → appraise → monitoring (redirects chain)',
    input: { path: '/enterprise', username: 'admin' },
    expected: to('/enterprise/appraise/monitoring'),
  },

  // g. docs/product.md §6 "/visual is open to every signed-in user." "The user named admin passes every route."
  { sentence: '§6 /visual is open to any signed-in user', input: { path: '/visual', grantedMenuRoutes: [] }, expected: ALLOW },
  { sentence: '§5 exceptions: /visual without a token still needs one', input: { path: '/visual', ...noToken }, expected: to('/login') },
  {
    sentence: '§6 the user named admin passes every route',
    input: { path: '/admin/setting/rz', username: 'admin', grantedMenuRoutes: [] },
    expected: ALLOW,
  },
  { sentence: 'token-only utility page /main needs no grant', input: { path: '/main', grantedMenuRoutes: [] }, expected: ALLOW },

  // h. docs/product.md §5 "A page is allowed when its route matches a menu route granted to the user's roles"
  { sentence: '§5 a page whose route equals a granted menu route is authorised', input: {}, expected: ALLOW },
  { sentence: '§5 a page without a matching menu route goes to /403', input: { path: '/system/stock' }, expected: to('/403') },
  { sentence: '§5 a sibling of a granted page is not authorised', input: { path: '/system/data/center/sjgf' }, expected: to('/403') },
  {
    sentence: '§5 a granted leaf menu covers its sub-pages',
    input: { path: '/system/statisticalReport/gyyd', grantedMenuRoutes: [{ menuRoute: '/system/statisticalReport', hasChildren: false }] },
    expected: ALLOW,
  },
  {
    sentence: '§5 a granted menu that has children covers only itself',
    input: { path: '/system/statisticalReport/gyyd', grantedMenuRoutes: [{ menuRoute: '/system/statisticalReport', hasChildren: true }] },
    expected: to('/403'),
  },
  { sentence: '§6 /h5 is a grant page like any other', input: { path: '/h5' }, expected: to('/403') },
]

describe('decideNavigation: docs/product.md §5 / §6 one row per sentence', () => {
  it.each(ROWS)('$sentence', ({ input, expected }) => {
    expect(decideNavigation({ ...BASE, ...input })).toEqual(expected)
  })
})

describe('helpers', () => {
  it('isGranted matches exactly or below a childless menu only', () => {
    const grants = [{ menuRoute: '/land/result', hasChildren: false }]
    expect(isGranted('/land/result/resultMap', grants)).toBe(true)
    expect(isGranted('/land/resultX', grants)).toBe(false)
    expect(isGranted('/land', grants)).toBe(false)
  })

  it('isPortalHost ignores the port unless the configured host names one, and an empty host never matches', () => {
    expect(isPortalHost('portal.zj.internal:8080', PORTAL)).toBe(true)
    expect(isPortalHost('PORTAL.zj.internal', PORTAL)).toBe(true)
    expect(isPortalHost('portal.zj.internal:8080', `${PORTAL}:9090`)).toBe(false)
    expect(isPortalHost('localhost', '')).toBe(false)
  })
})

describe('decideLock: docs/product.md §4 "Lock": 1 locked, 0 unlocked', () => {
  it.each([
    ['/system/core', true, to('/lock')],
    ['/403', true, to('/lock')],
    ['/main', true, to('/lock')],
    ['/lock', true, null],
    ['/login', true, null],
    ['/system/core', false, null],
  ] as const)('%s while locked=%s → %o', (path, locked, expected) => {
    expect(decideLock(path, locked)).toEqual(expected)
  })
})

describe('passwordChangeFirst (issue 3: the first sign-in of a new or reset account forces a change)', () => {
  it.each([
    ['a page, must change', '/admin/setting/user', true, true, true],
    ['/main, must change', '/main', true, true, true],
    ['/lock, must change', '/lock', true, true, true],
    ['sign-in page stays open', '/login', true, true, false],
    ['no change needed', '/admin/setting/user', true, false, false],
    ['not signed in', '/admin/setting/user', false, true, false],
  ])('%s', (_case, path, signedIn, must, expected) => {
    expect(passwordChangeFirst(path, signedIn, must)).toBe(expected)
  })
})
