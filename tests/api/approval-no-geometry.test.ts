/**
 * Approving a new record that has no geometry (issue 18 finding 4): an enterprise without a map point, a
 * parcel without a shape and an enterprise of a CSV import without coordinates are merged like any other
 * new record — inserted with a NULL geometry, their region from the county the proposal names.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SubmissionSaved } from '../../src/domain/contracts/datacenter'
import { makeCreditCode } from '../../src/domain/codes/credit-code'
import { mulberry32 } from '../../src/server/db/seed/rng'
import { startServer, type TestServer } from './harness'
import { CLERK_PAGES, decide, freshLandCode, makeRole, one, person, twoCounties } from './datacenter-helpers'
import { allRows, checkBatch, importBatch, rulesOf } from './import-helpers'

let s: TestServer
let county: string
const t: Record<string, string> = {}
const rng = mulberry32(1804)

beforeAll(async () => {
  s = await startServer()
  county = (await twoCounties(s)).A.county
  t.admin = await s.login('admin', 'Admin@2026')
  const clerkRole = await makeRole(s, t.admin, '区县业务员', 'COUNTY_CLERK', [
    ...CLERK_PAGES,
    '/system/data/center/sjcj',
    '/system/data/center/sjcl',
  ])
  const auditRole = await makeRole(s, t.admin, '区县审核员', 'COUNTY_AUDIT', ['/system/audit/gyyd', '/system/audit/yddw'])
  t.clerk = (await person(s, t.admin, 'clerk_ng', county, [clerkRole])).token
  t.audit = (await person(s, t.admin, 'audit_ng', county, [auditRole])).token
})
afterAll(() => s?.close())

const submitNew = (kind: 'parcel' | 'enterprise', payload: Record<string, unknown>) =>
  s.postJson<SubmissionSaved>(`/api/datacenter/input/${kind}/add`, { payload, submit: true }, t.clerk)

describe('a new record without geometry is approved', () => {
  it('an enterprise without a map point', async () => {
    const code = makeCreditCode(county, rng)
    const r = await submitNew('enterprise', {
      credit_code: code,
      name: '无坐标示范有限公司',
      scale: '规下',
      status: '在营',
      county_code: county,
    })
    expect(r.status, r.body.message).toBe(200)
    const approved = await decide(s, r.body.data.id, 'approve', t.audit)
    expect([approved.status, approved.body.message]).toEqual([200, expect.any(String)])
    const row = await one<{ id: number; county_code: string; no_point: boolean }>(
      s,
      'SELECT id, county_code, location IS NULL AS no_point FROM enterprise WHERE credit_code = $1',
      [code],
    )
    expect(row).toEqual({ id: approved.body.data.recordId, county_code: county, no_point: true })
  })

  it('a parcel without a shape', async () => {
    const landCode = freshLandCode(county, 41)
    const r = await submitNew('parcel', {
      land_code: landCode,
      name: '无图形地块',
      land_use_code: '0601',
      status: '在建',
      county_code: county,
    })
    expect(r.status, r.body.message).toBe(200)
    const approved = await decide(s, r.body.data.id, 'approve', t.audit)
    expect([approved.status, approved.body.message]).toEqual([200, expect.any(String)])
    const row = await one<{ id: number; county_code: string; no_shape: boolean }>(
      s,
      'SELECT id, county_code, geom IS NULL AS no_shape FROM parcel WHERE land_code = $1',
      [landCode],
    )
    expect(row).toEqual({ id: approved.body.data.recordId, county_code: county, no_shape: true })
  })

  it('an enterprise of a CSV import without coordinates', async () => {
    const code = makeCreditCode(county, rng)
    const csv = `企业名称,统一社会信用代码,企业规模,经营状态,区县\r\n导入无坐标有限公司,${code},规下,在营,${county}\r\n`
    const batch = await importBatch(s, t.clerk, { name: '无坐标企业.csv', bytes: Buffer.from(csv) }, 'enterprise')
    await checkBatch(s, t.clerk, batch.id)
    const rows = await allRows(s, t.clerk, batch.id)
    expect(rows.map((r) => [r.action, rulesOf(r)])).toEqual([['create', []]])
    const committed = await s.postJson<{ submitted: number }>('/api/datacenter/sjcl/submit', { id: batch.id }, t.clerk)
    expect([committed.status, committed.body.data?.submitted], committed.body.message).toEqual([200, 1])
    const sub = await one<{ id: number }>(s, 'SELECT id FROM dc_submission WHERE batch_id = $1', [batch.id])
    const approved = await decide(s, sub.id, 'approve', t.audit)
    expect([approved.status, approved.body.message]).toEqual([200, expect.any(String)])
    const row = await one<{ name: string; no_point: boolean }>(
      s,
      'SELECT name, location IS NULL AS no_point FROM enterprise WHERE credit_code = $1',
      [code],
    )
    expect(row).toEqual({ name: '导入无坐标有限公司', no_point: true })
  })
})
