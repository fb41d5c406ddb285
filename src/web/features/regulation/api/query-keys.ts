/** react-query keys of 整治提升: every read sits under one root, so a write refreshes them all. */

/** Root key: the abstract, the targets, the plans and a plan's detail. */
export const REGULATION_KEY = ['regulation'] as const
