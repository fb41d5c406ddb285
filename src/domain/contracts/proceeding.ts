/**
 * 办理记录 (issue 28): one step of a batch, model, norm change, 异议, 盘活方案 or 闲置土地 case as every
 * steps endpoint answers it (`/api/appraiseApprove/steps`, `/api/landInefficient/steps`,
 * `/api/stock/idle/steps`).
 */
export interface ProceedingStep {
  id: number
  /** what was done, in the page's words */
  action: string
  from: string
  to: string
  actor: string
  note: string
  /** ISO time */
  at: string
}
