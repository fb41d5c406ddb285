/** react-query keys of 处置审定: every read sits under one root, so a decision refreshes them all. */

/** Root key: the waiting list and the 办理记录 shown on it. */
export const LAND_APPROVE_KEY = ['landApprove'] as const
