/** SQL of the configured map layer groups (spec §3). */
import type { Db } from '../../db/engine'

export interface LayerRow {
  id: number
  group_name: string
  group_sort: number
  group_open: boolean
  name: string
  sort: number
  visible: boolean
  opacity: number
  type: 'title' | 'feature' | 'dynamic'
  url: string
  base: string
}

/** Every group with its layers, by sort order. */
export async function layerRows(db: Db): Promise<LayerRow[]> {
  const r = await db.query<LayerRow>(
    `SELECT l.id, g.name AS group_name, g.sort AS group_sort, g.open AS group_open, l.name, l.sort, l.visible, l.opacity, l.type, l.url, l.base
     FROM map_layer l JOIN map_layer_group g ON g.id = l.group_id ORDER BY g.sort, g.id, l.sort, l.id`,
  )
  return r.rows
}

/** Changes one layer; returns whether it existed. */
export async function updateLayer(db: Db, id: number, patch: { name?: string; visible?: boolean; opacity?: number; url?: string; sort?: number }): Promise<boolean> {
  const r = await db.query(
    `UPDATE map_layer SET name = coalesce($2, name), visible = coalesce($3, visible), opacity = coalesce($4, opacity),
            url = coalesce($5, url), sort = coalesce($6, sort), updated_at = now()
     WHERE id = $1`,
    [id, patch.name ?? null, patch.visible ?? null, patch.opacity ?? null, patch.url ?? null, patch.sort ?? null],
  )
  return r.affectedRows > 0
}
