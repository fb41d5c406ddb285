/** 字典管理 endpoints (docs/product.md §7 /api/dict/*). Items by code feed every select, so any signed-in user may read them. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import {
  dictAddBody,
  dictEditBody,
  dictItemAddBody,
  dictItemEditBody,
  dictItemsByCodeQuery,
  dictItemsQuery,
  dictQuery,
} from '../../../domain/contracts/admin-dict'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { conflict, notFound } from '../../http/errors'
import * as repo from './repo'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'

const DICT = [ADMIN_PAGES.dict]
const BOTH = [ADMIN_PAGES.dict, ADMIN_PAGES.dictitem]
const ITEM = [ADMIN_PAGES.dictitem]
const log = (action: string) => ({ module: 'dict', action })

async function liveDict(db: Db, id: number) {
  const dict = await repo.getDict(db, id)
  if (!dict) throw notFound(`字典 ${id} 不存在`)
  return dict
}

async function liveItem(db: Db, id: number) {
  const item = await repo.getItem(db, id)
  if (!item) throw notFound(`字典项 ${id} 不存在`)
  return item
}

export const dictRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/dict/query', { config: { pages: BOTH }, schema: { querystring: dictQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, keyword } = req.query
      return ok(await repo.listDicts(db, keyword, { page, pageSize, sortField, sortOrder }))
    })

    app.post('/api/dict/add', { config: { pages: DICT, log: log('新增字典') }, schema: { body: dictAddBody } }, async (req) => {
      req.logTarget = req.body.code
      if (await repo.codeTaken(db, req.body.code)) throw conflict(`字典编码“${req.body.code}”已存在`)
      return ok(await repo.getDict(db, await repo.insertDict(db, req.body)))
    })

    app.post('/api/dict/edit', { config: { pages: DICT, log: log('编辑字典') }, schema: { body: dictEditBody } }, async (req) => {
      const { id, ...fields } = req.body
      req.logTarget = fields.code
      await liveDict(db, id)
      if (await repo.codeTaken(db, fields.code, id)) throw conflict(`字典编码“${fields.code}”已存在`)
      await repo.updateDict(db, id, fields)
      return ok(await repo.getDict(db, id))
    })

    app.post('/api/dict/delete', { config: { pages: DICT, log: log('删除字典') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const dict = await liveDict(db, req.body.id)
      req.logTarget = `${dict.code}（含 ${dict.itemCount} 项）`
      await repo.deleteDict(db, req.body.id)
      return ok(null)
    })

    app.get('/api/dict/query/items', { config: { pages: BOTH }, schema: { querystring: dictItemsQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, dictId } = req.query
      await liveDict(db, dictId)
      return ok(await repo.listItems(db, dictId, { page, pageSize, sortField, sortOrder }))
    })

    // the options of the business forms' selects, by dictionary code: any account holding a page
    app.get(
      '/api/dict/query/items/code',
      { config: { pages: GRANTED_PAGES }, schema: { querystring: dictItemsByCodeQuery } },
      async (req) => {
        const items = await repo.itemsByCode(db, req.query.code)
        if (!items) throw notFound(`字典 ${req.query.code} 不存在`)
        return ok(items)
      },
    )

    app.post('/api/dict/add/item', { config: { pages: ITEM, log: log('新增字典项') }, schema: { body: dictItemAddBody } }, async (req) => {
      const { dictId, ...fields } = req.body
      const dict = await liveDict(db, dictId)
      req.logTarget = `${dict.code}.${fields.value}`
      if (await repo.valueTaken(db, dictId, fields.value)) throw conflict(`字典“${dict.name}”中已有值“${fields.value}”`)
      return ok(await repo.getItem(db, await repo.insertItem(db, dictId, fields)))
    })

    app.post(
      '/api/dict/edit/item',
      { config: { pages: ITEM, log: log('编辑字典项') }, schema: { body: dictItemEditBody } },
      async (req) => {
        const { id, ...fields } = req.body
        req.logTarget = `#${id}`
        const item = await liveItem(db, id)
        if (await repo.valueTaken(db, item.dictId, fields.value, id)) throw conflict(`该字典中已有值“${fields.value}”`)
        await repo.updateItem(db, id, fields)
        req.logTarget = `#${id} ${fields.value}`
        return ok(await repo.getItem(db, id))
      },
    )

    app.post('/api/dict/delete/item', { config: { pages: ITEM, log: log('删除字典项') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const item = await liveItem(db, req.body.id)
      req.logTarget = `#${item.id} ${item.value}`
      await repo.deleteItem(db, req.body.id)
      return ok(null)
    })
  }
