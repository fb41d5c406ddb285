/** Exports: a text cell that starts like a formula is escaped; everything else goes through as it is. */
import { describe, expect, it } from 'vitest'
import { attachmentHeader, escapeCell } from '../../../src/server/http/xlsx'

describe('escapeCell', () => {
  it.each([
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+86 138', "'+86 138"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['杭州市 = 浙江', '杭州市 = 浙江'],
    ['330106001002GB00001', '330106001002GB00001'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(escapeCell(input)).toBe(output)
  })

  it('leaves numbers, dates, booleans and blanks alone (a negative number is a number, not a formula)', () => {
    const d = new Date(0)
    expect([escapeCell(-5), escapeCell(d), escapeCell(true), escapeCell(null)]).toEqual([-5, d, true, null])
  })
})

describe('attachmentHeader', () => {
  it('names the file in ASCII and, for Chinese names, in RFC 5987', () => {
    expect(attachmentHeader('地块主数据_2026-11-21.xlsx')).toBe(
      `attachment; filename="______2026-11-21.xlsx"; filename*=UTF-8''${encodeURIComponent('地块主数据_2026-11-21.xlsx')}`,
    )
  })
})
