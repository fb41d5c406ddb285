/**
 * Rules of 菜单资源: the menu table mirrors the route table (ADR 0001), so a menu's route must be a
 * route of the table, and its group and parent are the table's; an admin names, orders, gives an
 * icon, removes and brings back menus.
 */
import type { z } from 'zod'
import type { MenuModelRoute, menuAddBody } from '../../../domain/contracts/admin-menu'
import { MENU_GROUP_TITLES, ROUTES, findRoute, normalizePath, type MenuGroup } from '../../../domain/route-table'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import * as repo from './repo'

/** Routes that can be menus: those with a group and a menu grant (the ones the sync seeds). */
const MENU_ROUTES = ROUTES.filter((r) => r.group && r.guard === 'grant')

/** GET /api/menu/query/model */
export async function menuModel(db: Db): Promise<MenuModelRoute[]> {
  const live = await repo.liveRoutes(db)
  return MENU_ROUTES.map((r) => ({
    path: r.path,
    title: r.title,
    group: r.group as MenuGroup,
    parent: r.parent ?? null,
    present: live.has(r.path),
  }))
}

/** 新增菜单 (or bring back a removed one). */
export async function addMenu(db: Db, body: z.output<typeof menuAddBody>): Promise<number> {
  const route = normalizePath(body.menuRoute)
  const entry = findRoute(route)
  if (!entry || !entry.group || entry.guard !== 'grant') {
    const why = entry ? '该路由无需菜单授权' : '不在路由表中'
    const message = `路由 ${route} ${why}，不能作为菜单（可用的路由见“路由表”，src/domain/route-table.ts）`
    throw badRequest(message, [{ field: 'menuRoute', message }])
  }
  if (body.group && body.group !== entry.group) {
    const message = `路由 ${route} 属于菜单组“${MENU_GROUP_TITLES[entry.group]}”，不能放入“${MENU_GROUP_TITLES[body.group]}”`
    throw badRequest(message, [{ field: 'group', message }])
  }
  const existing = await repo.findByRoute(db, route)
  if (existing && !existing.deleted) throw conflict(`菜单路由 ${route} 已存在（${existing.name}）`)
  let parentId = -1
  if (entry.parent) {
    const parent = await repo.findByRoute(db, entry.parent)
    if (!parent || parent.deleted) throw new AppError(422, `上级菜单 ${entry.parent} 已删除，请先恢复上级菜单`)
    parentId = parent.id
  }
  return repo.upsertMenu(db, { parentId, name: body.name, route, group: entry.group, sort: body.sort, icon: body.icon })
}

export async function editMenu(db: Db, body: { id: number; name: string; sort: number; icon: string }): Promise<string> {
  const menu = await repo.findById(db, body.id)
  if (!menu) throw notFound(`菜单 ${body.id} 不存在`)
  await repo.updateMenu(db, body.id, body)
  return menu.menu_route
}

/** 删除菜单: not while it has live children. */
export async function deleteMenu(db: Db, id: number): Promise<string> {
  const menu = await repo.findById(db, id)
  if (!menu) throw notFound(`菜单 ${id} 不存在`)
  const children = await repo.liveChildCount(db, id)
  if (children > 0) throw new AppError(422, `菜单“${menu.name}”下还有 ${children} 个子菜单，请先删除子菜单`)
  await repo.removeMenu(db, id)
  return menu.menu_route
}
