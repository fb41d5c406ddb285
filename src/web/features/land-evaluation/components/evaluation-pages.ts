/** The three pages of 低效用地评价 by role, and their titles as the route table (menu) names them. */
import { EVALUATION_PAGES } from '../../../../domain/contracts/land-evaluation'
import { findRoute } from '../../../../domain/route-table'

const [ABSTRACT, MODELS, MAP] = EVALUATION_PAGES

/** Paths of the pages (route table). */
export const EVALUATION_PATHS = { abstract: ABSTRACT, models: MODELS, map: MAP } as const

/** The menu title of a page. */
export function pageTitle(path: string): string {
  return findRoute(path)?.title ?? ''
}
