/**
 * Map layer groups and layers (docs/product.md §3 "Layer group", "Layer"): every map screen reads them
 * grouped; administrators list, add, edit and delete them on 地图图层 (/admin/setting/mapLayer,
 * ADR 0011). Writes are logged and granted by that page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idBody } from '../../../domain/contracts/admin'
import {
  MAP_LAYER_PAGE,
  groupAddBody,
  groupEditBody,
  groupQuery,
  layerAddBody,
  layerEditBody,
  layerQuery,
  layerUrlProblem,
} from '../../../domain/contracts/admin-map-layer'
import { MAP_SCREEN_PAGES, type LayerGroupRecord } from '../../../domain/contracts/map'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { badRequest, conflict, notFound } from '../../http/errors'
import * as repo from './layer-repo'

const PAGES = [MAP_LAYER_PAGE]
const log = (action: string) => ({ module: 'mapLayer', action })

async function liveLayer(db: Db, id: number) {
  const layer = await repo.getLayer(db, id)
  if (!layer) throw notFound(`图层 ${id} 不存在`)
  return layer
}

async function liveGroup(db: Db, id: number, field = 'id') {
  const group = await repo.getGroup(db, id)
  if (!group)
    throw field === 'id' ? notFound(`图层组 ${id} 不存在`) : badRequest(`图层组 ${id} 不存在`, [{ field, message: `图层组 ${id} 不存在` }])
  return group
}

/** 400 naming the url field when it does not suit the layer's type. */
function checkUrl(type: Parameters<typeof layerUrlProblem>[0], url: string) {
  const problem = layerUrlProblem(type, url)
  if (problem) throw badRequest(`参数校验失败：url：${problem}`, [{ field: 'url', message: problem }])
}

export const mapLayerRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // every map screen's layer controls (docs/product.md §2.1, §2.2)
    app.get('/api/map/layers', { config: { pages: MAP_SCREEN_PAGES } }, async () => {
      const groups: LayerGroupRecord[] = []
      for (const r of await repo.layerRows(db)) {
        let g = groups.find((x) => x.name === r.group_name)
        if (!g) groups.push((g = { name: r.group_name, index: r.group_sort, open: r.group_open, layers: [] }))
        g.layers.push({
          key: r.id,
          name: r.name,
          index: r.sort,
          visible: r.visible,
          opacity: r.opacity,
          type: r.type,
          url: r.url,
          base: r.base,
        })
      }
      return ok(groups)
    })

    app.get('/api/map/layer/query', { config: { pages: PAGES }, schema: { querystring: layerQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listLayers(db, f, { page, pageSize, sortField, sortOrder }))
    })

    app.post('/api/map/layer/add', { config: { pages: PAGES, log: log('新增图层') }, schema: { body: layerAddBody } }, async (req) => {
      const f = req.body
      req.logTarget = f.name
      const group = await liveGroup(db, f.groupId, 'groupId')
      if (await repo.layerNameTaken(db, f.groupId, f.name)) throw conflict(`图层组“${group.name}”中已有图层“${f.name}”`)
      return ok(await repo.getLayer(db, await repo.insertLayer(db, f)))
    })

    app.post('/api/map/layer/edit', { config: { pages: PAGES, log: log('修改图层') }, schema: { body: layerEditBody } }, async (req) => {
      const { id, ...patch } = req.body
      req.logTarget = String(id)
      const old = await liveLayer(db, id)
      const next: repo.LayerFields = {
        groupId: patch.groupId ?? old.groupId,
        name: patch.name ?? old.name,
        sort: patch.sort ?? old.sort,
        visible: patch.visible ?? old.visible,
        opacity: patch.opacity ?? old.opacity,
        type: patch.type ?? old.type,
        url: patch.url ?? old.url,
        base: patch.base ?? old.base,
      }
      // the url must suit the type the layer will have, whichever of the two changed
      checkUrl(next.type, next.url)
      if (next.groupId !== old.groupId) await liveGroup(db, next.groupId, 'groupId')
      if ((next.name !== old.name || next.groupId !== old.groupId) && (await repo.layerNameTaken(db, next.groupId, next.name, id))) {
        throw conflict(`该图层组中已有图层“${next.name}”`)
      }
      await repo.updateLayer(db, id, next)
      return ok(await repo.getLayer(db, id))
    })

    app.post('/api/map/layer/delete', { config: { pages: PAGES, log: log('删除图层') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const layer = await liveLayer(db, req.body.id)
      req.logTarget = `${layer.groupName}/${layer.name}`
      await repo.deleteLayer(db, req.body.id)
      return ok(null)
    })

    app.get('/api/map/group/query', { config: { pages: PAGES }, schema: { querystring: groupQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, keyword } = req.query
      return ok(await repo.listGroups(db, { keyword }, { page, pageSize, sortField, sortOrder }))
    })

    app.get('/api/map/group/all', { config: { pages: PAGES } }, async () => ok(await repo.allGroups(db)))

    app.post('/api/map/group/add', { config: { pages: PAGES, log: log('新增图层组') }, schema: { body: groupAddBody } }, async (req) => {
      req.logTarget = req.body.name
      if (await repo.groupNameTaken(db, req.body.name)) throw conflict(`图层组“${req.body.name}”已存在`)
      return ok(await repo.getGroup(db, await repo.insertGroup(db, req.body)))
    })

    app.post('/api/map/group/edit', { config: { pages: PAGES, log: log('修改图层组') }, schema: { body: groupEditBody } }, async (req) => {
      const { id, ...f } = req.body
      req.logTarget = f.name
      await liveGroup(db, id)
      if (await repo.groupNameTaken(db, f.name, id)) throw conflict(`图层组“${f.name}”已存在`)
      await repo.updateGroup(db, id, f)
      return ok(await repo.getGroup(db, id))
    })

    app.post('/api/map/group/delete', { config: { pages: PAGES, log: log('删除图层组') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const group = await liveGroup(db, req.body.id)
      req.logTarget = `${group.name}（含 ${group.layerCount} 个图层）`
      await repo.deleteGroup(db, req.body.id)
      return ok(null)
    })
  }
