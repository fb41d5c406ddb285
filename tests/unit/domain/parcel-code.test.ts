import { describe, expect, it } from 'vitest'
import { buildParcelCode, parseParcelCode, validateParcelCode } from '../../../src/domain/codes/parcel-code'

describe('宗地代码 (19 chars)', () => {
  it('builds the docs/domain.md example from its parts and parses it back', () => {
    const parts = { county: '330110', cadastralDistrict: '001', cadastralSubdistrict: '002', feature: 'GB', sequence: 17 }
    expect(buildParcelCode(parts)).toBe('330110001002GB00017')
    expect(parseParcelCode('330110001002GB00017')).toEqual(parts)
    expect(validateParcelCode('330110001002GB00017')).toBeNull()
  })

  it('pads the sequence to 5 digits and keeps 99999', () => {
    expect(buildParcelCode({ county: '330282', cadastralDistrict: '101', cadastralSubdistrict: '999', feature: 'JA', sequence: 1 })).toBe(
      '330282101999JA00001',
    )
    expect(
      buildParcelCode({ county: '330282', cadastralDistrict: '101', cadastralSubdistrict: '999', feature: 'GB', sequence: 99999 }),
    ).toBe('330282101999GB99999')
  })

  it.each([
    ['', '宗地代码不能为空'],
    ['330110001002GB0001', '宗地代码应为19位'],
    ['330110001002GB000170', '宗地代码应为19位'],
    ['33011000100GGB00017', '宗地代码格式错误（应为6位区划码+3位地籍区+3位地籍子区+2位特征码+5位顺序号）'],
    ['330110001002gb00017', '宗地代码格式错误（应为6位区划码+3位地籍区+3位地籍子区+2位特征码+5位顺序号）'],
    ['330100001002GB00017', '宗地代码前6位应为县级行政区划代码'],
    ['330110001002QB00017', '宗地代码的宗地特征码无效'],
    ['330110001002GQ00017', '宗地代码的宗地特征码无效'],
    ['330110001002GB00000', '宗地代码的宗地顺序号不能为00000'],
  ])('rejects %j: %s', (code, message) => {
    expect(validateParcelCode(code)).toBe(message)
    expect(parseParcelCode(code)).toBeNull()
  })

  it.each([
    { sequence: 0 },
    { sequence: 100000 },
    { sequence: 1.5 },
    { county: '3301' },
    { cadastralDistrict: '1' },
    { cadastralSubdistrict: 'ABC' },
    { feature: 'XX' },
  ])('refuses to build from bad parts %j', (bad) => {
    const parts = { county: '330110', cadastralDistrict: '001', cadastralSubdistrict: '002', feature: 'GB', sequence: 17, ...bad }
    expect(() => buildParcelCode(parts)).toThrow(RangeError)
  })
})
