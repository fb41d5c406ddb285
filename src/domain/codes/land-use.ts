/**
 * Land-use codes the platform deals with (docs/domain.md "Units and codes"):
 * 现状地类 from GB/T 21010-2017《土地利用现状分类》 and 规划用途 from the 2023
 * 《国土空间调查、规划、用途管制用地用海分类指南》.
 */

/** 现状地类 (GB/T 21010-2017), 06 工矿仓储用地 without 0603 盐田. */
export const LAND_USE_CODES = {
  '0601': '工业用地',
  '0602': '采矿用地',
  '0604': '仓储用地',
} as const

/** A GB/T 21010-2017 code of {@link LAND_USE_CODES}. */
export type LandUseCode = keyof typeof LAND_USE_CODES

/**
 * 现状地类 (GB/T 21010-2017) of 农用地 that land 复垦 returns to (the 复垦 method of 盘活, docs/domain.md):
 * such a parcel leaves the industrial books (已收回) and keeps its new class.
 */
export const RECLAIMED_LAND_USE_CODES = {
  '0101': '水田',
  '0102': '水浇地',
  '0103': '旱地',
  '0201': '果园',
  '0202': '茶园',
  '0301': '乔木林地',
  '0404': '其他草地',
} as const
export type ReclaimedLandUseCode = keyof typeof RECLAIMED_LAND_USE_CODES

/** 规划用途 (用地用海分类 2023): 10 工矿用地 and 11 仓储用地, at the levels parcels use. */
export const PLANNING_USE_CODES = {
  '1001': '工业用地',
  '100101': '一类工业用地',
  '100102': '二类工业用地',
  '100103': '三类工业用地',
  '1002': '采矿用地',
  '1101': '物流仓储用地',
  '110101': '一类物流仓储用地',
  '110102': '二类物流仓储用地',
  '110103': '三类物流仓储用地',
} as const

/** A code of {@link PLANNING_USE_CODES}. */
export type PlanningUseCode = keyof typeof PLANNING_USE_CODES

/** The 现状地类 a planning class falls under, e.g. 100102 → 0601. */
export const PLANNING_TO_LAND_USE: Readonly<Record<PlanningUseCode, LandUseCode>> = {
  '1001': '0601',
  '100101': '0601',
  '100102': '0601',
  '100103': '0601',
  '1002': '0602',
  '1101': '0604',
  '110101': '0604',
  '110102': '0604',
  '110103': '0604',
}

/** Chinese name of a 现状地类 code, or undefined when unknown. */
export function landUseName(code: string): string | undefined {
  return (LAND_USE_CODES as Record<string, string>)[code] ?? (RECLAIMED_LAND_USE_CODES as Record<string, string>)[code]
}

/** Chinese name of a 规划用途 code, or undefined when unknown. */
export function planningUseName(code: string): string | undefined {
  return (PLANNING_USE_CODES as Record<string, string>)[code]
}

/** True when `code` is one of {@link LAND_USE_CODES}. */
export function isLandUseCode(code: string): code is LandUseCode {
  return Object.prototype.hasOwnProperty.call(LAND_USE_CODES, code)
}

/** True when `code` is one of {@link PLANNING_USE_CODES}. */
export function isPlanningUseCode(code: string): code is PlanningUseCode {
  return Object.prototype.hasOwnProperty.call(PLANNING_USE_CODES, code)
}

/** True when `code` is one of {@link RECLAIMED_LAND_USE_CODES}. */
export function isReclaimedLandUseCode(code: string): code is ReclaimedLandUseCode {
  return Object.prototype.hasOwnProperty.call(RECLAIMED_LAND_USE_CODES, code)
}
