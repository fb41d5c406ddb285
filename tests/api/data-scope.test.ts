/**
 * 数据范围 (issue 3 "Data scope"): every parcel and enterprise query and write is limited to the
 * user's region subtree — proved by reading and writing across regions by id, and by the scope
 * helper against the seeded parcel table at every level.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from '../../src/domain/contracts/envelope'
import type { EnterpriseBrief, ParcelBrief } from '../../src/domain/contracts/land-scope'
import { regionInScope, scopeCondition, scopeOf, type DataScope } from '../../src/server/auth/data-scope'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds } from './admin-helpers'

let s: TestServer
let admin: string
/** Two counties with parcels and enterprises, in two different cities. */
let A: { county: string; city: string }
let B: { county: string; city: string }
const token: Record<string, string> = {}

const one = async <T>(sql: string, params: unknown[] = []) => (await s.db.query<T>(sql, params)).rows[0]
const n = async (sql: string, params: unknown[] = []) => (await one<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`, params)).n

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  const counties = (
    await s.db.query<{ county: string; city: string }>(
      `SELECT p.county_code AS county, p.city_code AS city FROM parcel p JOIN enterprise e ON e.county_code = p.county_code
       WHERE NOT p.deleted GROUP BY 1, 2 HAVING count(DISTINCT p.id) >= 3 ORDER BY count(DISTINCT p.id) DESC`,
    )
  ).rows
  A = counties[0]
  B = counties.find((c) => c.city !== A.city) as { county: string; city: string }
  const role = await s.postJson<{ id: number }>('/api/role/add', { name: '区县数据员', code: 'COUNTY_DATA' }, admin)
  await s.postJson(
    '/api/role/menus/grant',
    { roleId: role.body.data.id, menuIds: await menuIds(s, ['/system/data/center/input', '/system/data/center/yddwInput']) },
    admin,
  )
  const roleIds = [role.body.data.id]
  token.county = (await makeUser(s, admin, { username: 'county_a', regionCode: A.county, roleIds })).token
  token.city = (await makeUser(s, admin, { username: 'city_a', regionCode: A.city, roleIds })).token
  token.province = (await makeUser(s, admin, { username: 'province', regionCode: '330000', roleIds })).token
  token.none = (await makeUser(s, admin, { username: 'no_region', regionCode: null, roleIds })).token
})
afterAll(() => s?.close())

const parcelIn = (county: string) =>
  one<{ id: number; name: string }>('SELECT id, name FROM parcel WHERE county_code = $1 AND NOT deleted ORDER BY id LIMIT 1', [county])
const enterpriseIn = (county: string) =>
  one<{ id: number; contact_person: string }>(
    'SELECT id, contact_person FROM enterprise WHERE county_code = $1 AND NOT deleted ORDER BY id LIMIT 1',
    [county],
  )

describe('lists are limited to the subtree', () => {
  it.each([
    ['county', () => ['county_code', A.county]],
    ['city', () => ['city_code', A.city]],
    ['province', () => ['province_code', '330000']],
  ] as const)('a %s user sees exactly the parcels and enterprises of that region', async (who, where) => {
    const [column, code] = where()
    const parcels = await s.get<Page<ParcelBrief>>('/api/industryMap/landList?pageSize=500', token[who])
    expect(parcels.body.data.total).toBe(await n(`parcel WHERE ${column} = $1 AND NOT deleted`, [code]))
    expect(parcels.body.data.total).toBeGreaterThan(0)
    if (who === 'county') expect(parcels.body.data.list.every((p) => p.countyCode === A.county)).toBe(true)
    const enterprises = await s.get<Page<EnterpriseBrief>>('/api/yddw/getPage?pageSize=500', token[who])
    expect(enterprises.body.data.total).toBe(await n(`enterprise WHERE ${column} = $1 AND NOT deleted`, [code]))
  })

  it('admin sees everything, a user without a region nothing', async () => {
    expect((await s.get<Page<ParcelBrief>>('/api/industryMap/landList', admin)).body.data.total).toBe(await n('parcel WHERE NOT deleted'))
    expect((await s.get<Page<ParcelBrief>>('/api/industryMap/landList', token.none)).body.data.total).toBe(0)
    expect((await s.get<Page<EnterpriseBrief>>('/api/yddw/getPage', token.none)).body.data.total).toBe(0)
  })

  it('a filter for another county gives nothing rather than leaking it', async () => {
    const r = await s.get<Page<ParcelBrief>>(`/api/industryMap/landList?countyCode=${B.county}`, token.county)
    expect(r.body.data.total).toBe(0)
  })
})

describe('reads by id across regions', () => {
  it('a county user reads a parcel of the county and gets 404 for one of another county', async () => {
    const own = await parcelIn(A.county)
    const other = await parcelIn(B.county)
    expect((await s.get<ParcelBrief>(`/api/industryMap/landInfo?id=${own.id}`, token.county)).body.data.id).toBe(own.id)
    const r = await s.get(`/api/industryMap/landInfo?id=${other.id}`, token.county)
    expect([r.status, r.body.message]).toEqual([404, `地块 ${other.id} 不存在或不在本账号的数据范围内`])
    // the same answer as an id that does not exist: ids reveal nothing
    const none = await s.get('/api/industryMap/landInfo?id=99999999', token.county)
    expect(none.body.message).toBe('地块 99999999 不存在或不在本账号的数据范围内')
  })

  it('a city user reads the county inside the city, not the other city', async () => {
    expect((await s.get(`/api/industryMap/landInfo?id=${(await parcelIn(A.county)).id}`, token.city)).status).toBe(200)
    expect((await s.get(`/api/industryMap/landInfo?id=${(await parcelIn(B.county)).id}`, token.city)).status).toBe(404)
    expect((await s.get(`/api/yddw/query?id=${(await enterpriseIn(B.county)).id}`, token.city)).status).toBe(404)
    expect((await s.get(`/api/yddw/query?id=${(await enterpriseIn(A.county)).id}`, token.city)).status).toBe(200)
  })
})

describe('writes by id across regions', () => {
  // master data changes only through submissions (data centre): the scope decides who may propose
  it('a county user proposes a change of a parcel of the county; one of another county is 404 and nothing is written', async () => {
    const own = await parcelIn(A.county)
    const other = await parcelIn(B.county)
    const mine = await s.postJson<{ id: number }>(
      '/api/datacenter/input/parcel/update',
      { targetId: own.id, payload: { name: '本县地块（已核）' }, submit: true },
      token.county,
    )
    expect(mine.status).toBe(200)
    expect(
      await one<{ state: string; county_code: string }>('SELECT state, county_code FROM dc_submission WHERE id = $1', [mine.body.data.id]),
    ).toEqual({ state: '待审核', county_code: A.county })
    // nothing reaches the master data before an auditor approves
    expect((await one<{ name: string }>('SELECT name FROM parcel WHERE id = $1', [own.id])).name).toBe(own.name)
    const submissions = await n('dc_submission')
    const r = await s.postJson(
      '/api/datacenter/input/parcel/update',
      { targetId: other.id, payload: { name: '越权修改' }, submit: true },
      token.county,
    )
    expect(r.status).toBe(404)
    expect(await n('dc_submission')).toBe(submissions)
    expect((await one<{ name: string }>('SELECT name FROM parcel WHERE id = $1', [other.id])).name).toBe(other.name)
    const log = await one<{ success: boolean; target: string; username: string }>(
      "SELECT success, target, username FROM operation_log WHERE action = '修改地块' ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ success: false, target: `地块 #${other.id}`, username: 'county_a' })
  })

  it('the same for enterprises', async () => {
    const own = await enterpriseIn(A.county)
    const other = await enterpriseIn(B.county)
    const payload = { contact_person: '王联系', contact_phone: '0571-88888888', address: '本县' }
    expect(
      (await s.postJson('/api/datacenter/input/enterprise/update', { targetId: own.id, payload, submit: true }, token.county)).status,
    ).toBe(200)
    expect(
      (
        await s.postJson(
          '/api/datacenter/input/enterprise/update',
          { targetId: other.id, payload: { contact_person: '越权' }, submit: true },
          token.county,
        )
      ).status,
    ).toBe(404)
    expect((await one<{ contact_person: string }>('SELECT contact_person FROM enterprise WHERE id = $1', [other.id])).contact_person).toBe(
      other.contact_person,
    )
    expect((await one<{ contact_person: string }>('SELECT contact_person FROM enterprise WHERE id = $1', [own.id])).contact_person).toBe(
      own.contact_person,
    )
  })

  it('the old direct edit endpoints are gone', async () => {
    const own = await parcelIn(A.county)
    expect(
      (await s.postJson('/api/industryMap/land/update', { id: own.id, name: '直接修改', locationDesc: '' }, token.county)).status,
    ).toBe(404)
    expect(
      (await s.postJson('/api/yddw/update', { id: own.id, contactPerson: '直接修改', contactPhone: '', address: '' }, token.county)).status,
    ).toBe(404)
  })

  it('a write that names a region outside the scope is refused with the region named', async () => {
    const ops = (await s.db.query<{ id: number }>("SELECT id FROM role WHERE name = '运维'")).rows[0].id
    const countyOps = await makeUser(s, admin, { username: 'county_ops', regionCode: A.county, roleIds: [ops] })
    const r = await s.postJson('/api/regionrecoup/add', { regionCode: B.county, year: 2025, taxPerMu: 30 }, countyOps.token)
    expect([r.status, r.body.message]).toEqual([403, `区划 ${B.county} 不在本账号的数据范围内`])
    expect((await s.postJson('/api/regionrecoup/add', { regionCode: A.county, year: 2025, taxPerMu: 30 }, countyOps.token)).status).toBe(
      200,
    )
    const company = await s.postJson(
      '/api/user/company/add',
      { enterpriseId: (await enterpriseIn(B.county)).id, username: 'qiye_b', realName: '越权' },
      countyOps.token,
    )
    expect(company.status).toBe(404)
  })
})

describe('the scope helper against the seeded parcel table', () => {
  const count = async (scope: DataScope) => {
    const params: unknown[] = []
    return n(`parcel p WHERE NOT p.deleted AND ${scopeCondition(scope, 'p', params)}`, params)
  }
  it('turns a user into a condition on the column of the region level', async () => {
    const town = await one<{ town: string }>(
      'SELECT town_code AS town FROM parcel WHERE town_code IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    )
    const user = (regionCode: string | null, regionLevel: string | null, isAdmin = false) => scopeOf({ isAdmin, regionCode, regionLevel })
    expect(await count(user(null, null, true))).toBe(await n('parcel WHERE NOT deleted'))
    expect(await count(user('330000', 'province'))).toBe(await n("parcel WHERE NOT deleted AND province_code = '330000'"))
    expect(await count(user(A.city, 'city'))).toBe(await n('parcel WHERE NOT deleted AND city_code = $1', [A.city]))
    expect(await count(user(A.county, 'county'))).toBe(await n('parcel WHERE NOT deleted AND county_code = $1', [A.county]))
    expect(await count(user(town.town, 'town'))).toBe(await n('parcel WHERE NOT deleted AND town_code = $1', [town.town]))
    expect(await count(user(null, null))).toBe(0)
    const params: unknown[] = [42]
    expect(scopeCondition(user(A.county, 'county'), 'p', params)).toBe('p.county_code = $2')
    expect(params).toEqual([42, A.county])
  })
  it('tells whether a region lies in the scope', async () => {
    const scope = scopeOf({ isAdmin: false, regionCode: A.city, regionLevel: 'city' })
    expect(await regionInScope(s.db, scope, A.county)).toBe(true)
    expect(await regionInScope(s.db, scope, A.city)).toBe(true)
    expect(await regionInScope(s.db, scope, B.county)).toBe(false)
    expect(await regionInScope(s.db, scope, '330000')).toBe(false)
  })
})
