/** The product name and how a page title is written. */

/** 产品名称 */
export const PRODUCT_NAME = '产业用地一张图'

/** 副标题 */
export const PRODUCT_SUBTITLE = '浙江省工业用地与用地单位管理平台'

/** `document.title` of a page: `<route title> - 产业用地一张图`. */
export function pageTitle(routeTitle: string | null | undefined): string {
  return routeTitle ? `${routeTitle} - ${PRODUCT_NAME}` : PRODUCT_NAME
}
