/**
 * 地块分组 /api/industryMap/landGroup/* and 企业分组 /api/industryMap/companyGroup/* (docs/product.md §7):
 * list, get, add, update, delete, members by group, add and remove members, export. Granted by
 * the group's page; every read and write limited to the user's data scope (a group outside it
 * answers 404, like one that does not exist). Writes are logged.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  GROUP_KINDS,
  groupAddBody,
  groupIdBody,
  groupIdQuery,
  groupListQuery,
  groupPages,
  groupUpdateBody,
  memberListQuery,
  membersBody,
  type GroupKind,
  type GroupMember,
} from '../../../domain/contracts/record-group'
import type { Db } from '../../db/engine'
import { isUniqueViolation } from '../../db/sql'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { badRequest, conflict, notFound } from '../../http/errors'
import { sendXlsx } from '../../http/xlsx'
import { scopeOf } from '../../auth/data-scope'
import * as repo from './repo'

type Req = Parameters<typeof currentUser>[0]

const groupRoutes =
  (db: Db, kind: GroupKind): FastifyPluginAsyncZod =>
  async (app) => {
    const { label, prefix } = GROUP_KINDS[kind]
    const pages = groupPages(kind)
    const read = { pages, log: false } as const
    const write = (action: string) => ({ pages, log: { module: 'industryMap', action } })
    const scope = (req: Req) => scopeOf(currentUser(req))

    async function liveGroup(req: Req, id: number) {
      const group = await repo.getGroup(db, kind, scope(req), id)
      if (!group) throw notFound(`${label}分组 ${id} 不存在或不在本账号的数据范围内`)
      return group
    }

    const taken = (name: string) => conflict(`已有名为“${name}”的${label}分组，请换一个名称`)

    app.get(`${prefix}/list`, { config: read, schema: { querystring: groupListQuery } }, async (req) => {
      const { keyword, ...args } = req.query
      return ok(await repo.listGroups(db, kind, scope(req), keyword, args))
    })

    app.get(`${prefix}/get`, { config: read, schema: { querystring: groupIdQuery } }, async (req) => ok(await liveGroup(req, req.query.id)))

    app.post(`${prefix}/add`, { config: write(`新增${label}分组`), schema: { body: groupAddBody } }, async (req) => {
      const user = currentUser(req)
      req.logTarget = req.body.name
      const codes = await repo.districtCodes(db, user.isAdmin ? null : user.regionCode)
      try {
        const id = await repo.insertGroup(db, kind, { ...req.body, userId: user.id, codes })
        return ok(await liveGroup(req, id), `已新增${label}分组“${req.body.name}”`)
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(req.body.name)
        throw err
      }
    })

    app.post(`${prefix}/update`, { config: write(`修改${label}分组`), schema: { body: groupUpdateBody } }, async (req) => {
      const { id, ...patch } = req.body
      const group = await liveGroup(req, id)
      req.logTarget = group.name
      try {
        await repo.updateGroup(db, id, patch)
      } catch (err) {
        if (isUniqueViolation(err)) throw taken(patch.name ?? group.name)
        throw err
      }
      return ok(await liveGroup(req, id), '已保存')
    })

    app.post(`${prefix}/delete`, { config: write(`删除${label}分组`), schema: { body: groupIdBody } }, async (req) => {
      const group = await liveGroup(req, req.body.id)
      req.logTarget = group.name
      await repo.deleteGroup(db, group.id)
      return ok(null, `已删除${label}分组“${group.name}”`)
    })

    app.get(`${prefix}/members`, { config: read, schema: { querystring: memberListQuery } }, async (req) => {
      const { id, keyword, ...args } = req.query
      await liveGroup(req, id)
      return ok(await repo.listMembers(db, kind, scope(req), id, keyword, args))
    })

    app.post(`${prefix}/addMembers`, { config: write(`添加${label}分组成员`), schema: { body: membersBody } }, async (req) => {
      const { id, recordIds } = req.body
      const group = await liveGroup(req, id)
      req.logTarget = group.name
      const outside = await repo.idsOutside(db, kind, scope(req), recordIds)
      if (outside.length) {
        const message = `${label} ${outside.slice(0, 10).join('、')}${outside.length > 10 ? ` 等 ${outside.length} 个` : ''} 不存在或不在本账号的数据范围内，未添加任何成员`
        throw badRequest(message, [{ field: 'recordIds', message }])
      }
      const added = await repo.addMembers(db, id, recordIds, currentUser(req).id)
      const existing = new Set(recordIds).size - added
      return ok({ added, existing }, existing ? `已添加 ${added} 个，${existing} 个已在分组中` : `已添加 ${added} 个`)
    })

    app.post(`${prefix}/removeMembers`, { config: write(`移出${label}分组成员`), schema: { body: membersBody } }, async (req) => {
      const { id, recordIds } = req.body
      const group = await liveGroup(req, id)
      req.logTarget = group.name
      const removed = await repo.removeMembers(db, id, recordIds)
      return ok({ removed }, `已移出 ${removed} 个`)
    })

    app.get(`${prefix}/export`, { config: write(`导出${label}分组`), schema: { querystring: groupIdQuery } }, async (req, reply) => {
      const group = await liveGroup(req, req.query.id)
      req.logTarget = group.name
      const s = scope(req)
      async function* pages() {
        for (let page = 1; ; page++) {
          const p = await repo.listMembers(db, kind, s, group.id, undefined, {
            page,
            pageSize: 1000,
            sortField: 'code',
            sortOrder: 'ascend',
          })
          if (p.list.length) yield p.list
          if (page * 1000 >= p.total) return
        }
      }
      return sendXlsx<GroupMember>(reply, {
        filename: `${label}分组_${group.name}_${new Date().toISOString().slice(0, 10)}.xlsx`,
        sheet: group.name.slice(0, 31),
        columns: [
          { header: kind === 'parcel' ? '宗地代码' : '统一社会信用代码', value: (r) => r.code, width: 22 },
          { header: kind === 'parcel' ? '地块名称' : '企业名称', value: (r) => r.name, width: 30 },
          { header: '状态', value: (r) => r.status, width: 10 },
          { header: '区县', value: (r) => r.countyName, width: 12 },
          { header: kind === 'parcel' ? '面积（亩）' : '用地面积（亩）', value: (r) => r.areaMu, width: 14 },
          { header: kind === 'parcel' ? '用地单位' : '行业', value: (r) => r.detail, width: 30 },
          { header: '加入时间', value: (r) => new Date(r.addedAt), width: 20 },
        ],
        pages: pages(),
      })
    })
  }

/** Both kinds of group. */
export const recordGroupRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(groupRoutes(db, 'parcel'))
    await app.register(groupRoutes(db, 'enterprise'))
  }
