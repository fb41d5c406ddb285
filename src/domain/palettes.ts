/**
 * The business colour palettes every map of the product draws with — the 2D map (资源云图 and the
 * map suite) and the 3D globe — so that a parcel has one colour per theme wherever it is shown.
 * Pure data; legends are built from these in the same order.
 */
import type { LifecycleStage } from './lifecycle'

/** Colour of "no value" (not appraised, no project, unknown status). */
export const NO_DATA_COLOR = '#9aa5b1'

/**
 * 用地状态 (parcel.status) colours, in the legend's order. The 2D map's palette of 资源云图, which
 * users met first; the globe adopted it.
 */
export const PARCEL_STATUS_COLORS: Readonly<Record<string, string>> = {
  已投产: '#2f9e44',
  在建: '#1c7ed6',
  已供未建: '#f59f00',
  闲置: '#e03131',
  低效: '#ae3ec9',
  已收回: '#868e96',
}

/** 亩均效益评价 classes (docs/domain.md): A 优先支持, B 提升发展, C 调整转型, D 整治淘汰. */
export const APPRAISAL_CLASSES = ['A', 'B', 'C', 'D'] as const

/** An appraisal class. */
export type AppraisalClass = (typeof APPRAISAL_CLASSES)[number]

/** Colour of each appraisal class, green to red. */
export const APPRAISAL_CLASS_COLORS: Readonly<Record<AppraisalClass, string>> = { A: '#2f9e44', B: '#1c7ed6', C: '#f59f00', D: '#e03131' }

/** Legend label of each appraisal class. */
export const APPRAISAL_CLASS_NAMES: Readonly<Record<AppraisalClass, string>> = {
  A: 'A类 优先支持',
  B: 'B类 提升发展',
  C: 'C类 调整转型',
  D: 'D类 整治淘汰',
}

/** 低效用地 flag colours. */
export const LOW_EFFICIENCY_COLORS = { low: '#e03131', notLow: '#51cf66' } as const

/** Lifecycle stage colours (docs/domain.md "Land lifecycle"), cool to warm along the lifecycle. */
export const LIFECYCLE_STAGE_COLORS: Readonly<Record<LifecycleStage, string>> = {
  xmqy: '#845ef7',
  tdgy: '#5c7cfa',
  xmkg: '#22b8cf',
  sgjs: '#fab005',
  jgys: '#fd7e14',
  xmtc: '#40c057',
  xmpj: '#087f5b',
}
