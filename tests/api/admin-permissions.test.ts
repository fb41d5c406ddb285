/**
 * The permission matrix (issue 3 "Done means"): each demo role, plus a role granted only the
 * dictionary and log pages, against every /api/user|role|menu|organ|area|dict|device|app|log (and
 * regionrecoup) endpoint — allowed or 403, asserted cell by cell. An endpoint is allowed when the
 * user holds a grant for an admin page that uses it; admin passes everything (docs/product.md §6).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_PAGES } from '../../src/domain/contracts/admin'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds, roleId } from './admin-helpers'

let s: TestServer
const tokens: Record<string, string> = {}
const ownRoles: Record<string, string> = {}

const DEMO = [
  ['admin', 'Admin@2026'],
  ['leader', 'Leader@2026'],
  ['clerk', 'Clerk@2026'],
  ['auditor', 'Auditor@2026'],
  ['land', 'Land@2026'],
  ['ops', 'Ops@2026'],
] as const
/** The columns, in order: the six demo accounts and `dictlog`, whose role holds 字典管理 and 操作日志 only. */
const WHO = ['admin', 'leader', 'clerk', 'auditor', 'land', 'ops', 'dictlog'] as const

beforeAll(async () => {
  s = await startServer()
  for (const [u, p] of DEMO) tokens[u] = await s.login(u, p)
  const role = await s.postJson<{ id: number }>('/api/role/add', { name: '字典与日志', code: 'DICT_LOG' }, tokens.admin)
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: role.body.data.id, menuIds: await menuIds(s, [ADMIN_PAGES.dict, ADMIN_PAGES.rz]) },
    tokens.admin,
  )
  tokens.dictlog = (await makeUser(s, tokens.admin, { username: 'dictlog', roleIds: [role.body.data.id] })).token
  for (const [u] of DEMO)
    ownRoles[u] = String(
      await roleId(
        s,
        (
          await s.db.query<{ name: string }>(
            'SELECT r.name FROM role r JOIN user_role ur ON ur.role_id = r.id JOIN app_user u ON u.id = ur.user_id WHERE u.username = $1',
            [u],
          )
        ).rows[0].name,
      ),
    )
  ownRoles.dictlog = String(role.body.data.id)
})
afterAll(() => s?.close())

type Cell = 'Y' | 'N'
type Row = [method: 'GET' | 'POST', path: string, ...cells: Cell[]]

// prettier-ignore
const MATRIX: Row[] = [
  //                                              admin leader clerk auditor land ops dictlog
  ['GET',  '/api/user/getSalt',                    'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/user/current',                    'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['POST', '/api/user/update/password',            'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/user/query',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/user/query/all',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/user/query/organ',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/add',                        'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/edit',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/delete',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/update/status',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/update/roles',               'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/reset/password',             'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/unlock',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/user/query/company',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/user/query/queryCompany',         'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/company/add',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/user/company/delete',             'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/query/role/menuMutil',       'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/role/query',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/role/query/all',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/role/query/one',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/role/query/role/menu',            'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/role/user',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/add',                        'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/edit',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/delete',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/menus/grant',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/role/relation',                   'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/menu/query/all',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/menu/query',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/menu/query/model',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/menu/add',                        'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/menu/edit',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/menu/delete',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/organ/query/all',                 'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/organ/query',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/organ/add',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/organ/edit',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/organ/delete',                    'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/area/query/all',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/area/query/children',             'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/area/query',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/area/add',                        'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/area/edit',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/area/delete',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/dict/query',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['POST', '/api/dict/add',                        'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['POST', '/api/dict/edit',                       'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['POST', '/api/dict/delete',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['GET',  '/api/dict/query/items',                'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['GET',  '/api/dict/query/items/code',           'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['POST', '/api/dict/add/item',                   'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/dict/edit/item',                  'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/dict/delete/item',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/regionrecoup/query',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/regionrecoup/add',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/regionrecoup/edit',               'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/regionrecoup/delete',             'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/device/info/list',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/device/info/edit',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/device/info/delete',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/device/info/register',            'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/app/version/list',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/app/version/limits',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/app/version/upload',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/app/version/edit',                'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['POST', '/api/app/version/delete',              'Y', 'N', 'N', 'N', 'N', 'Y', 'N'],
  ['GET',  '/api/app/version/mobile/versions',     'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/app/version/download',            'Y', 'Y', 'Y', 'Y', 'Y', 'Y', 'Y'],
  ['GET',  '/api/log/getPage',                     'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
  ['GET',  '/api/log/export',                      'Y', 'N', 'N', 'N', 'N', 'Y', 'Y'],
]

/** A request that changes nothing: allowed calls answer 200 or a validation/lookup failure. */
function probe(method: 'GET' | 'POST', path: string, who: string): [string, RequestInit] {
  if (path === '/api/user/getSalt') return [`${path}?username=nobody`, { method }]
  if (path === '/api/role/query/role/menuMutil') {
    return [
      path,
      {
        method,
        body: new URLSearchParams({ roleId: ownRoles[who] }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      },
    ]
  }
  if (method === 'GET') return [path, { method }]
  return [path, { method, body: '{}', headers: { 'Content-Type': 'application/json' } }]
}

describe('permission matrix', () => {
  it('lists every endpoint of the admin families that the server has', async () => {
    const doc = (await (await fetch(`${s.base}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> }
    const served = Object.entries(doc.paths)
      .filter(([p]) => /^\/api\/(user|role|menu|organ|area|dict|regionrecoup|device|app|log)\//.test(p))
      .flatMap(([p, methods]) =>
        Object.keys(methods)
          .filter((m) => m !== 'head')
          .map((m) => `${m.toUpperCase()} ${p}`),
      )
      .sort()
    expect(MATRIX.map(([m, p]) => `${m} ${p}`).sort()).toEqual(served)
  })

  for (const [method, path, ...cells] of MATRIX) {
    it(`${method} ${path}: ${cells.join(' ')}`, async () => {
      const got: string[] = []
      for (const [i, who] of WHO.entries()) {
        const [url, init] = probe(method, path, who)
        const r = await s.call(url, init, tokens[who])
        expect(r.status, `${who} → ${method} ${path}: ${r.body.message}`).not.toBe(401)
        if (cells[i] === 'N') expect(r.body.message, `${who} → ${path}`).toBe('权限不足')
        got.push(r.status === 403 ? 'N' : 'Y')
      }
      expect(got).toEqual(cells)
    })
  }

  it('writes every denial to the operation log with user, path and result', async () => {
    const denied = MATRIX.flatMap(([m, p, ...c]) => c.map((x, i) => [m, p, WHO[i], x])).filter(([, , , x]) => x === 'N')
    const r = await s.db.query<{ username: string; path: string; action: string; success: boolean }>(
      "SELECT username, path, action, success FROM operation_log WHERE status = 403 AND message = '权限不足'",
    )
    for (const [, path, who] of denied) {
      expect(
        r.rows.some((row) => row.username === who && row.path === path && !row.success),
        `${who} ${path}`,
      ).toBe(true)
    }
    expect(r.rows.every((row) => row.action === '访问被拒绝' || row.action.length > 0)).toBe(true)
  })
})
