/**
 * 区域标准 endpoints (/admin/setting/regionrecoup): per region and year, the benchmarks that
 * appraisal and low-efficiency evaluation compare with (docs/domain.md). Writes are limited to the
 * user's region subtree like every regional record.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import { regionStandardAddBody, regionStandardEditBody, regionStandardQuery } from '../../../domain/contracts/admin-region-standard'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { badRequest, conflict, notFound } from '../../http/errors'
import { assertRegionInScope, scopeOf } from '../../auth/data-scope'
import { regionExists } from '../user/repo'
import * as repo from './repo'

const PAGE = [ADMIN_PAGES.regionrecoup]
const log = (action: string) => ({ module: 'regionrecoup', action })

export const regionStandardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const checkRegion = async (code: string, year: number, scope: ReturnType<typeof scopeOf>, exceptId = 0) => {
      if (!(await regionExists(db, code))) throw badRequest(`区划 ${code} 不存在`, [{ field: 'regionCode', message: '区划不存在' }])
      await assertRegionInScope(db, scope, code)
      if (await repo.findByRegionYear(db, code, year, exceptId)) throw conflict(`区划 ${code} 的 ${year} 年标准已存在`)
    }

    app.get('/api/regionrecoup/query', { config: { pages: PAGE }, schema: { querystring: regionStandardQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listStandards(db, f, { page, pageSize, sortField, sortOrder }))
    })

    app.post(
      '/api/regionrecoup/add',
      { config: { pages: PAGE, log: log('新增区域标准') }, schema: { body: regionStandardAddBody } },
      async (req) => {
        const user = currentUser(req)
        req.logTarget = `${req.body.regionCode} ${req.body.year}`
        await checkRegion(req.body.regionCode, req.body.year, scopeOf(user))
        return ok(await repo.getStandard(db, await repo.insertStandard(db, { ...req.body, by: user.username })))
      },
    )

    app.post(
      '/api/regionrecoup/edit',
      { config: { pages: PAGE, log: log('修改区域标准') }, schema: { body: regionStandardEditBody } },
      async (req) => {
        const user = currentUser(req)
        const { id, ...fields } = req.body
        req.logTarget = `${fields.regionCode} ${fields.year}`
        const old = await repo.getStandard(db, id)
        if (!old) throw notFound(`区域标准 ${id} 不存在`)
        await assertRegionInScope(db, scopeOf(user), old.regionCode)
        await checkRegion(fields.regionCode, fields.year, scopeOf(user), id)
        await repo.updateStandard(db, id, { ...fields, by: user.username })
        return ok(await repo.getStandard(db, id))
      },
    )

    app.post('/api/regionrecoup/delete', { config: { pages: PAGE, log: log('删除区域标准') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const old = await repo.getStandard(db, req.body.id)
      if (!old) throw notFound(`区域标准 ${req.body.id} 不存在`)
      await assertRegionInScope(db, scopeOf(currentUser(req)), old.regionCode)
      req.logTarget = `${old.regionCode} ${old.year}`
      await repo.deleteStandard(db, req.body.id)
      return ok(null)
    })
  }
