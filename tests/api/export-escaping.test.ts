/**
 * One xlsx writer that escapes formulas (issue 18 finding 7): a user name typed at a failed sign-in
 * is logged as typed; exported by 操作日志 it is a text cell, never a formula — read back with
 * exceljs, the cell's type is text and its value starts with the apostrophe that keeps it so.
 */
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin: string
beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
})
afterAll(() => s?.close())

const PLANTED = '=HYPERLINK("http://x","y")'

it('a failed sign-in with a formula for a user name exports as text', async () => {
  const r = await s.postForm('/api/login/do', { username: PLANTED, password: 'a'.repeat(64) })
  expect(r.status).toBe(401)

  const res = await fetch(`${s.base}/api/log/export?module=login`, { headers: { Authorization: `Bearer ${admin}` } })
  expect(res.status).toBe(200)
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer)
  const ws = wb.getWorksheet('操作日志')!
  expect(ws.getRow(1).getCell(2).value).toBe('用户')
  const cells: ExcelJS.Cell[] = []
  ws.eachRow((row, n) => {
    if (n > 1) row.eachCell((cell) => cells.push(cell))
  })
  const planted = cells.filter((c) => String(c.value).includes('HYPERLINK'))
  // the user column and the 对象 column both carry the typed name
  expect(planted.length).toBeGreaterThanOrEqual(2)
  for (const c of planted) {
    expect(c.type).toBe(ExcelJS.ValueType.String)
    expect(c.value).toBe(`'${PLANTED}`)
    expect(c.formula).toBeUndefined()
  }
  // no cell of the whole sheet is a formula
  expect(cells.filter((c) => c.type === ExcelJS.ValueType.Formula)).toEqual([])
})
