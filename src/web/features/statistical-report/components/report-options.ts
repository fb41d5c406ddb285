/**
 * The choices of the report filters, taken from the report contract's own query schemas so that a
 * select offers exactly what the server accepts, and from the product's code lists.
 */
import { APPRAISAL_CLASSES, APPRAISAL_CLASS_NAMES } from '../../../../domain/appraisal'
import { INDUSTRY_DIVISIONS } from '../../../../domain/codes/industry'
import { LAND_USE_CODES, landUseName } from '../../../../domain/codes/land-use'
import {
  LOW_EFFICIENCY_REASONS,
  enterpriseReportQuery,
  lowEfficiencyQuery,
  parcelReportQuery,
  type LowEfficiencyReason,
} from '../../../../domain/contracts/statistical-report'

/** A select option. */
export interface Choice {
  value: string
  label: string
}

const plain = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: v }))

/** 行业: manufacturing divisions C13–C43 as "C13 农副食品加工业". */
export const INDUSTRY_CHOICES: Choice[] = Object.entries(INDUSTRY_DIVISIONS).map(([code, name]) => ({
  value: code,
  label: `${code} ${name}`,
}))

/** 规模: 规上 / 规下. */
export const SCALE_CHOICES = plain(enterpriseReportQuery.shape.scale.unwrap().options)

/** 经营状态 of an enterprise. */
export const ENTERPRISE_STATUS_CHOICES = plain(enterpriseReportQuery.shape.status.unwrap().options)

/** 评价类别 A–D with their names. */
export const APPRAISAL_CHOICES: Choice[] = APPRAISAL_CLASSES.map((c) => ({ value: c, label: APPRAISAL_CLASS_NAMES[c] }))

/** 地类 0601/0602/0604 as "0601 工业用地". */
export const LAND_USE_CHOICES: Choice[] = (Object.keys(LAND_USE_CODES) as (keyof typeof LAND_USE_CODES)[]).map((code) => ({
  value: code,
  label: `${code} ${landUseName(code)}`,
}))

/** 地块状态. */
export const PARCEL_STATUS_CHOICES = plain(parcelReportQuery.shape.status.unwrap().options)

/** 供地方式. */
export const SUPPLY_METHOD_CHOICES = plain(parcelReportQuery.shape.supplyMethod.unwrap().options)

/** 认定状态 of the 低效用地 list: 低效 / 闲置. */
export const LOW_STATUS_CHOICES = plain(lowEfficiencyQuery.shape.status.unwrap().options)

/** 认定原因. */
export const REASON_CHOICES: Choice[] = (Object.keys(LOW_EFFICIENCY_REASONS) as LowEfficiencyReason[]).map((r) => ({
  value: r,
  label: LOW_EFFICIENCY_REASONS[r],
}))
