/**
 * Reads on a replica (issue 20, DATABASE_READ_URL): the walls', reports' and globes' GETs read the
 * replica while it has caught up with the primary's data version, and the primary while it lags;
 * other operations never touch it. The "replica" here is a second database made from the same
 * template, so the test can make it differ from the primary and fall behind or catch up at will.
 * PostgreSQL only: the embedded engine has no replicas.
 */
import crypto from 'node:crypto'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPostgres, type Db } from '../../src/server/db/engine'
import { withDatabase } from './global-setup'
import { startServer, type TestServer } from './harness'

const onPostgres = inject('engine') === 'postgres'
let s: TestServer
let replica: Db
let admin: Db
const name = `ilp_replica_${crypto.randomBytes(4).toString('hex')}`
let token: string

beforeAll(async () => {
  if (!onPostgres) return
  admin = await openPostgres(inject('template'))
  await admin.exec(`CREATE DATABASE ${name} TEMPLATE ${inject('templateDb')}`)
  replica = await openPostgres(withDatabase(inject('template'), name))
  s = await startServer({}, { readDb: replica })
  token = await s.login('admin', 'Admin@2026')
}, 120_000)

afterAll(async () => {
  if (!onPostgres) return
  await s?.close()
  await replica?.close()
  await admin.exec(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
  await admin.close()
})

async function get(path: string) {
  const res = await fetch(`${s.base}${path}`, { headers: { Authorization: `Bearer ${token}` } })
  const body = (await res.json()) as { data: unknown }
  return { status: res.status, from: res.headers.get('x-read-from'), data: body.data }
}
const version = async (db: Db) => Number((await db.query<{ v: string }>('SELECT version::text AS v FROM data_version')).rows[0].v)

describe.skipIf(!onPostgres)('a read replica (DATABASE_READ_URL)', () => {
  it('reads the replica while it has caught up, the primary while it lags, and only for the aggregate and list reads', async () => {
    // a parcel renamed on the replica only: what a search finds tells which database answered
    const parcel = (await s.db.query<{ id: number }>('SELECT id FROM parcel WHERE NOT deleted AND geom IS NOT NULL ORDER BY id LIMIT 1'))
      .rows[0]
    await replica.query(`UPDATE parcel SET name = '只在副本中的地块' WHERE id = $1`, [parcel.id])
    const search = `/api/globe/search?keyword=${encodeURIComponent('只在副本中的地块')}`
    const fromReplica = await get(search)
    expect([fromReplica.status, fromReplica.from, (fromReplica.data as { id: number }[]).map((p) => p.id)]).toEqual([
      200,
      'replica',
      [parcel.id],
    ])

    // a write on the primary the replica has not received: the primary answers
    await s.db.query('UPDATE data_version SET version = version + 1000')
    const lagging = await get(search)
    expect([lagging.from, lagging.data]).toEqual(['primary', []])
    const wall = await get(`/api/bigData/overview?year=2024`)
    expect([wall.status, wall.from]).toEqual([200, 'primary'])

    // caught up: the replica again
    await replica.query('UPDATE data_version SET version = $1', [await version(s.db)])
    const again = await get(search)
    expect([again.from, (again.data as { id: number }[]).map((p) => p.id)]).toEqual(['replica', [parcel.id]])

    // the primary's version is read once per request: the answer cache's read serves the choice too
    const query = s.db.query
    let versionReads = 0
    s.db.query = ((sql: string, params?: unknown[]) => {
      if (sql.includes('FROM data_version')) versionReads++
      return query.call(s.db, sql, params)
    }) as typeof query
    try {
      const fresh = await get(`/api/bigData/overview?year=2023`)
      expect([fresh.status, fresh.from]).toEqual([200, 'replica'])
    } finally {
      s.db.query = query
    }
    expect(versionReads).toBe(1)

    // everything else reads and writes the primary: no choice is made for it
    const users = await fetch(`${s.base}/api/user/query?pageSize=1`, { headers: { Authorization: `Bearer ${token}` } })
    expect([users.status, users.headers.get('x-read-from')]).toEqual([200, null])
    const primaryName = (await s.db.query<{ name: string }>('SELECT name FROM parcel WHERE id = $1', [parcel.id])).rows[0].name
    expect(primaryName).not.toBe('只在副本中的地块')
  })
})

describe.skipIf(onPostgres)('on the embedded engine', () => {
  it('is skipped: the embedded engine has no replicas (DATABASE_READ_URL needs DATABASE_URL)', () => {
    expect(onPostgres).toBe(false)
  })
})
