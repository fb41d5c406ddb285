/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters —
 * 登记管理部门码 (1) + 机构类别码 (1) + 登记管理机关行政区划码 (6) + 主体标识码 (9, GB 11714
 * organisation code with its own check char) + 校验码 (1). docs/domain.md "Units and codes".
 */

/** The 31 characters a credit code may contain (no I, O, Z, S, V), in check-value order. */
export const CREDIT_CODE_ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY'

/** Weights of positions 1–17 (3^(i-1) mod 31). */
const CREDIT_CODE_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28] as const

/** GB 11714 weights of the 8 body characters of the 主体标识码 (positions 9–16). */
const ORG_CODE_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const

const CREDIT_CODE_PATTERN = /^[0-9A-HJ-NPQRTUWXY]{18}$/

/**
 * The 18th (check) character for the first 17 characters of a credit code.
 * Throws when `first17` is not 17 characters of {@link CREDIT_CODE_ALPHABET}: this is a
 * programming error, user input goes through {@link validateCreditCode}.
 */
export function creditCodeCheckChar(first17: string): string {
  if (first17.length !== 17) throw new RangeError(`creditCodeCheckChar needs 17 characters, got ${first17.length}`)
  let sum = 0
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CODE_ALPHABET.indexOf(first17[i]!)
    if (v < 0) throw new RangeError(`creditCodeCheckChar: illegal character "${first17[i]}"`)
    sum += v * CREDIT_CODE_WEIGHTS[i]!
  }
  // c = 31 − (Σ mod 31), and 31 maps to 0
  return CREDIT_CODE_ALPHABET[(31 - (sum % 31)) % 31]!
}

/**
 * Checks a 统一社会信用代码. Returns null when it is well-formed with a correct check char,
 * otherwise the Chinese message to show (the same message wherever a code is entered or imported).
 * Expects upper case and no surrounding spaces: callers normalise before validating.
 */
export function validateCreditCode(code: string): string | null {
  if (!code) return '统一社会信用代码不能为空'
  if (code.length !== 18) return '统一社会信用代码应为18位'
  if (!CREDIT_CODE_PATTERN.test(code)) return '统一社会信用代码含非法字符（只能是数字和除 I、O、Z、S、V 外的大写字母）'
  if (creditCodeCheckChar(code.slice(0, 17)) !== code[17]) return '统一社会信用代码校验位错误'
  return null
}

/** Characters 3–8: the registering authority's 6-digit division code. */
export function creditCodeDivision(code: string): string {
  return code.slice(2, 8)
}

/** GB 11714 check char of an 8-character organisation-code body: 0–9, X for 10, 0 for 11. */
export function orgCodeCheckChar(body8: string): string {
  if (body8.length !== 8) throw new RangeError(`orgCodeCheckChar needs 8 characters, got ${body8.length}`)
  let sum = 0
  for (let i = 0; i < 8; i++) {
    const ch = body8[i]!
    // digits are their value; letters A=10 … Z=35 (GB 11714)
    const v = ch >= '0' && ch <= '9' ? ch.charCodeAt(0) - 48 : ch.charCodeAt(0) - 55
    sum += v * ORG_CODE_WEIGHTS[i]!
  }
  const c = 11 - (sum % 11)
  return c === 10 ? 'X' : c === 11 ? '0' : String(c)
}

/**
 * A plausible, valid enterprise code registered in `divisionCode6` (for demo data): "91"
 * (工商, 企业) + division + a 主体标识码 — either a post-2015 "MA…" body or a converted 8-digit
 * organisation code, each with its GB 11714 check char — + the GB 32100 check char.
 * `rng` returns numbers in [0, 1); pass a seeded generator for reproducible output.
 */
export function makeCreditCode(divisionCode6: string, rng: () => number): string {
  if (!/^\d{6}$/.test(divisionCode6)) throw new RangeError(`makeCreditCode: division code must be 6 digits, got "${divisionCode6}"`)
  const pick = (chars: string) => chars[Math.floor(rng() * chars.length)]!
  let body: string
  if (rng() < 0.6) {
    body = 'MA'
    for (let i = 0; i < 6; i++) body += pick(CREDIT_CODE_ALPHABET)
  } else {
    body = pick('1234567')
    for (let i = 0; i < 7; i++) body += pick('0123456789')
  }
  const first17 = `91${divisionCode6}${body}${orgCodeCheckChar(body)}`
  return first17 + creditCodeCheckChar(first17)
}
