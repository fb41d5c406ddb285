import { describe, expect, it } from 'vitest'
import { INDUSTRY_CODES, INDUSTRY_DIVISIONS, industryName, isIndustryCode } from '../../../src/domain/codes/industry'
import {
  LAND_USE_CODES,
  PLANNING_TO_LAND_USE,
  PLANNING_USE_CODES,
  isLandUseCode,
  isPlanningUseCode,
  landUseName,
  planningUseName,
} from '../../../src/domain/codes/land-use'

describe('land-use codes', () => {
  it('has GB/T 21010-2017 0601 / 0602 / 0604', () => {
    expect(LAND_USE_CODES).toEqual({ '0601': '工业用地', '0602': '采矿用地', '0604': '仓储用地' })
    expect(landUseName('0603')).toBeUndefined() // 盐田 is not industrial land
    expect(isLandUseCode('0601')).toBe(true)
    expect(isLandUseCode('toString')).toBe(false)
  })

  it('has the 2023 planning classes and maps each to its 现状地类', () => {
    expect(planningUseName('100101')).toBe('一类工业用地')
    expect(planningUseName('100102')).toBe('二类工业用地')
    expect(planningUseName('100103')).toBe('三类工业用地')
    expect(planningUseName('1101')).toBe('物流仓储用地')
    expect(Object.keys(PLANNING_TO_LAND_USE).sort()).toEqual(Object.keys(PLANNING_USE_CODES).sort())
    expect(PLANNING_TO_LAND_USE['100103']).toBe('0601')
    expect(PLANNING_TO_LAND_USE['1101']).toBe('0604')
    expect(PLANNING_TO_LAND_USE['1002']).toBe('0602')
    expect(isPlanningUseCode('1001')).toBe(true)
    expect(isPlanningUseCode('0601')).toBe(false)
  })
})

describe('GB/T 4754-2017 manufacturing divisions', () => {
  it('lists C13 … C43 in order, 31 divisions', () => {
    expect(INDUSTRY_CODES).toHaveLength(31)
    expect(INDUSTRY_CODES).toEqual(Array.from({ length: 31 }, (_, i) => `C${13 + i}`))
  })

  it.each([
    ['C26', '化学原料和化学制品制造业'],
    ['C34', '通用设备制造业'],
    ['C38', '电气机械和器材制造业'],
    ['C39', '计算机、通信和其他电子设备制造业'],
    ['C43', '金属制品、机械和设备修理业'],
  ])('%s is %s', (code, name) => {
    expect(INDUSTRY_DIVISIONS[code as keyof typeof INDUSTRY_DIVISIONS]).toBe(name)
  })

  it('names a finer class by its division and rejects non-divisions', () => {
    expect(industryName('C3411')).toBe('通用设备制造业')
    expect(industryName('C12')).toBeUndefined()
    expect(isIndustryCode('C44')).toBe(false)
    expect(isIndustryCode('C13')).toBe(true)
  })
})
