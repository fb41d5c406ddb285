/** 亩均效益评价 classes (docs/domain.md "亩均效益评价"): the four classes and their Chinese names. */

/** Class codes, best first. */
export const APPRAISAL_CLASSES = ['A', 'B', 'C', 'D'] as const

/** An appraisal class. */
export type AppraisalClass = (typeof APPRAISAL_CLASSES)[number]

/** A 优先支持, B 提升发展, C 调整转型, D 整治淘汰 (the names of the appraise_class dictionary). */
export const APPRAISAL_CLASS_NAMES: Record<AppraisalClass, string> = {
  A: 'A类 优先支持',
  B: 'B类 提升发展',
  C: 'C类 调整转型',
  D: 'D类 整治淘汰',
}
