/** react-query keys of 盘活成效: every read sits under one root. */

/** Root key: the effects and the map of done plans. */
export const RESULT_KEY = ['revitalize-result'] as const
