/** 企业服务 pages (issue 28, /company/*): what an enterprise account sees of itself, keyed by canonical path. */
import { COMPANY_PAGES } from '../../../domain/contracts/appraisal'
import { lazyNamed, type Lazy } from './lazy-named'

/** page key → lazy component of 本企业评价 */
export const COMPANY_PAGES_REGISTRY: Readonly<Record<string, Lazy>> = {
  [COMPANY_PAGES[0]]: lazyNamed(() => import('../../features/company/pages/company-appraise-page'), 'CompanyAppraisePage'),
}
