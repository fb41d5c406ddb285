/**
 * 差别化政策 (docs/domain.md "亩均效益评价"): per county and year, the terms each class gets —
 * electricity surcharge, water price markup, 排污权 fee coefficient, 城镇土地使用税 relief share,
 * new land and energy quotas, credit guidance. The built-in terms stand until a county saves its own.
 */
import type { AppraisalClass } from './appraisal'

/** New land / energy quota terms. */
export const QUOTA_TERMS = ['优先保障', '一般保障', '限制', '禁止'] as const
export type QuotaTerm = (typeof QUOTA_TERMS)[number]

/** The terms of one class. */
export interface PolicyTerms {
  /** 差别电价加价, 元/千瓦时 (≥ 0) */
  electricitySurcharge: number
  /** 差别水价加价, 元/立方米 (≥ 0) */
  waterSurcharge: number
  /** 排污权有偿使用费系数 (> 0; 1 = the standard fee) */
  emissionFeeFactor: number
  /** 城镇土地使用税减免比例, % (0–100) */
  landTaxRelief: number
  newLand: QuotaTerm
  energyQuota: QuotaTerm
  /** 信贷导向 */
  credit: string
}

/** Built-in terms (a starting point each county edits). */
export const DEFAULT_POLICY: Record<AppraisalClass, PolicyTerms> = {
  A: {
    electricitySurcharge: 0,
    waterSurcharge: 0,
    emissionFeeFactor: 0.8,
    landTaxRelief: 100,
    newLand: '优先保障',
    energyQuota: '优先保障',
    credit: '优先支持',
  },
  B: {
    electricitySurcharge: 0,
    waterSurcharge: 0,
    emissionFeeFactor: 1,
    landTaxRelief: 50,
    newLand: '一般保障',
    energyQuota: '一般保障',
    credit: '正常支持',
  },
  C: {
    electricitySurcharge: 0.05,
    waterSurcharge: 0.3,
    emissionFeeFactor: 1.2,
    landTaxRelief: 0,
    newLand: '限制',
    energyQuota: '限制',
    credit: '审慎支持',
  },
  D: {
    electricitySurcharge: 0.1,
    waterSurcharge: 0.5,
    emissionFeeFactor: 1.5,
    landTaxRelief: 0,
    newLand: '禁止',
    energyQuota: '禁止',
    credit: '压缩退出',
  },
}
