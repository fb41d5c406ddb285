/**
 * 大数据统计 reads (docs/product.md §7 `/api/bigData/*`) for the video walls and the phone view: GET with
 * zod-checked query params, granted by the wall pages (/bigData/*, /h5; /visual shows them to those who
 * hold one) and read inside the user's data scope — a county user's wall is its county, asking for
 * another region is 403 (issue 18 finding 6). Plus the reform portal's one public read (docs/product.md §5
 * /show), the province's totals on the configured portal origin only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import type { FastifyRequest } from 'fastify'
import { monthQuery, regionLevelQuery, statFilterQuery, topQuery, type StatFilter } from '../../../domain/contracts/big-data'
import { outlineResponseSchema } from '../../../domain/contracts/outlines'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { assertPortalRequest } from '../../auth/portal-host'
import type { RuntimeConfigSource } from '../../runtime-config'
import { GRANTED_PAGES, WALL_PAGES } from '../../../domain/contracts/page-grants'
import { scopeOfRequest } from '../../auth/data-scope'
import * as stats from './service'
import type { ScopedStatFilter } from './repo'
import { readsOf } from '../../http/read-replica'
import { figuresYear } from '../../common/stat-years'
import { marks as restatementMarks } from '../appraisal/restatement'

const READ = { pages: WALL_PAGES, log: false } as const

const classQuery = statFilterQuery.extend({
  by: z.enum(['landUse', 'status', 'supplyMethod', 'scale', 'taxBand', 'appraisal'], {
    error: '分类维度 by 应为 landUse、status、supplyMethod、scale、taxBand 或 appraisal',
  }),
})

const PARCEL_COLUMN = { landUse: 'land_use_code', status: 'status', supplyMethod: 'supply_method' } as const

export const bigDataRoutes =
  (db: Db, _config: RuntimeConfigSource): FastifyPluginAsyncZod =>
  async (app) => {
    // the reads of a GET may go to the replica (DATABASE_READ_URL) while it has caught up
    const reads = (req: Pick<FastifyRequest, 'readDb'>) => readsOf(req, db)
    /** The query with the caller's data scope, narrowed to the county or city it names (403 outside its region). */
    const scoped = async <Q extends StatFilter>(req: FastifyRequest, q: Q): Promise<Q & ScopedStatFilter> => ({
      ...q,
      scope: await scopeOfRequest(db, req, q.countyCode ?? q.cityCode),
    })
    // the years that hold figures: behind every year select of the product, not a record of a region
    app.get('/api/bigData/years', { config: { pages: GRANTED_PAGES, log: false } }, async (req) => ok(await stats.years(reads(req))))
    app.get('/api/bigData/overview', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.overview(reads(req), await scoped(req, req.query))),
    )
    // "含已更正数据": the approved 更正 of the wall's yearly figures (a closed year restated, issue 29)
    app.get('/api/bigData/restated', { config: READ, schema: { querystring: statFilterQuery } }, async (req) => {
      const scope = await scopeOfRequest(db, req, req.query.countyCode ?? req.query.cityCode)
      return ok(await restatementMarks(reads(req), scope, await figuresYear(reads(req), req.query.year)))
    })
    app.get('/api/bigData/byRegion', { config: READ, schema: { querystring: regionLevelQuery } }, async (req) =>
      ok(await stats.byRegion(reads(req), req.query.level, await scoped(req, req.query))),
    )
    app.get('/api/bigData/byPark', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.byPark(reads(req), await scoped(req, req.query))),
    )
    app.get('/api/bigData/byIndustry', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.byIndustry(reads(req), await scoped(req, req.query))),
    )
    app.get('/api/bigData/classes', { config: READ, schema: { querystring: classQuery } }, async (req) => {
      const { by, ...rest } = await scoped(req, req.query)
      const f = rest as ScopedStatFilter
      if (by === 'scale') return ok(await stats.scaleClasses(reads(req), f))
      if (by === 'taxBand') return ok(await stats.taxBands(reads(req), f))
      if (by === 'appraisal') return ok(await stats.appraisalClasses(reads(req), f))
      return ok(await stats.parcelClasses(reads(req), PARCEL_COLUMN[by], f))
    })
    app.get('/api/bigData/trend', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.trend(reads(req), await scoped(req, req.query))),
    )
    app.get('/api/bigData/supplyByMonth', { config: READ, schema: { querystring: statFilterQuery } }, async (req) =>
      ok(await stats.supplyByMonth(reads(req), await scoped(req, req.query))),
    )
    app.get('/api/bigData/lifecycleByMonth', { config: READ, schema: { querystring: monthQuery } }, async (req) =>
      ok(await stats.lifecycleByMonth(reads(req), await scoped(req, req.query))),
    )
    app.get('/api/bigData/topEnterprises', { config: READ, schema: { querystring: topQuery } }, async (req) => {
      const f = await scoped(req, req.query)
      return ok(await stats.topEnterprises(reads(req), f, f.limit))
    })
    app.get(
      '/api/bigData/regionGeo',
      // outlines of regions, no record: drawn under the figures of every wall
      { config: READ, schema: { querystring: regionLevelQuery, response: { 200: outlineResponseSchema } } },
      async (req, reply) => {
        // outlines change only when boundaries are re-imported: let the wall cache them for an hour
        reply.header('Cache-Control', 'private, max-age=3600')
        return ok(await stats.regionGeo(reads(req), req.query.level, req.query.level === 'county' ? req.query.cityCode : undefined))
      },
    )

    // docs/product.md §5: /show opens without a token only on the portal host, so its data is public there
    // and nowhere else; it carries province and city totals only, never an enterprise's name.
    app.get('/api/show/overview', { config: { public: true, log: false } }, async (req) => {
      assertPortalRequest(req)
      return ok(await stats.portalOverview(reads(req)))
    })
  }
