/** react-query keys of 盘活利用: every read sits under one root, so a write refreshes them all. */

/** Root key: the overview, the 台账, the review list, the plans, a plan's detail and the supervision list. */
export const REVITALIZE_KEY = ['revitalize'] as const
