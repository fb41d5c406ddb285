/**
 * 改革动态 (docs/domain.md "Pages left open by the requirements"): the portal's public, paged read — answered on the
 * portal host only, like /api/show/overview (docs/product.md §5) — and an administrator's add and edit.
 */
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { newsAddBody, newsEditBody, newsListQuery } from '../../../domain/contracts/reform-news'
import { assertPortalRequest } from '../../auth/portal-host'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { forbidden, notFound } from '../../http/errors'
import type { RuntimeConfigSource } from '../../runtime-config'
import * as repo from './repo'

const log = (action: string) => ({ module: 'news', action })

/** No page grants publishing: only the super user, who passes every grant, may (issue 18 finding 6). */
const SUPER_USER_ONLY: readonly string[] = []

/**
 * Publishing is the administrator's (no page grants it; the portal has no admin page yet). Checked
 * before the body is validated, as the permission hook does, so others learn nothing from it.
 */
async function adminOnly(req: FastifyRequest): Promise<void> {
  if (!currentUser(req).isAdmin) throw forbidden('仅系统管理员可以发布改革动态')
}

export const reformNewsRoutes =
  (db: Db, _config: RuntimeConfigSource): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/show/news', { config: { public: true, log: false }, schema: { querystring: newsListQuery } }, async (req) => {
      assertPortalRequest(req)
      const { page, pageSize, keyword } = req.query
      return ok({ ...(await repo.listNews(db, page, pageSize, keyword || undefined)), page, pageSize })
    })

    app.post(
      '/api/show/news/add',
      { config: { pages: SUPER_USER_ONLY, log: log('发布改革动态') }, schema: { body: newsAddBody }, preValidation: adminOnly },
      async (req) => {
        req.logTarget = req.body.title
        const id = await repo.insertNews(db, req.body, currentUser(req).username)
        return ok(await repo.getNews(db, id))
      },
    )

    app.post(
      '/api/show/news/edit',
      { config: { pages: SUPER_USER_ONLY, log: log('修改改革动态') }, schema: { body: newsEditBody }, preValidation: adminOnly },
      async (req) => {
        const { id, ...fields } = req.body
        req.logTarget = `#${id} ${fields.title}`
        if (!(await repo.updateNews(db, id, fields))) throw notFound(`改革动态 ${id} 不存在`)
        return ok(await repo.getNews(db, id))
      },
    )
  }
