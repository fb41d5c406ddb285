/**
 * 数据标准 sjgf (docs/product.md §2 /system/data/center/sjgf; §7 /api/datacenter/sjgf/*): read the version in
 * force with its code lists, list and open past versions, save a new version.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { kindQuery, standardSaveBody, standardVersionQuery, standardVersionsQuery } from '../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { READ_PAGES, STANDARD_EDIT_PAGES } from './pages'
import * as repo from './standard-repo'
import { saveVersion, standardView } from './standard-service'

export const standardRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { config: { pages: READ_PAGES } }

    app.get('/api/datacenter/sjgf/current', { ...read, schema: { querystring: kindQuery } }, async (req) =>
      ok(await standardView(db, req.query.kind)),
    )

    app.get('/api/datacenter/sjgf/versions', { ...read, schema: { querystring: standardVersionsQuery } }, async (req) => {
      const { kind, ...args } = req.query
      return ok(await repo.listVersions(db, kind, args))
    })

    app.get('/api/datacenter/sjgf/version', { ...read, schema: { querystring: standardVersionQuery } }, async (req) =>
      ok(await standardView(db, req.query.kind, req.query.version)),
    )

    app.get('/api/datacenter/sjgf/codeLists', read, async () => ok(await repo.codeListChoices(db)))

    app.post(
      '/api/datacenter/sjgf/save',
      {
        config: { pages: STANDARD_EDIT_PAGES, log: { module: 'datacenter', action: '保存数据标准新版本' } },
        schema: { body: standardSaveBody },
      },
      async (req) => {
        req.logTarget = `${RECORD_KIND_LABEL[req.body.kind]}数据标准`
        const saved = await saveVersion(db, currentUser(req).id, req.body)
        req.logTarget = `${RECORD_KIND_LABEL[req.body.kind]}数据标准 版本 ${saved.version}`
        return ok(saved, `已保存为版本 ${saved.version}`)
      },
    )
  }
