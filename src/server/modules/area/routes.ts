/** 行政区划 endpoints (docs/product.md §7 /api/area/*). Reads serve every district picker, so any signed-in user may make them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES } from '../../../domain/contracts/admin'
import { areaAddBody, areaChildrenQuery, areaDeleteBody, areaEditBody, areaQuery } from '../../../domain/contracts/admin-area'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import * as repo from './repo'
import * as service from './service'

const REGION = [ADMIN_PAGES.region]
const log = (action: string) => ({ module: 'area', action })

export const areaRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the region pickers of 用户管理, 区域标准 and 组织机构 list every region; the tree is 行政区划's own
    app.get(
      '/api/area/query/all',
      { config: { pages: [ADMIN_PAGES.region, ADMIN_PAGES.user, ADMIN_PAGES.regionrecoup, ADMIN_PAGES.organization] } },
      async () => ok(await repo.allRegions(db)),
    )

    app.get('/api/area/query/children', { config: { pages: REGION }, schema: { querystring: areaChildrenQuery } }, async (req) =>
      ok(await repo.children(db, req.query.code ?? null)),
    )

    app.get('/api/area/query', { config: { pages: REGION }, schema: { querystring: areaQuery } }, async (req) => {
      const region = await repo.getRegion(db, req.query.code)
      if (!region) throw notFound(`区划 ${req.query.code} 不存在`)
      return ok(region)
    })

    app.post('/api/area/add', { config: { pages: REGION, log: log('新增开发区/园区') }, schema: { body: areaAddBody } }, async (req) => {
      req.logTarget = `${req.body.parentCode} ${req.body.name}`
      return ok(await service.addUnit(db, req.body))
    })

    app.post('/api/area/edit', { config: { pages: REGION, log: log('修改区划') }, schema: { body: areaEditBody } }, async (req) => {
      req.logTarget = `${req.body.code} → ${req.body.name}`
      return ok(await service.editRegion(db, req.body.code, req.body.name, req.body.sort))
    })

    app.post('/api/area/delete', { config: { pages: REGION, log: log('删除区划') }, schema: { body: areaDeleteBody } }, async (req) => {
      req.logTarget = req.body.code
      req.logTarget = `${req.body.code} ${await service.deleteRegion(db, req.body.code)}`
      return ok(null)
    })
  }
