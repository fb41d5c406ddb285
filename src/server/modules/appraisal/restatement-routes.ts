/**
 * 更正 of closed years /api/appraiseRestatement/* (docs/domain.md "Closed years"): the marks of a
 * scope's year ("含已更正数据": how many approved 更正 touch it, and which) and the 更正 of one
 * enterprise's year. Filing is /api/companyAppraise/correction and the input import; the decision is
 * /api/appraiseApprove/decide (kind restatement) on 评价审定.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { APPRAISE_PAGES, restatementListQuery, restatementMarksQuery } from '../../../domain/contracts/appraisal'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { scopeOfRequest } from '../../auth/data-scope'
import * as restatement from './restatement'
import { assertStatYear, enterpriseInScope } from './service'

export const appraisalRestatementRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/appraiseRestatement/marks',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: restatementMarksQuery } },
      async (req) => {
        await assertStatYear(db, req.query.year)
        return ok(await restatement.marks(db, await scopeOfRequest(db, req, req.query.regionCode), req.query.year))
      },
    )

    app.get(
      '/api/appraiseRestatement/list',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: restatementListQuery } },
      async (req) => {
        await enterpriseInScope(db, await scopeOfRequest(db, req), req.query.enterpriseId)
        return ok(await restatement.ofEnterprise(db, req.query.enterpriseId, req.query.year))
      },
    )
  }
