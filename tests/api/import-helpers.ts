/** Helpers of the data-centre import suites: upload a batch, wait for its job, read its rows. */
import { expect } from 'vitest'
import type { BatchProgress, BatchRows, BatchRowView, BatchView } from '../../src/domain/contracts/datacenter-import'
import { importServices } from '../../src/server/modules/datacenter-import/routes'
import type { Answer, TestServer } from './harness'

/**
 * Waits until the server's spare parse worker has loaded its readers: a suite that times how fast
 * a file is refused measures the refusal, not a thread booting beside a just-started server.
 */
export async function parserWarm(s: TestServer): Promise<void> {
  await importServices.get(s.db)?.parsers.ready()
}

/** POST /api/datacenter/sjcj/upload as the browser sends it. */
export function uploadBatch(
  s: TestServer,
  token: string,
  file: { name: string; bytes: Uint8Array | Buffer },
  kind: 'parcel' | 'enterprise',
  crs = 'auto',
): Promise<Answer<BatchView>> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('crs', crs)
  form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name)
  return s.call<BatchView>('/api/datacenter/sjcj/upload', { method: 'POST', body: form }, token)
}

/** Polls the progress until the batch leaves 导入中 / 检查中; returns the last answer and every progress seen. */
export async function waitForJob(
  s: TestServer,
  token: string,
  id: number,
  timeoutMs = 120_000,
): Promise<{ last: BatchProgress; seen: number[] }> {
  const t0 = Date.now()
  const seen: number[] = []
  for (;;) {
    const r = await s.get<BatchProgress>(`/api/datacenter/sjcj/progress?id=${id}`, token)
    expect(r.status).toBe(200)
    seen.push(r.body.data.progress)
    if (r.body.data.status !== '导入中' && r.body.data.status !== '检查中') return { last: r.body.data, seen }
    if (Date.now() - t0 > timeoutMs) throw new Error(`batch ${id} still ${r.body.data.status} after ${timeoutMs} ms`)
    await new Promise((res) => setTimeout(res, 150))
  }
}

/** Uploads and waits for 已上传; fails the test otherwise. */
export async function importBatch(
  s: TestServer,
  token: string,
  file: { name: string; bytes: Uint8Array | Buffer },
  kind: 'parcel' | 'enterprise',
  crs = 'auto',
): Promise<BatchView> {
  const up = await uploadBatch(s, token, file, kind, crs)
  expect(up.status, up.body.message).toBe(200)
  const { last } = await waitForJob(s, token, up.body.data.id)
  expect(last.status, last.message).toBe('已上传')
  return (await s.get<BatchView>(`/api/datacenter/sjcj/detail?id=${up.body.data.id}`, token)).body.data
}

/** Runs the checks and waits for 已检查. */
export async function checkBatch(s: TestServer, token: string, id: number): Promise<void> {
  const r = await s.postJson('/api/datacenter/sjcl/check', { id }, token)
  expect(r.status, r.body.message).toBe(200)
  const { last } = await waitForJob(s, token, id)
  expect(last.status, last.message).toBe('已检查')
}

/** Every row of a batch (pages of 500). */
export async function allRows(s: TestServer, token: string, id: number): Promise<BatchRowView[]> {
  const out: BatchRowView[] = []
  for (let page = 1; ; page++) {
    const r = await s.get<BatchRows>(`/api/datacenter/sjcl/issues?id=${id}&page=${page}&pageSize=500`, token)
    expect(r.status, r.body.message).toBe(200)
    out.push(...r.body.data.rows.list)
    if (out.length >= r.body.data.rows.total) return out
  }
}

/** The rules of a row's issues, sorted. */
export const rulesOf = (row: BatchRowView | undefined) => (row?.issues ?? []).map((i) => i.rule).sort()

/**
 * A point of a county with no demo parcel (nor, with `noEnterprises`, enterprise) within 1.5 km,
 * on a 20 × 20 grid over the county's extent; `skip` takes a later one.
 */
export async function freeSpot(
  s: TestServer,
  county: string,
  opts: { skip?: number; noEnterprises?: boolean } = {},
): Promise<[number, number]> {
  const r = await s.db.query<{ x: number; y: number }>(
    `SELECT ST_X(q.pt) AS x, ST_Y(q.pt) AS y FROM region r, generate_series(0, 19) i, generate_series(0, 19) j,
       LATERAL (SELECT ST_SetSRID(ST_MakePoint(ST_XMin(r.geom) + (ST_XMax(r.geom) - ST_XMin(r.geom)) * (i + 0.5) / 20,
                                               ST_YMin(r.geom) + (ST_YMax(r.geom) - ST_YMin(r.geom)) * (j + 0.5) / 20), 4326) AS pt) q
     WHERE r.code = $1 AND ST_Contains(r.geom, ST_Buffer(q.pt::geography, 1500)::geometry)
       AND NOT EXISTS (SELECT 1 FROM parcel p WHERE ST_DWithin(p.geom::geography, q.pt::geography, 1500))
       AND (NOT $3::boolean OR NOT EXISTS (SELECT 1 FROM enterprise e WHERE ST_DWithin(e.location::geography, q.pt::geography, 1500)))
     ORDER BY i, j OFFSET $2 LIMIT 1`,
    [county, opts.skip ?? 0, opts.noEnterprises ?? false],
  )
  if (!r.rows[0]) throw new Error(`no free spot in ${county}`)
  return [r.rows[0].x, r.rows[0].y]
}
