import { describe, expect, it } from 'vitest'
import {
  CREDIT_CODE_ALPHABET,
  creditCodeCheckChar,
  creditCodeDivision,
  makeCreditCode,
  orgCodeCheckChar,
  validateCreditCode,
} from '../../../src/domain/codes/credit-code'

/** Published codes of well-known companies (their 营业执照 are public). */
const REAL_CODES = [
  ['91330100716105852F', '阿里巴巴（中国）有限公司', '330100'],
  ['914403001922038216', '华为技术有限公司', '440300'],
  ['91440300708461136T', '深圳市腾讯计算机系统有限公司', '440300'],
] as const

/** A tiny LCG so that the domain tests depend on nothing outside src/domain. */
function lcg(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0
    return s / 4294967296
  }
}

describe('统一社会信用代码 (GB 32100-2015)', () => {
  it.each(REAL_CODES)('accepts the real code %s (%s)', (code, _name, division) => {
    expect(validateCreditCode(code)).toBeNull()
    expect(creditCodeCheckChar(code.slice(0, 17))).toBe(code[17])
    expect(creditCodeDivision(code)).toBe(division)
  })

  it('computes the check char from the docs/domain.md rule (worked example)', () => {
    // Σ vᵢwᵢ for 91330100716105852 is 884; 884 mod 31 = 16; 31 − 16 = 15 → 'F'
    expect(creditCodeCheckChar('91330100716105852')).toBe('F')
    expect(CREDIT_CODE_ALPHABET[15]).toBe('F')
  })

  it('maps a remainder of 0 to check char 0, not 31', () => {
    // 9133010071610585W weighs 1612 = 52 × 31: the formula gives 31, which must wrap to '0'
    expect(creditCodeCheckChar('9133010071610585W')).toBe('0')
    expect(validateCreditCode('9133010071610585W0')).toBeNull()
  })

  it('rejects a wrong check char with the catalogue message', () => {
    expect(validateCreditCode('91330000MA27U0LJ2G')).toBe('统一社会信用代码校验位错误')
    expect(validateCreditCode('91330000MA27U0LJ21')).toBeNull()
  })

  it('rejects every other check char of a valid code', () => {
    const [code] = REAL_CODES[0]
    const wrong = [...CREDIT_CODE_ALPHABET].filter((c) => c !== code[17]).map((c) => validateCreditCode(code.slice(0, 17) + c))
    expect(wrong).toHaveLength(30)
    expect(new Set(wrong)).toEqual(new Set(['统一社会信用代码校验位错误']))
  })

  it('catches a single mistyped character anywhere in the first 17', () => {
    const [code] = REAL_CODES[0]
    for (let i = 0; i < 17; i++) {
      const replacement = code[i] === '1' ? '2' : '1'
      expect(validateCreditCode(code.slice(0, i) + replacement + code.slice(i + 1)), `position ${i + 1}`).toBe('统一社会信用代码校验位错误')
    }
  })

  it.each([
    ['', '统一社会信用代码不能为空'],
    ['91330100716105852', '统一社会信用代码应为18位'],
    ['91330100716105852FF', '统一社会信用代码应为18位'],
  ])('rejects %j: %s', (code, message) => {
    expect(validateCreditCode(code)).toBe(message)
  })

  it.each(['I', 'O', 'Z', 'S', 'V', 'f', '-', ' '])('rejects the illegal character %j', (ch) => {
    expect(validateCreditCode(`91330100716105852${ch}`)).toMatch(/^统一社会信用代码含非法字符/)
  })

  it('throws on programming errors rather than returning a message', () => {
    expect(() => creditCodeCheckChar('9133')).toThrow(RangeError)
    expect(() => creditCodeCheckChar('9133010071610585I')).toThrow(RangeError)
  })
})

describe('主体标识码 check char (GB 11714)', () => {
  it.each([
    ['71610585', '2'],
    ['19220382', '1'],
    ['70846113', '6'],
  ])('%s → %s (as in the real codes above)', (body, check) => {
    expect(orgCodeCheckChar(body)).toBe(check)
  })
})

describe('makeCreditCode', () => {
  it('makes valid enterprise codes registered in the given division', () => {
    const rng = lcg(42)
    const codes = Array.from({ length: 2000 }, () => makeCreditCode('330282', rng))
    for (const code of codes) {
      expect(validateCreditCode(code), code).toBeNull()
      expect(code.slice(0, 2)).toBe('91')
      expect(creditCodeDivision(code)).toBe('330282')
      expect(orgCodeCheckChar(code.slice(8, 16))).toBe(code[16])
    }
    expect(new Set(codes).size).toBe(codes.length)
    // both kinds of 主体标识码 occur: post-2015 "MA…" and converted organisation codes
    expect(codes.some((c) => c.slice(8, 10) === 'MA')).toBe(true)
    expect(codes.some((c) => /^\d{8}$/.test(c.slice(8, 16)))).toBe(true)
  })

  it('is reproducible from the generator', () => {
    const a = Array.from(
      { length: 5 },
      (
        (r) => () =>
          makeCreditCode('330109', r)
      )(lcg(7)),
    )
    const b = Array.from(
      { length: 5 },
      (
        (r) => () =>
          makeCreditCode('330109', r)
      )(lcg(7)),
    )
    expect(a).toEqual(b)
  })

  it('refuses a division code that is not 6 digits', () => {
    expect(() => makeCreditCode('3301', lcg(1))).toThrow(RangeError)
  })
})
