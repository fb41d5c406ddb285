/** SQL of the configured map layer groups and layers (docs/product.md §3) and their administration. */
import type { GroupView, LayerType, LayerView } from '../../../domain/contracts/admin-map-layer'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

const LAYER_SELECT = `l.id, l.group_id, g.name AS group_name, l.name, l.sort, l.visible, l.opacity, l.type, l.url, l.base, l.updated_at`
const LAYER_FROM = 'map_layer l JOIN map_layer_group g ON g.id = l.group_id'

/** A layer row as stored, with its group's name. */
export interface LayerRow {
  id: number
  group_id: number
  group_name: string
  name: string
  sort: number
  visible: boolean
  opacity: number
  type: LayerType
  url: string
  base: string
  updated_at: Date
}

const layerView = (r: LayerRow): LayerView => ({
  id: r.id,
  groupId: r.group_id,
  groupName: r.group_name,
  name: r.name,
  sort: r.sort,
  visible: r.visible,
  opacity: r.opacity,
  type: r.type,
  url: r.url,
  base: r.base,
  updatedAt: iso(r.updated_at) as string,
})

/** Every layer with its group's order and initial state, by sort order (what the map screens list). */
export async function layerRows(db: Db): Promise<(LayerRow & { group_sort: number; group_open: boolean })[]> {
  const r = await db.query<LayerRow & { group_sort: number; group_open: boolean }>(
    `SELECT ${LAYER_SELECT}, g.sort AS group_sort, g.open AS group_open FROM ${LAYER_FROM} ORDER BY g.sort, g.id, l.sort, l.id`,
  )
  return r.rows
}

/** One page of layers, by name or url keyword, group and type. */
export async function listLayers(
  db: Db,
  f: { keyword?: string; groupId?: number; type?: LayerType },
  args: PageArgs,
): Promise<Page<LayerView>> {
  const where = new Where().addIf(f.groupId, 'l.group_id = ?').addIf(f.type, 'l.type = ?')
  if (f.keyword) {
    const k = contains(f.keyword)
    where.add('(l.name ILIKE ? OR l.url ILIKE ?)', k, k)
  }
  const order = orderBy(args, { name: 'l.name', sort: 'l.sort', type: 'l.type', group: 'g.sort' }, 'g.sort, g.id, l.sort, l.id')
  return queryPage(db, { select: LAYER_SELECT, from: LAYER_FROM, where, order }, args, layerView)
}

/** One layer. */
export async function getLayer(db: Db, id: number): Promise<LayerView | undefined> {
  const r = await db.query<LayerRow>(`SELECT ${LAYER_SELECT} FROM ${LAYER_FROM} WHERE l.id = $1`, [id])
  return r.rows[0] && layerView(r.rows[0])
}

/** Fields of a layer as stored. */
export type LayerFields = Omit<LayerView, 'id' | 'groupName' | 'updatedAt'>

/** Whether a group already holds a layer of that name (other than `exceptId`). */
export async function layerNameTaken(db: Db, groupId: number, name: string, exceptId = 0): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM map_layer WHERE group_id = $1 AND name = $2 AND id <> $3', [groupId, name, exceptId])
  return r.rows.length > 0
}

/** Adds a layer; its id. */
export async function insertLayer(db: Db, f: LayerFields): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO map_layer(group_id, name, sort, visible, opacity, type, url, base) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [f.groupId, f.name, f.sort, f.visible, f.opacity, f.type, f.url, f.base],
  )
  return r.rows[0].id
}

/** Writes every field of a layer. */
export async function updateLayer(db: Db, id: number, f: LayerFields): Promise<void> {
  await db.query(
    `UPDATE map_layer SET group_id = $2, name = $3, sort = $4, visible = $5, opacity = $6, type = $7, url = $8, base = $9, updated_at = now() WHERE id = $1`,
    [id, f.groupId, f.name, f.sort, f.visible, f.opacity, f.type, f.url, f.base],
  )
}

/** Removes a layer. */
export async function deleteLayer(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM map_layer WHERE id = $1', [id])
}

const GROUP_SELECT = `g.id, g.name, g.sort, g.open, (SELECT count(*)::int FROM map_layer l WHERE l.group_id = g.id) AS "layerCount"`

/** One page of groups with their layer counts. */
export async function listGroups(db: Db, f: { keyword?: string }, args: PageArgs): Promise<Page<GroupView>> {
  const where = new Where()
  if (f.keyword) where.add('g.name ILIKE ?', contains(f.keyword))
  const order = orderBy(args, { name: 'g.name', sort: 'g.sort' }, 'g.sort, g.id')
  return queryPage(db, { select: GROUP_SELECT, from: 'map_layer_group g', where, order }, args)
}

/** Every group (the layer form's select). */
export async function allGroups(db: Db): Promise<GroupView[]> {
  return (await db.query<GroupView>(`SELECT ${GROUP_SELECT} FROM map_layer_group g ORDER BY g.sort, g.id`)).rows
}

/** One group. */
export async function getGroup(db: Db, id: number): Promise<GroupView | undefined> {
  return (await db.query<GroupView>(`SELECT ${GROUP_SELECT} FROM map_layer_group g WHERE g.id = $1`, [id])).rows[0]
}

/** Whether another group has the name. */
export async function groupNameTaken(db: Db, name: string, exceptId = 0): Promise<boolean> {
  return (await db.query('SELECT 1 FROM map_layer_group WHERE name = $1 AND id <> $2', [name, exceptId])).rows.length > 0
}

/** Adds a group; its id. */
export async function insertGroup(db: Db, f: { name: string; sort: number; open: boolean }): Promise<number> {
  return (
    await db.query<{ id: number }>('INSERT INTO map_layer_group(name, sort, open) VALUES ($1, $2, $3) RETURNING id', [
      f.name,
      f.sort,
      f.open,
    ])
  ).rows[0].id
}

/** Writes a group. */
export async function updateGroup(db: Db, id: number, f: { name: string; sort: number; open: boolean }): Promise<void> {
  await db.query('UPDATE map_layer_group SET name = $2, sort = $3, open = $4 WHERE id = $1', [id, f.name, f.sort, f.open])
}

/** Removes a group and (ON DELETE CASCADE) its layers. */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM map_layer_group WHERE id = $1', [id])
}
