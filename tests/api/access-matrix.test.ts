/**
 * Grants and data scope on every operation (issue 18 finding 6 and the portal of finding 10).
 *
 * The access matrix: every operation of /api/docs/json × every demo account of the seed, plus an account
 * without a role and an enterprise account (企业账号) → 403 exactly when the account's roles hold none
 * of the pages the operation names; a public operation or one of the open list never 403. The
 * expectation comes from the operations' registered grants and the seeded role grants (SQL), not from
 * a hand list; an operation that names no pages and is not on the open list fails the test.
 *
 * Then the data scope of a sample of region-scoped reads (a 上城区 account sees no row outside 上城区,
 * a county account's wall is its county, another county is 403), the enterprise account's own enterprise only, and the
 * portal data only where PORTAL_ORIGIN and PORTAL_PEERS say the portal is — a forged Host gets none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS } from '../../src/server/db/seed/people'
import { ENTERPRISE_ACCOUNT } from '../../src/server/db/seed/due-process'
import { OPEN_OPERATIONS } from '../../src/server/auth/open-operations'
import { SIGNED_IN_PAGES } from '../../src/domain/contracts/page-grants'
import type { Page } from '../../src/domain/contracts/envelope'
import type { EnterpriseBrief, ParcelBrief } from '../../src/domain/contracts/land-scope'
import type { EnterpriseRank, GroupStat, OverviewStats } from '../../src/domain/contracts/big-data'
import { changePassword, makeUser, menuIds, roleId } from './admin-helpers'
import { startServer, type TestServer } from './harness'

let s: TestServer
/** username → token */
const tokens: Record<string, string> = {}
/** username → the page routes its roles hold */
const held: Record<string, Set<string>> = {}
let admin = ''

const COUNTY = '330102'
const NO_ROLE = 'matrix_norole'
const COMPANY = 'matrix_qiye'
let ownEnterprise: { id: number; name: string; county: string }

/** Operations left out of the probe, each with why. */
const NOT_PROBED: Record<string, string> = {
  'POST /api/login/logout': 'ends the session the rest of the matrix signs in with (on the open list, so no grant is involved)',
}

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  await Promise.all(
    DEMO_ACCOUNTS.map(async (a) => {
      tokens[a.username] = await s.login(a.username, a.password)
    }),
  )
  // the demo's enterprise account (issue 28): 本企业评价 only
  tokens[ENTERPRISE_ACCOUNT.username] = await s.login(ENTERPRISE_ACCOUNT.username, ENTERPRISE_ACCOUNT.password)
  tokens[NO_ROLE] = (await makeUser(s, admin, { username: NO_ROLE, regionCode: '330000' })).token
  // an enterprise account of an enterprise with the most neighbours in its county
  ownEnterprise = (
    await s.db.query<{ id: number; name: string; county: string }>(
      `SELECT id, name, county_code AS county FROM enterprise WHERE NOT deleted AND county_code =
         (SELECT county_code FROM enterprise WHERE NOT deleted AND county_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1)
       ORDER BY id LIMIT 1`,
    )
  ).rows[0]
  const added = await s.postJson<{ password: string }>(
    '/api/user/company/add',
    { enterpriseId: ownEnterprise.id, username: COMPANY, realName: '企业联系人' },
    admin,
  )
  expect(added.status, added.body.message).toBe(200)
  const first = await s.login(COMPANY, added.body.data.password)
  expect((await changePassword(s, first, COMPANY, added.body.data.password, 'Qiye#2026x')).status).toBe(200)
  tokens[COMPANY] = await s.login(COMPANY, 'Qiye#2026x')
  for (const username of Object.keys(tokens)) {
    const r = await s.db.query<{ route: string }>(
      `SELECT DISTINCT m.menu_route AS route FROM app_user u JOIN user_role ur ON ur.user_id = u.id
       JOIN role_menu rm ON rm.role_id = ur.role_id JOIN menu m ON m.id = rm.menu_id AND NOT m.deleted
       WHERE u.username = $1`,
      [username],
    )
    // /visual is every signed-in user's (SIGNED_IN_PAGES), granted or not
    held[username] = new Set([...r.rows.map((x) => x.route), ...SIGNED_IN_PAGES])
  }
}, 120_000)
afterAll(() => s?.close())

/** The operations of /api/docs/json as `METHOD /path` with fastify's `:param` paths. */
async function documentedOperations(): Promise<string[]> {
  const doc = (await (await fetch(`${s.base}/api/docs/json`)).json()) as { paths: Record<string, Record<string, unknown>> }
  return Object.entries(doc.paths)
    .filter(([p]) => p.startsWith('/api/'))
    .flatMap(([p, methods]) =>
      Object.keys(methods)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${p.replace(/\{(\w+)\}/g, ':$1')}`),
    )
    .sort()
}

/**
 * A request the permission hook judges and no operation runs: the hook answers 403 before anything
 * else; a granted call meets the input guard next, which refuses the NUL in the query with 400 — so the
 * matrix costs no export and writes nothing.
 */
function probe(op: string): [string, RequestInit] {
  const [method, path] = op.split(' ')
  const url = `${path.replace(/:\w+/g, '1')}?matrix=a%00b`
  if (method === 'GET' || method === 'DELETE') return [url, { method }]
  return [url, { method, body: '{}', headers: { 'Content-Type': 'application/json' } }]
}

describe('access matrix: every operation × every demo account', () => {
  it('answers 403 exactly when the account holds none of the pages the operation names', async () => {
    const grants = s.app.operationGrants
    const ops = await documentedOperations()
    // every documented operation is registered, and every registered one documented
    expect(ops).toEqual([...grants.keys()].filter((k) => k !== 'GET /api/docs/json').sort())
    const undeclared = ops.filter((op) => !grants.get(op)?.public && !grants.get(op)?.pages && !(op in OPEN_OPERATIONS))
    expect(undeclared, 'operations that name no pages and are not on the open list').toEqual([])
    // the open list holds only operations that exist and name no pages
    for (const op of Object.keys(OPEN_OPERATIONS)) expect(grants.get(op), op).toEqual({ public: false, pages: undefined })

    const accounts = Object.keys(tokens)
    const cells: { op: string; who: string; expect403: boolean }[] = []
    for (const op of ops) {
      if (op in NOT_PROBED) continue
      const g = grants.get(op)!
      for (const who of accounts) {
        const expect403 = !g.public && who !== 'admin' && !!g.pages && !g.pages.some((p) => held[who].has(p))
        cells.push({ op, who, expect403 })
      }
    }
    const wrong: string[] = []
    const BATCH = 12
    for (let i = 0; i < cells.length; i += BATCH) {
      await Promise.all(
        cells.slice(i, i + BATCH).map(async ({ op, who, expect403 }) => {
          const [url, init] = probe(op)
          const r = await s.call(url, init, tokens[who])
          const denied = r.status === 403 && r.body.message === '权限不足'
          if (r.status === 401 || denied !== expect403 || (!denied && r.status !== 400))
            wrong.push(`${who} ${op}: ${r.status} ${r.body.message} (expected ${expect403 ? '403' : 'not 403'})`)
        }),
      )
    }
    expect(wrong).toEqual([])
    // the figures of the README's security section
    const denied = cells.filter((c) => c.expect403).length
    console.info(`access matrix: ${ops.length} operations × ${accounts.length} accounts = ${cells.length} requests, ${denied} × 403`)
    // the account without a role reaches only the open and public operations and 全省总览's figures (/visual)
    const reachable = cells.filter((c) => c.who === NO_ROLE && !c.expect403).map((c) => c.op)
    const forAnyone = (op: string) =>
      grants.get(op)!.public || op in OPEN_OPERATIONS || !!grants.get(op)!.pages?.some((p) => SIGNED_IN_PAGES.includes(p))
    expect(reachable.filter((op) => !forAnyone(op))).toEqual([])
    expect(
      reachable.filter((op) => !(op in OPEN_OPERATIONS) && !grants.get(op)!.public).every((op) => op.startsWith('GET /api/bigData/')),
    ).toBe(true)
    expect(reachable).toEqual(expect.arrayContaining(['GET /api/user/current', 'POST /api/user/update/password']))
    expect(cells.filter((c) => c.who === NO_ROLE && c.op === 'GET /api/industryMap/landList')[0].expect403).toBe(true)
  }, 300_000)
})

describe('data scope of region-scoped reads', () => {
  it('shows the 上城区 account only 上城区 parcels and enterprises, and 404 for a record outside', async () => {
    const county = tokens.county
    const parcels = await s.get<Page<ParcelBrief>>('/api/industryMap/landList?pageSize=100', county)
    const nParcels = (
      await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM parcel WHERE county_code = $1 AND NOT deleted', [COUNTY])
    ).rows[0].n
    expect(parcels.body.data.total).toBe(nParcels)
    expect(new Set(parcels.body.data.list.map((p) => p.countyCode))).toEqual(new Set([COUNTY]))
    const enterprises = await s.get<Page<EnterpriseBrief>>('/api/yddw/getPage?pageSize=100', county)
    const nEnterprises = (
      await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM enterprise WHERE county_code = $1 AND NOT deleted', [COUNTY])
    ).rows[0].n
    expect(enterprises.body.data.total).toBe(nEnterprises)
    expect(new Set(enterprises.body.data.list.map((e) => e.countyCode))).toEqual(new Set([COUNTY]))
    const outside = (
      await s.db.query<{ p: number; e: number }>(
        `SELECT (SELECT id FROM parcel WHERE county_code <> $1 AND NOT deleted ORDER BY id LIMIT 1) AS p,
                (SELECT id FROM enterprise WHERE county_code <> $1 AND NOT deleted ORDER BY id LIMIT 1) AS e`,
        [COUNTY],
      )
    ).rows[0]
    expect((await s.get(`/api/industryMap/landInfo?id=${outside.p}`, county)).status).toBe(404)
    expect((await s.get(`/api/yddw/query?id=${outside.e}`, county)).status).toBe(404)
  })

  it("makes a county account's wall its county: its figures, its ranking, its regions; another county is 403", async () => {
    // the 杭州 county holding the most land still held (上城区's few parcels may all be taken back)
    const { code: WALL, name: wallName } = (
      await s.db.query<{ code: string; name: string }>(
        `SELECT p.county_code AS code, r.name FROM parcel p JOIN region r ON r.code = p.county_code
         WHERE NOT p.deleted AND p.status <> '已收回' AND p.county_code LIKE '3301%' AND p.county_code <> '330106'
         GROUP BY 1, 2 ORDER BY count(*) DESC, 1 LIMIT 1`,
      )
    ).rows[0]
    const wallRole = (await s.postJson<{ id: number }>('/api/role/add', { name: '区县大屏', code: 'COUNTY_WALL' }, admin)).body.data.id
    await s.postJson(
      '/api/role/menus/grant',
      { roleId: wallRole, menuIds: await menuIds(s, ['/bigData/classify', '/bigData/district']) },
      admin,
    )
    const wall = (await makeUser(s, admin, { username: 'matrix_wall', regionCode: WALL, roleIds: [wallRole] })).token
    const mine = await s.get<OverviewStats>('/api/bigData/overview', wall)
    const asAdmin = await s.get<OverviewStats>(`/api/bigData/overview?countyCode=${WALL}`, admin)
    const province = await s.get<OverviewStats>('/api/bigData/overview', admin)
    expect(mine.body.data).toEqual(asAdmin.body.data)
    expect(mine.body.data.parcelCount).toBeGreaterThan(0)
    expect(mine.body.data.parcelCount).toBeLessThan(province.body.data.parcelCount)
    // asking for the province gives the county; asking for another county is refused
    expect((await s.get<OverviewStats>('/api/bigData/overview?cityCode=330100', wall)).body.data).toEqual(asAdmin.body.data)
    const other = await s.get('/api/bigData/overview?countyCode=330106', wall)
    expect([other.status, other.body.message]).toEqual([403, '权限不足：该区域不在您的数据范围内'])
    // 亩均税收 TOP of the county lists only its enterprises, the same as admin's of the county
    const top = await s.get<EnterpriseRank[]>('/api/bigData/topEnterprises?limit=100', wall)
    expect(top.body.data.length).toBeGreaterThan(0)
    expect(new Set(top.body.data.map((r) => r.countyName))).toEqual(new Set([wallName]))
    expect(top.body.data).toEqual((await s.get(`/api/bigData/topEnterprises?limit=100&countyCode=${WALL}`, admin)).body.data)
    // the regions of the wall: its city and its county, never the others as rows of zeros
    const cities = await s.get<GroupStat[]>('/api/bigData/byRegion?level=city', wall)
    expect(cities.body.data.map((r) => r.key)).toEqual(['330100'])
    expect(cities.body.data[0].parcelCount).toBe(mine.body.data.parcelCount)
    const counties = await s.get<GroupStat[]>('/api/bigData/byRegion?level=county', wall)
    expect(counties.body.data.map((r) => [r.key, r.parcelCount])).toEqual([[WALL, mine.body.data.parcelCount]])
    // 企业数 of the classes add up to the county's, not the province's
    const scale = await s.get<{ count: number }[]>('/api/bigData/classes?by=scale', wall)
    expect(scale.body.data.reduce((n, c) => n + c.count, 0)).toBe(mine.body.data.enterpriseCount)
  })

  it('shows an enterprise account its own enterprise and nothing else of its county, even with a data-centre role', async () => {
    const token = tokens[COMPANY]
    // without a role: no list at all
    expect((await s.get('/api/yddw/getPage', token)).status).toBe(403)
    // given the 业务员 role, still only its own enterprise, with no parcel and no neighbour
    const user = (await s.db.query<{ id: number }>('SELECT id FROM app_user WHERE username = $1', [COMPANY])).rows[0]
    const roles = await s.postJson('/api/user/update/roles', { userId: user.id, roleIds: [await roleId(s, '业务员')] }, admin)
    expect(roles.status, roles.body.message).toBe(200)
    const list = await s.get<Page<EnterpriseBrief>>('/api/yddw/getPage?pageSize=100', token)
    expect(list.body.data.total).toBe(1)
    expect(list.body.data.list.map((e) => e.name)).toEqual([ownEnterprise.name])
    expect((await s.get<EnterpriseBrief>(`/api/yddw/query?id=${ownEnterprise.id}`, token)).body.data.id).toBe(ownEnterprise.id)
    const neighbour = (
      await s.db.query<{ id: number }>('SELECT id FROM enterprise WHERE county_code = $1 AND id <> $2 AND NOT deleted LIMIT 1', [
        ownEnterprise.county,
        ownEnterprise.id,
      ])
    ).rows[0]
    expect((await s.get(`/api/yddw/query?id=${neighbour.id}`, token)).status).toBe(404)
    expect((await s.get<Page<ParcelBrief>>('/api/industryMap/landList', token)).body.data.total).toBe(0)
    expect((await s.get(`/api/industryMap/landList?countyCode=${ownEnterprise.county}`, token)).body.data).toMatchObject({ total: 0 })
  })
})

describe('the reform portal only where the configuration says it is', () => {
  const overview = (host: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    s.app.inject({ method: 'GET', url: '/api/show/overview', headers: { host, ...headers }, remoteAddress })

  it('answers on the portal origin from a portal peer; a forged Host from elsewhere gets no portal data', async () => {
    const portal = await overview('portal.zj.internal:8080', '127.0.0.1')
    expect(portal.statusCode).toBe(200)
    expect((portal.json() as { data: { parcelCount: number } }).data.parcelCount).toBeGreaterThan(0)
    for (const forged of [
      overview('portal.zj.internal', '10.1.2.3'),
      overview('portal.zj.internal', '10.1.2.3', { 'x-forwarded-for': '127.0.0.1', 'x-forwarded-host': 'portal.zj.internal' }),
      overview('example.org', '127.0.0.1'),
      overview('portal.zj.internal.example.org', '127.0.0.1'),
    ]) {
      const r = await forged
      expect([r.statusCode, (r.json() as { message: string }).message]).toEqual([403, '改革门户数据仅限门户主机访问'])
      expect(r.body).not.toContain('parcelCount')
    }
    const news = await s.app.inject({
      method: 'GET',
      url: '/api/show/news',
      headers: { host: 'portal.zj.internal' },
      remoteAddress: '10.1.2.3',
    })
    expect(news.statusCode).toBe(403)
  })
})
