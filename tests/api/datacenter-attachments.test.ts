/**
 * 附件 of the one-record forms (地块更新, 工业用地录入, 用地单位录入): files uploaded to the content
 * store travel with a submission by id — kept by a draft, its edits and its submission; refused
 * with a Chinese message naming 附件 (nothing written) when unknown or someone else's; listed and
 * downloadable in the audit details inside the data scope; linked to the record by the approval in
 * the same transaction as the merge and its history row; kept on the submission when returned.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileView } from '../../src/domain/contracts/base-file'
import type { HistoryRow, SubmissionDetails, SubmissionSaved } from '../../src/domain/contracts/datacenter'
import type { Db } from '../../src/server/db/engine'
import { startServer, type TestServer } from './harness'
import { upload } from './admin-helpers'
import {
  CLERK_PAGES,
  count,
  decide,
  demoTokens,
  firstIn,
  makeRole,
  one,
  openRecord,
  person,
  proposeUpdate,
  twoCounties,
  type Counties,
  workflowCounts,
} from './datacenter-helpers'

let s: TestServer
let c: Counties
const t: Record<string, string> = {}

/** The approval to stop inside its transaction (just before COMMIT), and what it had written then. */
const stop: { at: number | null; linkedInTx: number | null } = { at: null, linkedInTx: null }
const hooks = {
  approval: {
    beforeCommit: async (id: number, tx: Db) => {
      if (id !== stop.at) return
      stop.linkedInTx = (
        await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM record_attachment WHERE submission_id = $1', [id])
      ).rows[0].n
      throw new Error('test: the approval fails after its writes')
    },
  },
}

const PDF = new Uint8Array(Buffer.from('%PDF-1.7\n1 0 obj\n<< /Title (土地出让合同) >>\nendobj\ntrailer\n<<>>\n%%EOF\n', 'utf8'))
const PNG = new Uint8Array([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0,
])

async function put(name: string, bytes: Uint8Array<ArrayBuffer>, token: string): Promise<FileView> {
  const r = await upload(s, '/api/base/file/upload', {}, { name, bytes }, token)
  if (r.status !== 200) throw new Error(`upload ${name}: ${r.status} ${r.body.message}`)
  return r.body.data as FileView
}

async function download(id: number, token: string) {
  const res = await fetch(`${s.base}/api/base/file/download?id=${id}`, {
    headers: { Authorization: `Bearer ${token}`, 'X-Requested-With': 'XMLHttpRequest' },
  })
  return { status: res.status, disposition: res.headers.get('content-disposition'), bytes: Buffer.from(await res.arrayBuffer()) }
}

const details = async (id: number, token: string) => (await s.get<SubmissionDetails>(`/api/audit/query/details?id=${id}`, token)).body.data
const carried = async (id: number) =>
  (await s.db.query<{ file_id: string }>('SELECT file_id FROM dc_submission_file WHERE submission_id = $1 ORDER BY sort', [id])).rows.map(
    (r) => Number(r.file_id),
  )
const editDraft = (id: number, body: Record<string, unknown>, token: string) =>
  s.postJson<SubmissionSaved>('/api/datacenter/input/draft/edit', { id, ...body }, token)

beforeAll(async () => {
  s = await startServer({}, { testHooks: hooks })
  c = await twoCounties(s)
  await demoTokens(s, t)
  const clerkRole = await makeRole(s, t.admin, '区县业务员', 'COUNTY_CLERK', CLERK_PAGES)
  const auditRole = await makeRole(s, t.admin, '区县审核员', 'COUNTY_AUDIT', ['/system/audit/gyyd', '/system/audit/yddw'])
  for (const [name, region, role] of [
    ['clerk_a', c.A.county, clerkRole],
    ['clerk_a2', c.A.county, clerkRole],
    ['clerk_b', c.B.county, clerkRole],
    ['audit_a', c.A.county, auditRole],
    ['audit_b', c.B.county, auditRole],
  ] as const) {
    t[name] = (await person(s, t.admin, name, region, [role])).token
  }
})
afterAll(() => s?.close())

describe('a parcel change with attachments', () => {
  let parcel: number
  let contract: FileView
  let photo: FileView
  let sub: number

  it('saves a draft carrying the files, in order; the details list them with name, size and download', async () => {
    parcel = await firstIn(s, 'parcel', c.A.county)
    contract = await put('土地出让合同.pdf', PDF, t.clerk_a)
    photo = await put('现场照片.png', PNG, t.clerk_a)
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/parcel/update',
      { targetId: parcel, payload: { location_desc: '附件测试路1号' }, attachments: [contract.id, photo.id] },
      t.clerk_a,
    )
    expect([r.status, r.body.data.state]).toEqual([200, '草稿'])
    sub = r.body.data.id
    expect(await carried(sub)).toEqual([contract.id, photo.id])
    const d = await details(sub, t.clerk_a)
    expect(d.attachments.map((a) => [a.id, a.name, a.size, a.kind, a.downloadUrl])).toEqual([
      [contract.id, '土地出让合同.pdf', PDF.length, 'pdf', `/api/base/file/download?id=${contract.id}`],
      [photo.id, '现场照片.png', PNG.length, 'png', `/api/base/file/download?id=${photo.id}`],
    ])
    expect(d.attachments[0]).toMatchObject({ uploadedByName: '测试clerk_a', submissionId: null })
    const log = await one<{ action: string; target: string }>(
      s,
      "SELECT action, target FROM operation_log WHERE module = 'datacenter' ORDER BY id DESC LIMIT 1",
    )
    expect(log).toEqual({ action: '修改地块', target: `地块 #${parcel} 提交 #${sub} 附件 2 个` })
  })

  it('keeps them when the draft is edited without a list, replaces them with one, and keeps them when submitted', async () => {
    expect((await editDraft(sub, { payload: { location_desc: '附件测试路2号' } }, t.clerk_a)).status).toBe(200)
    expect(await carried(sub)).toEqual([contract.id, photo.id])
    expect((await editDraft(sub, { payload: { location_desc: '附件测试路2号' }, attachments: [photo.id] }, t.clerk_a)).status).toBe(200)
    expect(await carried(sub)).toEqual([photo.id])
    expect(
      (await editDraft(sub, { payload: { location_desc: '附件测试路3号' }, attachments: [photo.id, contract.id] }, t.clerk_a)).status,
    ).toBe(200)
    const r = await s.postJson<SubmissionSaved>('/api/audit/query/add', { id: sub }, t.clerk_a)
    expect([r.status, r.body.data.state]).toEqual([200, '待审核'])
    expect(await carried(sub)).toEqual([photo.id, contract.id])
    expect((await details(sub, t.audit_a)).attachments.map((a) => a.name)).toEqual(['现场照片.png', '土地出让合同.pdf'])
  })

  it('lets the county’s and the province’s auditors download them byte for byte under their names; another county gets 404', async () => {
    for (const token of [t.audit_a, t.auditor]) {
      const f = await download(contract.id, token)
      expect(f.status).toBe(200)
      expect(Buffer.compare(f.bytes, Buffer.from(PDF))).toBe(0)
      expect(f.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('土地出让合同.pdf')}`)
    }
    for (const token of [t.audit_b, t.clerk_b]) {
      const f = await download(photo.id, token)
      expect([f.status, JSON.parse(f.bytes.toString('utf8')).message]).toEqual([404, `文件 ${photo.id} 不存在或不在本账号的数据范围内`])
    }
    // the submission is not theirs to read either
    expect((await s.get(`/api/audit/query/details?id=${sub}`, t.audit_b)).status).toBe(404)
  })

  it('does not let the uploader delete a file a submission carries', async () => {
    const r = await s.postJson('/api/base/file/delete', { id: photo.id }, t.clerk_a)
    expect([r.status, r.body.message]).toEqual([422, `该文件是提交 #${sub} 的附件，请先从提交中移除`])
    expect(await count(s, 'upload_file WHERE id = $1', [photo.id])).toBe(1)
  })

  it('links them to the record inside the approval’s transaction: a failure before COMMIT leaves no link, no history', async () => {
    stop.at = sub
    const failed = await decide(s, sub, 'approve', t.audit_a)
    stop.at = null
    expect(failed.status).toBe(500)
    // written in the transaction with the merge and the history row …
    expect(stop.linkedInTx).toBe(2)
    // … and gone with it
    expect(await count(s, 'record_attachment')).toBe(0)
    expect(await count(s, "record_history WHERE kind = 'parcel' AND record_id = $1", [parcel])).toBe(0)
    expect((await one<{ state: string }>(s, 'SELECT state FROM dc_submission WHERE id = $1', [sub])).state).toBe('待审核')
    expect((await openRecord(s, 'parcel', parcel, t.clerk_a)).attachments).toEqual([])
  })

  it('approved, the files are the record’s with the submission that added them; the record and its history show them', async () => {
    const r = await decide(s, sub, 'approve', t.audit_a)
    expect([r.status, r.body.data.version]).toEqual([200, 1])
    const links = (
      await s.db.query<{ file_id: string; submission_id: string; kind: string; record_id: number }>(
        'SELECT file_id, submission_id, kind, record_id FROM record_attachment ORDER BY id',
      )
    ).rows
    expect(links.map((l) => [Number(l.file_id), Number(l.submission_id), l.kind, l.record_id])).toEqual([
      [photo.id, sub, 'parcel', parcel],
      [contract.id, sub, 'parcel', parcel],
    ])
    const view = await openRecord(s, 'parcel', parcel, t.clerk_a2)
    expect(view.attachments.map((a) => [a.name, a.submissionId])).toEqual([
      ['现场照片.png', sub],
      ['土地出让合同.pdf', sub],
    ])
    const history = (await s.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=parcel&id=${parcel}`, t.clerk_a2)).body.data
    expect(history.map((h) => [h.version, h.attachments.map((a) => a.name)])).toEqual([[1, ['现场照片.png', '土地出让合同.pdf']]])
    expect((await details(sub, t.audit_a)).attachments).toHaveLength(2)
    // a colleague of the county reads the record's file; another county does not
    expect((await download(contract.id, t.clerk_a2)).status).toBe(200)
    expect((await download(contract.id, t.clerk_b)).status).toBe(404)
    const del = await s.postJson('/api/base/file/delete', { id: contract.id }, t.clerk_a)
    expect([del.status, del.body.message]).toEqual([422, `该文件已是地块 #${parcel} 的附件，不能删除`])
  })

  it('a second approved change adds its own file; one the record has already stays with its first submission', async () => {
    const survey = await put('勘测报告.pdf', new Uint8Array(Buffer.from('%PDF-1.4\n% 勘测报告\n%%EOF\n', 'utf8')), t.clerk_a)
    const r = await s.postJson<SubmissionSaved>(
      '/api/datacenter/input/parcel/update',
      { targetId: parcel, payload: { location_desc: '附件测试路4号' }, submit: true, attachments: [survey.id, contract.id] },
      t.clerk_a,
    )
    expect(r.status).toBe(200)
    expect((await decide(s, r.body.data.id, 'approve', t.audit_a)).status).toBe(200)
    const view = await openRecord(s, 'parcel', parcel, t.clerk_a)
    expect(view.attachments.map((a) => [a.name, a.submissionId])).toEqual([
      ['现场照片.png', sub],
      ['土地出让合同.pdf', sub],
      ['勘测报告.pdf', r.body.data.id],
    ])
    const history = (await s.get<HistoryRow[]>(`/api/datacenter/input/history/list?kind=parcel&id=${parcel}`, t.clerk_a)).body.data
    expect(history.map((h) => [h.version, h.attachments.map((a) => a.name)])).toEqual([
      [2, ['勘测报告.pdf']],
      [1, ['现场照片.png', '土地出让合同.pdf']],
    ])
  })
})

describe('refused attachments', () => {
  it.each([
    ['a file id that does not exist', async () => 987654, '附件：文件 #987654 不存在或不是本人上传的附件，请重新上传'],
    ['a colleague’s file', async () => (await put('同事的照片.png', PNG, t.clerk_a2)).id, null],
    ['another county’s file', async () => (await put('外县合同.pdf', PDF, t.clerk_b)).id, null],
  ])('%s: 400 naming 附件, nothing written', async (_what, fileOf, message) => {
    const id = await fileOf()
    const parcel = await firstIn(s, 'parcel', c.A.county, 1)
    const before = await workflowCounts(s)
    const files = await count(s, 'dc_submission_file')
    const r = await s.postJson(
      '/api/datacenter/input/parcel/update',
      { targetId: parcel, payload: { location_desc: '不应写入' }, submit: true, attachments: [id] },
      t.clerk_a,
    )
    expect(r.status).toBe(400)
    expect(r.body.message).toBe(message ?? `附件：文件 #${id} 不存在或不是本人上传的附件，请重新上传`)
    expect(r.body.details).toEqual([{ field: 'attachments', message: `文件 #${id} 不存在或不是本人上传的附件，请重新上传` }])
    expect(await workflowCounts(s)).toEqual(before)
    expect(await count(s, 'dc_submission_file')).toBe(files)
  })

  it('refuses a new record and a draft edit with an unknown file the same way, and a list that is not ids or repeats one', async () => {
    const mine = await put('合同.pdf', PDF, t.clerk_a)
    const before = await workflowCounts(s)
    const add = await s.postJson(
      '/api/datacenter/input/enterprise/add',
      { payload: { name: '附件测试企业' }, attachments: [mine.id, 555555] },
      t.clerk_a,
    )
    expect([add.status, add.body.message]).toEqual([400, '附件：文件 #555555 不存在或不是本人上传的附件，请重新上传'])
    const twice = await s.postJson(
      '/api/datacenter/input/enterprise/add',
      { payload: { name: '附件测试企业' }, attachments: [mine.id, mine.id] },
      t.clerk_a,
    )
    expect([twice.status, twice.body.details]).toEqual([400, [{ field: 'attachments', message: '附件中有重复的文件' }]])
    const text = await s.postJson(
      '/api/datacenter/input/enterprise/add',
      { payload: { name: '附件测试企业' }, attachments: ['合同.pdf'] },
      t.clerk_a,
    )
    expect([text.status, text.body.details?.[0]]).toEqual([400, { field: 'attachments.0', message: '附件应为文件编号' }])
    expect(await workflowCounts(s)).toEqual(before)

    const enterprise = await firstIn(s, 'enterprise', c.A.county)
    const draft = (await proposeUpdate(s, 'enterprise', enterprise, { contact_person: '附件草稿' }, t.clerk_a, false)).body.data.id
    expect((await editDraft(draft, { payload: { contact_person: '附件草稿' }, attachments: [mine.id] }, t.clerk_a)).status).toBe(200)
    const edit = await editDraft(draft, { payload: { contact_person: '附件草稿二' }, attachments: [mine.id, 444444] }, t.clerk_a)
    expect([edit.status, edit.body.message]).toEqual([400, '附件：文件 #444444 不存在或不是本人上传的附件，请重新上传'])
    expect(await carried(draft)).toEqual([mine.id])
    expect(
      (await one<{ payload: { contact_person: string } }>(s, 'SELECT payload FROM dc_submission WHERE id = $1', [draft])).payload
        .contact_person,
    ).toBe('附件草稿')
  })

  it('refuses the source file of an import batch', async () => {
    const csv = await upload(
      s,
      '/api/datacenter/sjcj/upload',
      { kind: 'enterprise', crs: 'auto' },
      { name: '企业.csv', bytes: new Uint8Array(Buffer.from('企业名称\n甲\n', 'utf8')) },
      t.clerk,
    )
    const fileId = (await one<{ file_id: string } | undefined>(s, 'SELECT file_id FROM dc_import_batch ORDER BY id DESC LIMIT 1'))?.file_id
    if (csv.status !== 200 || !fileId) return expect.fail(`import upload: ${csv.status} ${csv.body.message}`)
    const parcel = await firstIn(s, 'parcel', c.A.county, 2)
    // the demo clerk uploaded it and proposes: still refused, an import source is no attachment
    const r = await s.postJson(
      '/api/datacenter/input/parcel/update',
      { targetId: parcel, payload: { location_desc: '不应写入' }, attachments: [Number(fileId)] },
      t.clerk,
    )
    expect([r.status, r.body.details?.[0].field]).toEqual([400, 'attachments'])
  })
})

describe('returning a change with attachments', () => {
  it('keeps them on the returned submission (not on the record); the clerk fixes it and they go to audit again', async () => {
    const parcel = await firstIn(s, 'parcel', c.A.county, 3)
    const report = await put('勘测报告.pdf', PDF, t.clerk_a)
    const sub = (
      await s.postJson<SubmissionSaved>(
        '/api/datacenter/input/parcel/update',
        { targetId: parcel, payload: { location_desc: '退回测试路' }, submit: true, attachments: [report.id] },
        t.clerk_a,
      )
    ).body.data.id
    const r = await decide(s, sub, 'reject', t.audit_a, '勘测报告缺少盖章页')
    expect([r.status, r.body.data.state]).toEqual([200, '已退回'])
    expect(await carried(sub)).toEqual([report.id])
    expect((await details(sub, t.clerk_a)).attachments.map((a) => a.name)).toEqual(['勘测报告.pdf'])
    expect(await count(s, "record_attachment WHERE kind = 'parcel' AND record_id = $1", [parcel])).toBe(0)
    expect((await download(report.id, t.audit_a)).status).toBe(200)
    // 修改 and submit again without naming the list: still carried
    const again = await editDraft(sub, { payload: { location_desc: '退回测试路（补盖章页）' }, submit: true }, t.clerk_a)
    expect([again.status, again.body.data.state]).toEqual([200, '待审核'])
    expect((await details(sub, t.audit_a)).attachments.map((a) => a.name)).toEqual(['勘测报告.pdf'])
  })
})
