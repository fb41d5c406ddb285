/** Shared by the data-centre suites: people with regions, records to work on, and reading rows. */
import ExcelJS from 'exceljs'
import type { RecordView, SubmissionSaved } from '../../src/domain/contracts/datacenter'
import type { Answer, TestServer } from './harness'
import { makeUser, menuIds } from './admin-helpers'

/** Two counties with parcels and enterprises, in two different cities. */
export interface Counties {
  A: { county: string; city: string }
  B: { county: string; city: string }
}

/** Tokens of the demo admin, clerk and auditor (province-level accounts). */
export async function demoTokens(s: TestServer, t: Record<string, string>): Promise<void> {
  t.admin = await s.login('admin', 'Admin@2026')
  t.clerk = await s.login('clerk', 'Clerk@2026')
  t.auditor = await s.login('auditor', 'Auditor@2026')
}

/** Picks two counties of the seeded data in different cities. */
export async function twoCounties(s: TestServer): Promise<Counties> {
  const rows = (
    await s.db.query<{ county: string; city: string }>(
      `WITH c AS (
         SELECT p.county_code AS county, p.city_code AS city, count(*) AS parcels,
                (SELECT count(*) FROM enterprise e WHERE e.county_code = p.county_code AND NOT e.deleted) AS enterprises
           FROM parcel p WHERE NOT p.deleted AND p.county_code IS NOT NULL GROUP BY 1, 2)
       -- the tests take up to the fifth parcel and enterprise of a county and delete some: the richest counties in both
       SELECT county, city FROM c WHERE parcels >= 5 AND enterprises >= 5
        ORDER BY least(parcels, enterprises) DESC, parcels DESC, county`,
    )
  ).rows
  const A = rows[0]
  const B = rows.find((c) => c.city !== A.city) as { county: string; city: string }
  return { A, B }
}

/** Every data-centre editing and claiming page at /system (a county clerk's role). */
export const CLERK_PAGES = ['input', 'gyydInput', 'yddwInput', 'foundGyyd', 'foundYddw'].map((p) => `/system/data/center/${p}`)

/** A role with the given pages; returns its id. */
export async function makeRole(s: TestServer, admin: string, name: string, code: string, pages: string[]): Promise<number> {
  const role = await s.postJson<{ id: number }>('/api/role/add', { name, code }, admin)
  if (role.status !== 200) throw new Error(`role ${name}: ${role.body.message}`)
  await s.postJson('/api/role/menus/grant', { roleId: role.body.data.id, menuIds: await menuIds(s, pages) }, admin)
  return role.body.data.id
}

/** Creates an account in a region with roles; returns its id and token. */
export async function person(s: TestServer, admin: string, username: string, regionCode: string | null, roleIds: number[]) {
  return makeUser(s, admin, { username, regionCode, roleIds })
}

/** One row. */
export async function one<T>(s: TestServer, sql: string, params: unknown[] = []): Promise<T> {
  return (await s.db.query<T>(sql, params)).rows[0]
}

/** A count. */
export async function count(s: TestServer, sql: string, params: unknown[] = []): Promise<number> {
  return (await one<{ n: number }>(s, `SELECT count(*)::int AS n FROM ${sql}`, params)).n
}

/** The first live parcel (or enterprise) of a county, by id. */
export async function firstIn(s: TestServer, table: 'parcel' | 'enterprise', county: string, offset = 0): Promise<number> {
  return (
    await one<{ id: number }>(s, `SELECT id FROM ${table} WHERE county_code = $1 AND NOT deleted ORDER BY id OFFSET $2 LIMIT 1`, [
      county,
      offset,
    ])
  ).id
}

/** A record as the input page opens it. */
export async function openRecord(s: TestServer, kind: 'parcel' | 'enterprise', id: number, token: string): Promise<RecordView> {
  const r = await s.get<RecordView>(`/api/datacenter/input/record?kind=${kind}&id=${id}`, token)
  if (r.status !== 200) throw new Error(`record ${kind} ${id}: ${r.status} ${r.body.message}`)
  return r.body.data
}

/** Proposes a change of a record's values (draft or submitted). */
export function proposeUpdate(
  s: TestServer,
  kind: 'parcel' | 'enterprise',
  targetId: number,
  payload: Record<string, unknown>,
  token: string,
  submit = true,
): Promise<Answer<SubmissionSaved>> {
  return s.postJson<SubmissionSaved>(`/api/datacenter/input/${kind}/update`, { targetId, payload, submit }, token)
}

/** Decides a submission. */
export function decide(s: TestServer, id: number, decision: 'approve' | 'reject', token: string, reason?: string) {
  return s.postJson<{ id: number; state: string; recordId?: number; version?: number }>(
    '/api/audit/update/one',
    { id, decision, reason },
    token,
  )
}

/** Counts of the workflow tables, to prove that a refused call wrote nothing. */
export async function workflowCounts(s: TestServer) {
  const r = await one<Record<string, number>>(
    s,
    `SELECT (SELECT count(*)::int FROM dc_submission) AS submissions, (SELECT count(*)::int FROM dc_submission_event) AS events,
            (SELECT count(*)::int FROM record_history) AS history, (SELECT count(*)::int FROM parcel) AS parcels,
            (SELECT count(*)::int FROM enterprise) AS enterprises, (SELECT max(updated_at) FROM parcel)::text AS parcel_touch,
            (SELECT max(updated_at) FROM enterprise)::text AS enterprise_touch`,
  )
  return r
}

/** A valid 19-char 宗地代码 of a county that the seed does not use. */
export const freshLandCode = (county: string, n: number) => `${county}777001GB${String(n).padStart(5, '0')}`

/** Downloads an xlsx and reads its first sheet back as rows of cell values (a failure: its body as the one cell). */
export async function readSheet(
  s: TestServer,
  path: string,
  token: string,
): Promise<{ status: number; type: string | null; disposition: string | null; rows: unknown[][] }> {
  const res = await fetch(s.base + path, { headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' } })
  const buf = Buffer.from(await res.arrayBuffer())
  if (res.status !== 200)
    return { status: res.status, type: res.headers.get('content-type'), disposition: null, rows: [[buf.toString('utf8')]] }
  const book = new ExcelJS.Workbook()
  await book.xlsx.load(buf as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  book.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { status: res.status, type: res.headers.get('content-type'), disposition: res.headers.get('content-disposition'), rows }
}
