/**
 * 文件 (docs/product.md §7 /api/base/file/{upload, fileUploadByDm, download, delete}, /api/document/upload/file;
 * issue 7 "Bad input"): files are stored by content hash, never by the client's name; content
 * decides the type (HTML/SVG/scripts refused whatever the name); downloads are attachments with
 * the name safely encoded; only the uploader or admin deletes; bytes stay while referenced.
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FileView } from '../../src/domain/contracts/base-file'
import { buildZip } from '../fixtures/make/zip-writer'
import { startServer, type TestServer } from './harness'
import { makeUser, menuIds, upload } from './admin-helpers'

let s: TestServer
let admin: string
let clerk: string
/** a user of one county, who must not see a neighbouring county's files */
let countyUser: string
let otherCounty: string

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'))
/** every file under the upload folder, relative, without directories */
const stored = () =>
  fs.existsSync(s.uploadDir)
    ? (fs.readdirSync(s.uploadDir, { recursive: true }) as string[]).filter((f) => fs.statSync(path.join(s.uploadDir, f)).isFile()).sort()
    : []
const count = async (where: string, params: unknown[] = []) =>
  (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM upload_file WHERE ${where}`, params)).rows[0].n

beforeAll(async () => {
  s = await startServer({ UPLOAD_MAX_MB: 2 })
  admin = await s.login('admin', 'Admin@2026')
  clerk = await s.login('clerk', 'Clerk@2026')
  const role = await s.postJson<{ id: number }>('/api/role/add', { name: '区县文件员', code: 'COUNTY_FILES' }, admin)
  await s.postJson('/api/role/menus/grant', { roleId: role.body.data.id, menuIds: await menuIds(s, ['/system/data/center/sjcj']) }, admin)
  countyUser = (await makeUser(s, admin, { username: 'files_330102', regionCode: '330102', roleIds: [role.body.data.id] })).token
  otherCounty = (await makeUser(s, admin, { username: 'files_330106', regionCode: '330106', roleIds: [role.body.data.id] })).token
})
afterAll(() => s?.close())

describe('upload stores by content hash', () => {
  it('keeps a CSV at files/<2 hex>/<sha256>, never under the client name, and answers what it detected', async () => {
    const text = '企业名称,统一社会信用代码\n杭州示例科技有限公司,91330106MA2B0K8Q1X\n'
    const sha = crypto.createHash('sha256').update(text).digest('hex')
    const r = await upload(s, '/api/base/file/upload', {}, { name: '../../企业 名单.csv', bytes: bytesOf(text) }, clerk)
    expect(r.status).toBe(200)
    const f = r.body.data as FileView
    expect(f).toMatchObject({
      name: '企业 名单.csv',
      kind: 'text',
      mime: 'text/plain',
      size: Buffer.byteLength(text),
      sha256: sha,
      purpose: 'file',
      uploadedBy: 'clerk',
    })
    expect(stored()).toEqual([path.join('files', sha.slice(0, 2), sha)])
    expect(fs.readFileSync(path.join(s.uploadDir, 'files', sha.slice(0, 2), sha), 'utf8')).toBe(text)
  })

  it('keeps the same bytes once for two uploads', async () => {
    const text = 'a,b\n1,2\n'
    const one = await upload(s, '/api/base/file/upload', {}, { name: 'one.csv', bytes: bytesOf(text) }, clerk)
    const two = await upload(s, '/api/base/file/upload', {}, { name: 'two.csv', bytes: bytesOf(text) }, admin)
    expect([one.status, two.status]).toEqual([200, 200])
    const sha = (one.body.data as FileView).sha256
    expect(await count('sha256 = $1', [sha])).toBe(2)
    expect(stored().filter((f) => f.endsWith(sha))).toHaveLength(1)
  })

  it('accepts a real xlsx-like ZIP, a PDF and a PNG whose names match their content', async () => {
    const xlsx = buildZip([
      { name: '[Content_Types].xml', data: bytesOf('<Types/>') },
      { name: 'xl/workbook.xml', data: bytesOf('<workbook/>') },
    ])
    const pdf = bytesOf('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n')
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82])
    for (const [name, bytes, kind] of [
      ['台账.xlsx', new Uint8Array(xlsx), 'zip'],
      ['说明.pdf', pdf, 'pdf'],
      ['位置.png', png, 'png'],
    ] as const) {
      const r = await upload(s, '/api/base/file/upload', {}, { name, bytes }, clerk)
      expect([r.status, (r.body.data as FileView).kind]).toEqual([200, kind])
    }
  })
})

describe('bad input is refused with a Chinese message, quickly, leaving nothing behind', () => {
  const before: { files: string[]; rows: number } = { files: [], rows: 0 }
  beforeAll(async () => {
    before.files = stored()
    before.rows = await count('TRUE')
  })

  it.each([
    ['HTML named .png', 'photo.png', '<!DOCTYPE html><html><script>alert(1)</script></html>', 415, 'HTML/SVG/XML'],
    ['SVG named .xlsx', 'sheet.xlsx', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 415, 'HTML/SVG/XML'],
    ['HTML after a BOM and a CSV line, named .csv', 'list.csv', '\uFEFFa,b\n<script>alert(1)</script>\n', 415, 'HTML/SVG/XML'],
    ['XML named .txt', 'notes.txt', '<?xml version="1.0"?><x/>', 415, 'HTML/SVG/XML'],
    ['a shell script named .csv', 'data.csv', '#!/bin/sh\nrm -rf /\n', 415, '脚本'],
    ['a Windows program named .pdf', 'report.pdf', 'MZ\u0090\u0000\u0003', 415, '可执行程序'],
    ['a PDF named .png', 'image.png', '%PDF-1.4\n', 415, '与扩展名 .png 不符'],
    ['an unknown extension', 'tool.bat', 'echo hi\n', 415, '不支持的文件类型「.bat」'],
  ])('%s → %s', async (_what, name, text, status, words) => {
    const t0 = Date.now()
    const r = await upload(s, '/api/base/file/upload', {}, { name, bytes: bytesOf(text) }, clerk)
    expect(Date.now() - t0).toBeLessThan(2000)
    expect(r.status).toBe(status)
    expect(r.body.message).toContain(words)
  })

  it('refuses garbage bytes as unrecognised content', async () => {
    const garbage = new Uint8Array(4096)
    let x = 12345
    for (let i = 0; i < garbage.length; i++) garbage[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) & 255
    garbage[0] = 0
    const r = await upload(s, '/api/base/file/upload', {}, { name: 'random.xlsx', bytes: garbage }, clerk)
    expect([r.status, r.body.message]).toEqual([415, '无法识别的文件内容（文件可能已损坏或不是所声明的类型）'])
  })

  it('refuses a file over UPLOAD_MAX_MB with 413 naming the limit', async () => {
    const big = new Uint8Array(2 * 1024 * 1024 + 100).fill(0x41)
    const t0 = Date.now()
    const r = await upload(s, '/api/base/file/upload', {}, { name: 'big.csv', bytes: big }, clerk)
    expect(Date.now() - t0).toBeLessThan(2000)
    expect([r.status, r.body.message]).toEqual([413, '文件超过大小上限 2 MB'])
  })

  it('refuses a zip bomb, a path escaping the folder and a symlink entry', async () => {
    const bomb = buildZip([{ name: 'huge.txt', data: new Uint8Array(50 * 1024 * 1024) }])
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
    const cases: [string, Buffer, string][] = [
      ['bomb.zip', bomb, '疑似压缩炸弹'],
      ['escape.zip', buildZip([{ name: '../../etc/cron.d/x', data: bytesOf('x') }]), '试图跳出所在文件夹'],
      ['abs.zip', buildZip([{ name: '/etc/passwd', data: bytesOf('x') }]), '是绝对路径'],
      ['link.zip', buildZip([{ name: 'a.shp', data: bytesOf('/etc/passwd'), method: 0, unixMode: 0o120777 }]), '是符号链接'],
    ]
    for (const [name, bytes, words] of cases) {
      const t0 = Date.now()
      const r = await upload(s, '/api/base/file/upload', {}, { name, bytes: new Uint8Array(bytes) }, clerk)
      expect(Date.now() - t0).toBeLessThan(2000)
      expect(r.status).toBe(400)
      expect(r.body.message).toContain(words)
    }
  })

  it('wrote nothing for any of them, and the server still answers', async () => {
    expect(stored()).toEqual(before.files)
    expect(await count('TRUE')).toBe(before.rows)
    expect((await s.get('/api/health')).status).toBe(200)
  })

  it('asks for a file when none was sent, and refuses two', async () => {
    const none = await upload(s, '/api/base/file/upload', { note: 'x' }, null, clerk)
    expect([none.status, none.body.message]).toEqual([400, '请选择要上传的文件'])
    const form = new FormData()
    form.append('file', new Blob([bytesOf('a\n')]), 'a.csv')
    form.append('file', new Blob([bytesOf('b\n')]), 'b.csv')
    const two = await s.call('/api/base/file/upload', { method: 'POST', body: form }, clerk)
    expect(two.status).toBe(400)
    expect(stored()).toEqual(before.files)
  })

  it('tells the browser the limit before it sends anything', async () => {
    const r = await s.get<{ maxBytes: number; documentExtensions: string[] }>('/api/base/file/limits', clerk)
    expect(r.body.data.maxBytes).toBe(2 * 1024 * 1024)
    expect(r.body.data.documentExtensions).toContain('.pdf')
  })

  it('needs a signed-in user', async () => {
    expect((await upload(s, '/api/base/file/upload', {}, { name: 'a.csv', bytes: bytesOf('a\n') }, '')).status).toBe(401)
  })
})

describe('fileUploadByDm and documents', () => {
  it('files an upload under a 代码 and a record, and lists it by that code', async () => {
    const r = await upload(
      s,
      '/api/base/file/fileUploadByDm',
      { dm: 'parcel_status', recordId: '42' },
      { name: '地块照片.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2]) },
      clerk,
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({ dm: 'parcel_status', recordId: '42', kind: 'png' })
    const list = await s.get<FileView[]>('/api/base/file/query?dm=parcel_status&recordId=42', clerk)
    expect(list.body.data.map((f) => f.name)).toEqual(['地块照片.png'])
    expect((await s.get<FileView[]>('/api/base/file/query?dm=parcel_status&recordId=43', clerk)).body.data).toEqual([])
  })

  it('names the field when the code is bad, and stores nothing', async () => {
    const rows = await count('TRUE')
    const files = stored()
    const r = await upload(s, '/api/base/file/fileUploadByDm', { dm: 'Bad Code!' }, { name: 'a.csv', bytes: bytesOf('a\n') }, clerk)
    expect(r.status).toBe(400)
    expect(r.body.details).toEqual([{ field: 'dm', message: '代码（dm）应为小写字母开头的字母、数字或下划线，最多50个字符' }])
    const missing = await upload(s, '/api/base/file/fileUploadByDm', {}, { name: 'a.csv', bytes: bytesOf('a\n') }, clerk)
    expect(missing.body.details?.[0]).toEqual({ field: 'dm', message: '代码（dm）不能为空' })
    expect([await count('TRUE'), stored()]).toEqual([rows, files])
  })

  it('takes documents only at /api/document/upload/file', async () => {
    const pdf = await upload(s, '/api/document/upload/file', {}, { name: '批复.pdf', bytes: bytesOf('%PDF-1.5\n%%EOF\n') }, clerk)
    expect([pdf.status, (pdf.body.data as FileView).purpose]).toEqual([200, 'document'])
    const zip = await upload(
      s,
      '/api/document/upload/file',
      {},
      { name: 'a.zip', bytes: new Uint8Array(buildZip([{ name: 'a.txt', data: bytesOf('a') }])) },
      clerk,
    )
    expect(zip.status).toBe(415)
    expect(zip.body.message).toContain('不支持的文件类型「.zip」')
  })
})

describe('download', () => {
  it('serves the bytes as an attachment, the name encoded (RFC 5987), never sniffed', async () => {
    const name = '土地台账 (2024);%.csv'
    const text = '宗地代码\n330102001001GB00001\n'
    const r = await upload(s, '/api/base/file/upload', {}, { name, bytes: bytesOf(text) }, clerk)
    const f = r.body.data as FileView
    const res = await fetch(`${s.base}${f.downloadUrl}`, { headers: { Authorization: `Bearer ${clerk}` } })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(text)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-type')).toBe('text/plain')
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox")
    const cd = res.headers.get('content-disposition') ?? ''
    const m = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9%!#$&+\-.^_`|~]+)$/.exec(cd)
    expect(m).not.toBeNull()
    expect(m?.[1]).toMatch(/^[\x20-\x7e]+$/)
    expect(decodeURIComponent(m?.[2] ?? '')).toBe(f.name)
    expect(f.name).toBe(name)
    expect(m?.[1]).toBe('____ (2024)__.csv')
  })

  it('is limited by data scope: a neighbouring county gets 404, the province sees the county', async () => {
    const r = await upload(s, '/api/base/file/upload', {}, { name: '上城区.csv', bytes: bytesOf('a\n330102\n') }, countyUser)
    const f = r.body.data as FileView
    expect((await s.get(`/api/base/file/download?id=${f.id}`, otherCounty)).status).toBe(404)
    expect((await fetch(`${s.base}${f.downloadUrl}`, { headers: { Authorization: `Bearer ${clerk}` } })).status).toBe(200)
    const provinceFile = (await upload(s, '/api/base/file/upload', {}, { name: '全省.csv', bytes: bytesOf('a\n330000\n') }, clerk)).body
      .data as FileView
    const denied = await s.get(`/api/base/file/download?id=${provinceFile.id}`, countyUser)
    expect([denied.status, denied.body.message]).toEqual([404, `文件 ${provinceFile.id} 不存在或不在本账号的数据范围内`])
    // each download, taken or refused, is an operation-log row naming the file
    const rows = await s.db.query<{ username: string; module: string; action: string; target: string; status: number; success: boolean }>(
      `SELECT username, module, action, target, status, success FROM operation_log WHERE path = '/api/base/file/download' AND (target = $1 OR target LIKE $1 || ' %') ORDER BY id`,
      [`#${f.id}`],
    )
    expect(rows.rows).toEqual([
      { username: 'files_330106', module: 'file', action: '下载文件', target: `#${f.id}`, status: 404, success: false },
      { username: 'clerk', module: 'file', action: '下载文件', target: `#${f.id} 上城区.csv`, status: 200, success: true },
    ])
  })
})

describe('delete', () => {
  it('only the uploader or admin; the bytes stay while another row holds them', async () => {
    const text = 'x,y\n120.1,30.2\n'
    const mine = (await upload(s, '/api/base/file/upload', {}, { name: 'mine.csv', bytes: bytesOf(text) }, clerk)).body.data as FileView
    const copy = (await upload(s, '/api/base/file/upload', {}, { name: 'copy.csv', bytes: bytesOf(text) }, admin)).body.data as FileView
    const bytesPath = path.join(s.uploadDir, 'files', mine.sha256.slice(0, 2), mine.sha256)
    const foreign = await s.postJson('/api/base/file/delete', { id: copy.id }, clerk)
    expect([foreign.status, foreign.body.message]).toEqual([403, '只有上传者或管理员可以删除该文件'])
    expect((await s.postJson('/api/base/file/delete', { id: mine.id }, clerk)).status).toBe(200)
    expect(fs.existsSync(bytesPath)).toBe(true)
    expect((await s.get(`/api/base/file/download?id=${mine.id}`, clerk)).status).toBe(404)
    expect((await s.postJson('/api/base/file/delete', { id: copy.id }, admin)).status).toBe(200)
    expect(fs.existsSync(bytesPath)).toBe(false)
    expect((await s.postJson('/api/base/file/delete', { id: copy.id }, admin)).status).toBe(404)
  })
})
