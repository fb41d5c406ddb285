/** The globe's read-only API (issue 5): GET /api/globe/* — parcels by view, info, search, regions, lifecycle. */
import { z } from 'zod'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { globeLifecycleQuery, globeLifecycleZoneQuery, globeParcelQuery, globeSearchQuery } from '../../../domain/contracts/globe'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { scopeOf } from '../../auth/data-scope'
import { GLOBE_PAGES, LIFECYCLE_GLOBE_PAGES } from '../../../domain/contracts/page-grants'
import * as service from './service'
import { readsOf } from '../../http/read-replica'
import type { FastifyRequest } from 'fastify'

const idParams = z.object({ id: z.coerce.number({ error: 'id必须是数字' }).int('id必须是整数').positive('id必须是正整数') })
const outlineQuery = z.object({
  level: z.enum(['province', 'city', 'county'], { error: 'level只能是 province、city 或 county' }).default('city'),
})

export const globeRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the reads of a GET may go to the replica (DATABASE_READ_URL) while it has caught up
    const reads = (req: Pick<FastifyRequest, 'readDb'>) => readsOf(req, db)
    // the globe pages (三维地图, 全生命周期总览); every parcel read keeps to the user's scope (issue 18 finding 6)
    const opts = { config: { pages: GLOBE_PAGES, log: false as const } }
    app.get('/api/globe/parcels', { ...opts, schema: { querystring: globeParcelQuery } }, async (req) => {
      const bbox = req.query.bbox.split(',').map(Number)
      return ok(await service.parcelsInView(reads(req), { bbox, zoom: req.query.zoom, limit: req.query.limit }, scopeOf(currentUser(req))))
    })
    app.get('/api/globe/parcels/:id', { ...opts, schema: { params: idParams } }, async (req) =>
      ok(await service.parcelInfo(reads(req), req.params.id, scopeOf(currentUser(req)))),
    )
    app.get('/api/globe/search', { ...opts, schema: { querystring: globeSearchQuery } }, async (req) =>
      ok(await service.search(reads(req), req.query.keyword, scopeOf(currentUser(req)))),
    )
    app.get('/api/globe/regions', opts, async (req) => ok(await service.regionList(reads(req))))
    app.get('/api/globe/outlines', { ...opts, schema: { querystring: outlineQuery } }, async (req) =>
      ok(await service.outlines(reads(req), req.query.level)),
    )
    app.get(
      '/api/globe/lifecycle',
      { config: { pages: LIFECYCLE_GLOBE_PAGES, log: false }, schema: { querystring: globeLifecycleQuery } },
      async (req) => ok(await service.lifecycle(reads(req), scopeOf(currentUser(req)), req.query.asOf)),
    )
    // one project (the panel and the fly-to box)
    app.get(
      '/api/globe/lifecycle/:id',
      { config: { pages: LIFECYCLE_GLOBE_PAGES, log: false }, schema: { params: idParams } },
      async (req) => ok(await service.lifecycleProject(reads(req), req.params.id, scopeOf(currentUser(req)))),
    )
    // the projects' shapes by view: the timeline above carries only points
    app.get(
      '/api/globe/lifecycle/zones',
      { config: { pages: LIFECYCLE_GLOBE_PAGES, log: false }, schema: { querystring: globeLifecycleZoneQuery } },
      async (req) => {
        const bbox = req.query.bbox.split(',').map(Number)
        return ok(
          await service.lifecycleZonesInView(reads(req), { bbox, zoom: req.query.zoom, limit: req.query.limit }, scopeOf(currentUser(req))),
        )
      },
    )
  }
