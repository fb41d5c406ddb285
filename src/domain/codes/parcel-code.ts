/**
 * 宗地代码 (parcel id, GB/T 13923 不动产单元代码的宗地部分), 19 characters:
 * county division code (6) + 地籍区 (3) + 地籍子区 (3) + 宗地特征码 (2) + 宗地顺序号 (5),
 * e.g. `330110001002GB00017`. docs/domain.md "Units and codes".
 */

/**
 * 宗地特征码, first character: who owns the land — G 国家土地所有权, J 集体土地所有权,
 * Z 土地所有权未确定或有争议.
 */
export const PARCEL_OWNERSHIP_CODES = { G: '国家土地所有权', J: '集体土地所有权', Z: '土地所有权未确定或有争议' } as const

/**
 * 宗地特征码, second character: the kind of right on the parcel. Industrial land is almost
 * always `GB` (state-owned 建设用地使用权, at the surface).
 */
export const PARCEL_RIGHT_CODES = {
  A: '集体土地所有权宗地',
  B: '建设用地使用权宗地（地表）',
  S: '建设用地使用权宗地（地上）',
  X: '建设用地使用权宗地（地下）',
  C: '宅基地使用权宗地',
  D: '土地承包经营权宗地（耕地）',
  E: '林地使用权宗地',
  F: '草原使用权宗地',
  H: '海域使用权宗海',
  G: '无居民海岛使用权海岛',
  W: '使用权未确定或有争议的土地',
  Y: '其他土地使用权宗地',
} as const

/** The parts of a 宗地代码. */
export interface ParcelCodeParts {
  /** County-level division code, 6 digits (e.g. 330110). */
  county: string
  /** 地籍区, 3 digits. */
  cadastralDistrict: string
  /** 地籍子区, 3 digits. */
  cadastralSubdistrict: string
  /** 宗地特征码, 2 letters (e.g. GB). */
  feature: string
  /** 宗地顺序号, 1–99999. */
  sequence: number
}

const PARCEL_CODE_PATTERN = /^(\d{6})(\d{3})(\d{3})([A-Z]{2})(\d{5})$/

/** Builds a 宗地代码; throws RangeError on parts that cannot form one (programming error). */
export function buildParcelCode(parts: ParcelCodeParts): string {
  const { county, cadastralDistrict, cadastralSubdistrict, feature, sequence } = parts
  if (!/^\d{6}$/.test(county)) throw new RangeError(`宗地代码：县级区划码应为6位数字，得到 "${county}"`)
  if (!/^\d{3}$/.test(cadastralDistrict)) throw new RangeError(`宗地代码：地籍区应为3位数字，得到 "${cadastralDistrict}"`)
  if (!/^\d{3}$/.test(cadastralSubdistrict)) throw new RangeError(`宗地代码：地籍子区应为3位数字，得到 "${cadastralSubdistrict}"`)
  if (!isKnownFeatureCode(feature)) throw new RangeError(`宗地代码：宗地特征码无效 "${feature}"`)
  if (!Number.isInteger(sequence) || sequence < 1 || sequence > 99999)
    throw new RangeError(`宗地代码：宗地顺序号应为1–99999，得到 ${sequence}`)
  return `${county}${cadastralDistrict}${cadastralSubdistrict}${feature}${String(sequence).padStart(5, '0')}`
}

/** Splits a 宗地代码 into its parts, or returns null when it is not one (see {@link validateParcelCode}). */
export function parseParcelCode(code: string): ParcelCodeParts | null {
  if (validateParcelCode(code) !== null) return null
  const m = PARCEL_CODE_PATTERN.exec(code)!
  return { county: m[1]!, cadastralDistrict: m[2]!, cadastralSubdistrict: m[3]!, feature: m[4]!, sequence: Number(m[5]) }
}

/**
 * Checks a 宗地代码. Returns null when valid, otherwise the Chinese message to show.
 * Only the form is checked here; whether the county exists is the region table's business.
 */
export function validateParcelCode(code: string): string | null {
  if (!code) return '宗地代码不能为空'
  if (code.length !== 19) return '宗地代码应为19位'
  const m = PARCEL_CODE_PATTERN.exec(code)
  if (!m) return '宗地代码格式错误（应为6位区划码+3位地籍区+3位地籍子区+2位特征码+5位顺序号）'
  const county = m[1]!
  // a county-level code never ends in 00 (that would be a city or province)
  if (county.endsWith('00')) return '宗地代码前6位应为县级行政区划代码'
  if (!isKnownFeatureCode(m[4]!)) return '宗地代码的宗地特征码无效'
  if (m[5] === '00000') return '宗地代码的宗地顺序号不能为00000'
  return null
}

function isKnownFeatureCode(feature: string): boolean {
  return feature.length === 2 && feature[0]! in PARCEL_OWNERSHIP_CODES && feature[1]! in PARCEL_RIGHT_CODES
}
