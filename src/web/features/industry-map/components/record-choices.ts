/**
 * The choices of the profile filters, taken from the list contract's own query schemas so that a
 * select offers exactly what the server accepts, and from the product's code lists.
 */
import { APPRAISAL_CLASSES, APPRAISAL_CLASS_NAMES } from '../../../../domain/appraisal'
import { INDUSTRY_DIVISIONS } from '../../../../domain/codes/industry'
import { LAND_USE_CODES } from '../../../../domain/codes/land-use'
import { enterpriseReportQuery, parcelReportQuery } from '../../../../domain/contracts/statistical-report'

/** A select option. */
export interface Choice {
  value: string
  label: string
}

const plain = (values: readonly string[]): Choice[] => values.map((v) => ({ value: v, label: v }))

/** 地块状态 */
export const PARCEL_STATUS_CHOICES = plain(parcelReportQuery.shape.status.unwrap().options)

/** 地类 0601/0602/0604 as "0601 工业用地" */
export const LAND_USE_CHOICES: Choice[] = Object.entries(LAND_USE_CODES).map(([code, name]) => ({ value: code, label: `${code} ${name}` }))

/** 行业: manufacturing divisions C13–C43 as "C13 农副食品加工业" */
export const INDUSTRY_CHOICES: Choice[] = Object.entries(INDUSTRY_DIVISIONS).map(([code, name]) => ({
  value: code,
  label: `${code} ${name}`,
}))

/** 规模: 规上 / 规下 */
export const SCALE_CHOICES = plain(enterpriseReportQuery.shape.scale.unwrap().options)

/** 评价类别 A–D with their names */
export const APPRAISAL_CHOICES: Choice[] = APPRAISAL_CLASSES.map((c) => ({ value: c, label: APPRAISAL_CLASS_NAMES[c] }))
