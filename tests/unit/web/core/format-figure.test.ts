/** Figures as walls and phones show them: grouping, fixed decimals, 亿元 for large money, bytes. */
import { describe, expect, it } from 'vitest'
import { formatBytes, formatFigure, formatMoney } from '../../../../src/web/core/format-figure'

describe('formatFigure', () => {
  it('groups thousands and fixes the decimals', () => {
    expect(formatFigure(1234567)).toBe('1,234,567')
    expect(formatFigure(1234.5, 2)).toBe('1,234.50')
    expect(formatFigure(0.125, 2)).toBe('0.13')
    expect(formatFigure(-987.654, 1)).toBe('-987.7')
  })

  it('keeps each decimal count apart when calls alternate (one formatter per count)', () => {
    expect([formatFigure(1.5, 0), formatFigure(1.5, 2), formatFigure(1.5, 0), formatFigure(1.5, 3)]).toEqual(['2', '1.50', '2', '1.500'])
  })

  it('shows a dash for no figure', () => {
    expect(formatFigure(null)).toBe('—')
    expect(formatFigure(undefined, 2)).toBe('—')
    expect(formatFigure(Number.NaN)).toBe('—')
    expect(formatFigure(Number.POSITIVE_INFINITY)).toBe('—')
  })
})

describe('formatMoney', () => {
  it('switches 万元 to 亿元 at 10 000 万元', () => {
    expect(formatMoney(9999.99)).toEqual({ text: '9,999.99', unit: '万元' })
    expect(formatMoney(12345.6)).toEqual({ text: '1.23', unit: '亿元' })
    expect(formatMoney(-20000, 1)).toEqual({ text: '-2.0', unit: '亿元' })
    expect(formatMoney(null)).toEqual({ text: '—', unit: '万元' })
  })
})

describe('formatBytes', () => {
  it('uses B, KB and MB', () => {
    expect(formatBytes(1023)).toBe('1023 B')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB')
  })
})
