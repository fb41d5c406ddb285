/**
 * 大数据统计 reads (docs/product.md §7 `/api/bigData/*`) for the video walls and the phone view: GET with
 * zod-checked query params, any signed-in user (docs/product.md §6: /visual is open to every signed-in
 * user, so its data must be too). Plus the reform portal's one public read (docs/product.md §5 /show).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { monthQuery, regionLevelQuery, statFilterQuery, topQuery } from '../../../domain/contracts/big-data'
import { outlineResponseSchema } from '../../../domain/contracts/outlines'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { assertPortalHost } from '../../auth/portal-host'
import type { RuntimeConfigSource } from '../../runtime-config'
import * as stats from './service'

const READ = { log: false } as const

const classQuery = statFilterQuery.extend({
  by: z.enum(['landUse', 'status', 'supplyMethod', 'scale', 'taxBand', 'appraisal'], {
    error: '分类维度 by 应为 landUse、status、supplyMethod、scale、taxBand 或 appraisal',
  }),
})

const PARCEL_COLUMN = { landUse: 'land_use_code', status: 'status', supplyMethod: 'supply_method' } as const

export const bigDataRoutes =
  (db: Db, config: RuntimeConfigSource): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/bigData/years', { config: READ }, async () => ok(await stats.years(db)))
    app.get('/api/bigData/overview', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.overview(db, req.query)),
    )
    app.get('/api/bigData/byRegion', { config: READ, schema: { querystring: regionLevelQuery } }, async (req) =>
      ok(await stats.byRegion(db, req.query.level, req.query)),
    )
    app.get('/api/bigData/byPark', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.byPark(db, req.query)),
    )
    app.get('/api/bigData/byIndustry', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.byIndustry(db, req.query)),
    )
    app.get('/api/bigData/classes', { config: READ, schema: { querystring: classQuery } }, async (req) => {
      const { by, ...f } = req.query
      if (by === 'scale') return ok(await stats.scaleClasses(db, f))
      if (by === 'taxBand') return ok(await stats.taxBands(db, f))
      if (by === 'appraisal') return ok(await stats.appraisalClasses(db, f))
      return ok(await stats.parcelClasses(db, PARCEL_COLUMN[by], f))
    })
    app.get('/api/bigData/trend', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.trend(db, req.query)),
    )
    app.get('/api/bigData/supplyByMonth', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.supplyByMonth(db, req.query)),
    )
    app.get('/api/bigData/lifecycleByMonth', { config: READ, schema: { querystring: monthQuery } }, async (req) =>
      ok(await stats.lifecycleByMonth(db, req.query)),
    )
    app.get('/api/bigData/topEnterprises', { config: READ, schema: { querystring: topQuery } }, async (req) =>
      ok(await stats.topEnterprises(db, req.query, req.query.limit)),
    )
    app.get(
      '/api/bigData/regionGeo',
      { config: READ, schema: { querystring: regionLevelQuery, response: { 200: outlineResponseSchema } } },
      async (req, reply) => {
        // outlines change only when boundaries are re-imported: let the wall cache them for an hour
        reply.header('Cache-Control', 'private, max-age=3600')
        return ok(await stats.regionGeo(db, req.query.level, req.query.level === 'county' ? req.query.cityCode : undefined))
      },
    )

    // docs/product.md §5: /show opens without a token only on the portal host, so its data is public there
    // and nowhere else; it carries province and city totals only, never an enterprise's name.
    app.get('/api/show/overview', { config: { public: true, log: false } }, async (req) => {
      assertPortalHost(req.hostname, config)
      return ok(await stats.portalOverview(db))
    })
  }
