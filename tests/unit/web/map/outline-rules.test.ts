/** Levels without outlines (issue 19): which are missing, and what administrators and everyone else read. */
import { describe, expect, it } from 'vitest'
import { missingLevels, outlineHintText, seatLegendText } from '../../../../src/web/map/rules/outline-rules'

describe('missingLevels', () => {
  const CITIES_ONLY = { province: true, city: true, county: false }
  it('names the levels a map needs and the database lacks, top down', () => {
    expect(missingLevels(CITIES_ONLY, ['city', 'county'])).toEqual(['county'])
    expect(missingLevels(CITIES_ONLY, ['city'])).toEqual([])
    expect(missingLevels({ province: false, city: false, county: false }, ['county', 'city'])).toEqual(['city', 'county'])
    expect(missingLevels({ province: true, city: true, county: true }, ['city', 'county'])).toEqual([])
  })
  it('says nothing while the levels are unknown', () => {
    expect(missingLevels(undefined, ['county'])).toEqual([])
    expect(missingLevels(null, ['county'])).toEqual([])
  })
})

describe('texts', () => {
  it('tells administrators how the figures show and the import command', () => {
    expect(outlineHintText(['county'])).toBe('未导入县级边界：县级数据以驻地符号显示。管理员可用 npm run import:boundaries 导入审图号边界')
  })
  it('gives everyone a legend line without any command', () => {
    expect(seatLegendText(['county'])).toBe('县级以驻地符号显示')
    expect(seatLegendText(['city', 'county'])).toBe('市级、县级以驻地符号显示')
    expect(seatLegendText(['county'])).not.toMatch(/npm/)
  })
})
