/**
 * Map suite endpoints (资源云图 /system/core and every map screen). Statistics live under the
 * /api/cloudChart/* family (docs/product.md §7); tiles under /api/tiles. They are granted by the pages
 * that show the 2D map (MAP_SCREEN_PAGES) and read within the user's data scope
 * (auth/data-scope, narrowed to a requested district by `scopeOfRequest`).
 */
import crypto from 'node:crypto'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  MAP_SCREEN_PAGES,
  boundaryQuery,
  idParams,
  parcelZonesQuery,
  regionQuery,
  searchBody,
  tileQuery,
  type RegionStats,
  type SearchHit,
} from '../../../domain/contracts/map'
import { ZONE_KIND } from '../../../domain/map-constants'
import { outlineResponseSchema } from '../../../domain/contracts/outlines'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { badRequest, notFound } from '../../http/errors'
import { enterpriseById, parcelById, parcelsOfEnterprise, yearlyOf } from './detail-repo'
import { enterprisePoints, regions, search, statistics } from './repo'
import { enterpriseFigures, parcelFigures, shownOr0 } from '../../figures/values'
import { scopeOfRequest } from '../../auth/data-scope'
import { boundaryCollection, buildRegionTree, toParcelZones, toPoints, toZoneExtents } from './service'
import { TILE_LAYERS, tile, validTile } from './tiles'
import { parcelZoneRows, zoneExtentRows } from './zone-repo'

/** Granted by the pages that show the 2D map (docs/product.md §6). */
const MAP = { pages: MAP_SCREEN_PAGES }

export const mapRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/tiles/:layer/:z/:x/:file',
      {
        config: MAP,
        schema: {
          params: z.object({
            layer: z.enum(TILE_LAYERS, { message: '图层应为 parcels、enterprises 或 zones' }),
            z: z.coerce.number(),
            x: z.coerce.number(),
            file: z.string(),
          }),
          querystring: tileQuery,
        },
      },
      async (req, reply) => {
        const y = /^(\d+)\.pbf$/.exec(req.params.file)
        const { z: zoom, x } = req.params
        if (!y || !validTile(zoom, x, Number(y[1]))) throw badRequest('瓦片行列号无效')
        const { kind, crs } = req.query
        if (kind && req.params.layer !== 'zones') throw badRequest('图形类型（kind）只用于 zones 图层')
        const bytes = await tile(db, req.params.layer, zoom, x, Number(y[1]), {
          scope: await scopeOfRequest(db, req),
          kind: kind && ZONE_KIND[kind],
          crs,
        })
        // revalidated on every fetch, never served from the browser's cache unasked: an approved
        // change shows on the next map opened, and the next user signed in on the same browser
        // gets their own scope's tile (the URL does not name the user). An unchanged tile costs
        // a 304 without its bytes.
        const body = Buffer.from(bytes)
        const etag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`
        reply.header('Content-Type', 'application/x-protobuf').header('Cache-Control', 'private, no-cache').header('ETag', etag)
        if (req.headers['if-none-match'] === etag) return reply.code(304).send()
        return reply.send(body)
      },
    )

    app.get(
      '/api/cloudChart/boundaries',
      { config: MAP, schema: { querystring: boundaryQuery, response: { 200: outlineResponseSchema } } },
      async (req) => ok(await boundaryCollection(db, req.query.level, req.query.zoom)),
    )

    app.get('/api/cloudChart/regionTree', { config: MAP }, async () => {
      const tree = buildRegionTree(await regions(db))
      if (!tree) throw notFound('区划数据未加载')
      return ok(tree)
    })

    app.get('/api/cloudChart/statistics', { config: MAP, schema: { querystring: regionQuery } }, async (req) => {
      const regionCode = req.query.regionCode ?? '330000'
      const s = await statistics(db, await scopeOfRequest(db, req, regionCode))
      const land = parcelFigures(s.parcels)
      const ent = enterpriseFigures(s.enterprises)
      const stats: RegionStats = {
        regionCode,
        parcels: land.parcelCount,
        areaMu: shownOr0('landAreaMu', land.landAreaMu),
        enterprises: ent.landEnterpriseCount,
        tax: shownOr0('tax', ent.tax),
        year: s.year,
      }
      return ok(stats)
    })

    app.get('/api/cloudChart/points', { config: MAP, schema: { querystring: regionQuery } }, async (req) => {
      return ok(toPoints(await enterprisePoints(db, await scopeOfRequest(db, req, req.query.regionCode))))
    })

    // a read by POST: a drawn shape does not fit a query string (docs/product.md §7 JSON POST)
    app.post('/api/cloudChart/search', { config: { ...MAP, log: false }, schema: { body: searchBody } }, async (req) => {
      const b = req.body
      const rows = await search(db, { ...b, geometry: b.geometry ? JSON.stringify(b.geometry) : null }, await scopeOfRequest(db, req))
      const list: SearchHit[] = rows.map(({ total: _t, ...hit }) => hit)
      return ok({ list, total: rows[0]?.total ?? 0, page: b.page, pageSize: b.pageSize })
    })

    app.get('/api/cloudChart/parcel/:id', { config: MAP, schema: { params: idParams } }, async (req) => {
      const parcel = await parcelById(db, req.params.id, await scopeOfRequest(db, req))
      if (!parcel) throw notFound('地块不存在或不在您的数据范围内')
      const { geometry, ...rest } = parcel
      const eid = parcel.enterprise_id as number | null
      // the owner is shown with a parcel in scope even when it is registered elsewhere
      const enterprise = eid ? ((await enterpriseById(db, eid, { kind: 'all' })) ?? null) : null
      const yearly = eid ? await yearlyOf(db, eid) : []
      return ok({ parcel: { ...rest, geometry: JSON.parse(String(geometry)) }, enterprise, yearly })
    })

    // docs/product.md §2.7 zone toggle: the shapes of the selected parcel's lifecycle project
    app.get('/api/cloudChart/zones', { config: MAP, schema: { querystring: parcelZonesQuery } }, async (req) => {
      const zones = toParcelZones(await parcelZoneRows(db, req.query.parcelId, await scopeOfRequest(db, req)))
      if (!zones) throw notFound('地块不存在或不在您的数据范围内')
      return ok(zones)
    })

    // docs/product.md §2.7 with a district selected: how many shapes of each kind it holds and where
    app.get('/api/cloudChart/zoneExtent', { config: MAP, schema: { querystring: regionQuery } }, async (req) => {
      return ok(toZoneExtents(await zoneExtentRows(db, await scopeOfRequest(db, req, req.query.regionCode))))
    })

    app.get('/api/cloudChart/enterprise/:id', { config: MAP, schema: { params: idParams } }, async (req) => {
      const enterprise = await enterpriseById(db, req.params.id, await scopeOfRequest(db, req))
      if (!enterprise) throw notFound('企业不存在或不在您的数据范围内')
      return ok({ enterprise, parcels: await parcelsOfEnterprise(db, req.params.id), yearly: await yearlyOf(db, req.params.id) })
    })
  }
