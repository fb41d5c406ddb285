/** react-query keys of 盘活处置: every read sits under one root, so a write refreshes them all. */

/** Root key: stats, map, list, candidates and a parcel's records. */
export const STOCK_KEY = ['stock'] as const
