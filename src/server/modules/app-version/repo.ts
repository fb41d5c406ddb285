/** SQL of 应用管理 (app_version). */
import type { AppVersionView } from '../../../domain/contracts/admin-app'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface Row {
  id: number
  platform: 'android' | 'ios'
  version_code: number
  version_name: string
  notes: string
  force_update: boolean
  file_name: string
  file_size: number | string
  sha256: string
  stored_name: string
  uploaded_by: string
  created_at: Date
}

const COLS =
  'id, platform, version_code, version_name, notes, force_update, file_name, file_size, sha256, stored_name, uploaded_by, created_at'

const view = (r: Row): AppVersionView => ({
  id: r.id,
  platform: r.platform,
  versionCode: r.version_code,
  versionName: r.version_name,
  notes: r.notes,
  forceUpdate: r.force_update,
  fileName: r.file_name,
  fileSize: Number(r.file_size),
  sha256: r.sha256,
  uploadedBy: r.uploaded_by,
  createdAt: iso(r.created_at) as string,
  downloadUrl: `/api/app/version/download?id=${r.id}`,
})

export async function listVersions(db: Db, platform: string | undefined, args: PageArgs): Promise<Page<AppVersionView>> {
  const where = new Where().addIf(platform, 'platform = ?')
  const order = orderBy(args, { versionCode: 'version_code', createdAt: 'created_at' }, 'platform, version_code DESC')
  return queryPage(db, { select: COLS, from: 'app_version', where, order }, args, view)
}

export async function getVersion(db: Db, id: number): Promise<(AppVersionView & { storedName: string }) | undefined> {
  const r = (await db.query<Row>(`SELECT ${COLS} FROM app_version WHERE id = $1`, [id])).rows[0]
  return r && { ...view(r), storedName: r.stored_name }
}

export async function versionExists(db: Db, platform: string, versionCode: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM app_version WHERE platform = $1 AND version_code = $2', [platform, versionCode])).rows.length > 0
}

export async function insertVersion(
  db: Db,
  v: {
    platform: string
    versionCode: number
    versionName: string
    notes: string
    forceUpdate: boolean
    fileName: string
    fileSize: number
    sha256: string
    storedName: string
    by: string
  },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO app_version(platform, version_code, version_name, notes, force_update, file_name, file_size, sha256, stored_name, uploaded_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
    [v.platform, v.versionCode, v.versionName, v.notes, v.forceUpdate, v.fileName, v.fileSize, v.sha256, v.storedName, v.by],
  )
  return r.rows[0].id
}

export async function updateVersion(db: Db, id: number, v: { versionName: string; notes: string; forceUpdate: boolean }): Promise<void> {
  await db.query('UPDATE app_version SET version_name = $2, notes = $3, force_update = $4 WHERE id = $1', [
    id,
    v.versionName,
    v.notes,
    v.forceUpdate,
  ])
}

export async function deleteVersion(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM app_version WHERE id = $1', [id])
}

/** The newest version of a platform, and whether any version newer than `current` forces an update. */
export async function latestFor(
  db: Db,
  platform: string,
  current: number,
): Promise<{ latest: AppVersionView | null; mustUpdate: boolean }> {
  const latest = (await db.query<Row>(`SELECT ${COLS} FROM app_version WHERE platform = $1 ORDER BY version_code DESC LIMIT 1`, [platform]))
    .rows[0]
  const forced = await db.query('SELECT 1 FROM app_version WHERE platform = $1 AND version_code > $2 AND force_update LIMIT 1', [
    platform,
    current,
  ])
  return { latest: latest ? view(latest) : null, mustUpdate: forced.rows.length > 0 }
}
