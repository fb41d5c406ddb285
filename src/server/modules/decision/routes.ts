/**
 * 辅助决策 /api/decision/* and 运行监测 /api/function/monitor/{getQyMonitor, getHyMonitor} (docs/product.md §7):
 * reads granted by their pages, limited to the user's data scope and narrowed to a district
 * inside it by `regionCode` (outside it: 403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  DECISION_PAGES,
  MONITOR_PAGES,
  decisionFilterQuery,
  enterpriseIndicatorQuery,
  enterpriseMonitorQuery,
  trendQuery,
} from '../../../domain/contracts/decision'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import { scopeOfRequest } from '../../auth/data-scope'
import * as decision from './service'
import { readsOf } from '../../http/read-replica'
import type { FastifyRequest } from 'fastify'

const DECISION = { pages: DECISION_PAGES, log: false } as const
const MONITOR = { pages: MONITOR_PAGES, log: false } as const

export const decisionRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the reads of a GET may go to the replica (DATABASE_READ_URL) while it has caught up
    const reads = (req: Pick<FastifyRequest, 'readDb'>) => readsOf(req, db)
    app.get('/api/decision/byRegion', { config: DECISION, schema: { querystring: decisionFilterQuery } }, async (req) =>
      ok(await decision.byRegion(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.year)),
    )
    app.get('/api/decision/byIndustry', { config: DECISION, schema: { querystring: decisionFilterQuery } }, async (req) =>
      ok(await decision.byIndustry(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.year)),
    )
    app.get('/api/decision/trend', { config: DECISION, schema: { querystring: trendQuery } }, async (req) =>
      ok(await decision.trend(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.industry)),
    )
    app.get('/api/decision/enterprise', { config: DECISION, schema: { querystring: enterpriseIndicatorQuery } }, async (req) => {
      const found = await decision.enterprise(reads(req), await scopeOfRequest(reads(req), req), req.query.id, req.query.year)
      if (!found) throw notFound(`企业 ${req.query.id} 不存在或不在本账号的数据范围内`)
      return ok(found)
    })

    app.get('/api/function/monitor/getQyMonitor', { config: MONITOR, schema: { querystring: enterpriseMonitorQuery } }, async (req) => {
      const { regionCode, ...q } = req.query
      return ok(await decision.enterpriseMonitor(reads(req), await scopeOfRequest(reads(req), req, regionCode), q))
    })
    app.get('/api/function/monitor/getHyMonitor', { config: MONITOR, schema: { querystring: decisionFilterQuery } }, async (req) =>
      ok(await decision.industryMonitor(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.year)),
    )
  }
