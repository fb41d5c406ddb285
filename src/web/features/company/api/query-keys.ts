/** react-query keys of 企业服务: one root, so a write refreshes every read. */

/** Root key of the enterprise account's own reads. */
export const COMPANY_KEY = ['company'] as const
