/** SQL of 设备注册. */
import type { DeviceView } from '../../../domain/contracts/admin-device'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface Row {
  id: number
  device_id: string
  name: string
  model: string
  os: string
  os_version: string
  app_version: string
  user_id: number | null
  username: string | null
  real_name: string | null
  status: 0 | 1
  remark: string
  registered_at: Date
  last_seen_at: Date
}

const SELECT = `d.id, d.device_id, d.name, d.model, d.os, d.os_version, d.app_version, d.user_id, u.username, u.real_name, d.status, d.remark,
  d.registered_at, d.last_seen_at`
const FROM = 'device d LEFT JOIN app_user u ON u.id = d.user_id'

const view = (r: Row): DeviceView => ({
  id: r.id,
  deviceId: r.device_id,
  name: r.name,
  model: r.model,
  os: r.os,
  osVersion: r.os_version,
  appVersion: r.app_version,
  userId: r.user_id,
  username: r.username,
  realName: r.real_name,
  status: r.status,
  remark: r.remark,
  registeredAt: iso(r.registered_at) as string,
  lastSeenAt: iso(r.last_seen_at) as string,
})

export async function listDevices(
  db: Db,
  f: { keyword?: string; status?: number; os?: string },
  args: PageArgs,
): Promise<Page<DeviceView>> {
  const where = new Where().addIf(f.status, 'd.status = ?').addIf(f.os, 'd.os = ?')
  if (f.keyword) {
    const k = contains(f.keyword)
    where.add('(d.device_id ILIKE ? OR d.name ILIKE ? OR d.model ILIKE ? OR u.username ILIKE ? OR u.real_name ILIKE ?)', k, k, k, k, k)
  }
  const order = orderBy(
    args,
    { lastSeenAt: 'd.last_seen_at', registeredAt: 'd.registered_at', model: 'd.model' },
    'd.last_seen_at DESC, d.id',
  )
  return queryPage(db, { select: SELECT, from: FROM, where, order }, args, view)
}

export async function getDevice(db: Db, id: number): Promise<DeviceView | undefined> {
  const r = await db.query<Row>(`SELECT ${SELECT} FROM ${FROM} WHERE d.id = $1`, [id])
  return r.rows[0] && view(r.rows[0])
}

export async function findByDeviceId(db: Db, deviceId: string): Promise<{ id: number; status: number } | undefined> {
  return (await db.query<{ id: number; status: number }>('SELECT id, status FROM device WHERE device_id = $1', [deviceId])).rows[0]
}

export async function updateDevice(
  db: Db,
  id: number,
  d: { name: string; userId: number | null; status: 0 | 1; remark: string },
): Promise<void> {
  await db.query('UPDATE device SET name = $2, user_id = $3, status = $4, remark = $5 WHERE id = $1', [
    id,
    d.name,
    d.userId,
    d.status,
    d.remark,
  ])
}

export async function deleteDevice(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM device WHERE id = $1', [id])
}

/** A phone reports itself: new devices are registered, known ones get their details and last-seen time. */
export async function upsertDevice(
  db: Db,
  d: { deviceId: string; model: string; os: string; osVersion: string; appVersion: string; userId: number },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO device(device_id, model, os, os_version, app_version, user_id) VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (device_id) DO UPDATE SET model = EXCLUDED.model, os = EXCLUDED.os, os_version = EXCLUDED.os_version,
       app_version = EXCLUDED.app_version, user_id = EXCLUDED.user_id, last_seen_at = now()
     RETURNING id`,
    [d.deviceId, d.model, d.os, d.osVersion, d.appVersion, d.userId],
  )
  return r.rows[0].id
}
