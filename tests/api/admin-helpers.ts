/** Helpers of the admin and security suites: accounts through the API, own password changes, uploads. */
import { passwordDigest } from '../../src/domain/password-digest'
import { rsaOaepEncrypt, type RsaPublicJwk } from '../../src/domain/rsa-oaep'
import type { InitialPassword } from '../../src/domain/contracts/admin-user'
import { buildZip } from '../fixtures/make/zip-writer'
import type { Answer, TestServer } from './harness'

/** Role id by name. */
export async function roleId(s: TestServer, name: string): Promise<number> {
  const r = await s.db.query<{ id: number }>('SELECT id FROM role WHERE name = $1', [name])
  if (!r.rows[0]) throw new Error(`no role ${name}`)
  return r.rows[0].id
}

/** Menu ids by route. */
export async function menuIds(s: TestServer, routes: string[]): Promise<number[]> {
  const r = await s.db.query<{ id: number }>('SELECT id FROM menu WHERE menu_route = ANY($1::text[]) ORDER BY id', [routes])
  return r.rows.map((x) => x.id)
}

/** Grants the roles of a user one more page (a menu route), as an administrator would. */
export async function grantPage(s: TestServer, username: string, route: string): Promise<void> {
  await s.db.query(
    `INSERT INTO role_menu(role_id, menu_id) SELECT ur.role_id, m.id FROM user_role ur JOIN app_user u ON u.id = ur.user_id, menu m
     WHERE u.username = $1 AND m.menu_route = $2 ON CONFLICT DO NOTHING`,
    [username, route],
  )
}

/** The digest of a password for a user, as the browser computes it. */
export async function digestFor(s: TestServer, username: string, password: string): Promise<string> {
  const salt = await s.get<{ salt: string }>(`/api/user/getSalt?username=${encodeURIComponent(username)}`)
  return passwordDigest(salt.body.data.salt, password)
}

/** POST /api/user/update/password as the browser sends it: old digest, new password encrypted. */
export async function changePassword(
  s: TestServer,
  token: string,
  username: string,
  oldPassword: string,
  newPassword: string,
): Promise<Answer<null>> {
  const key = (await s.get<RsaPublicJwk>('/api/login/publicKey')).body.data
  return s.postJson<null>(
    '/api/user/update/password',
    { oldPassword: await digestFor(s, username, oldPassword), newPassword: rsaOaepEncrypt(key, newPassword), keyId: key.kid },
    token,
  )
}

/**
 * Creates a staff account through /api/user/add and replaces its one-time password, so it can
 * work at once; returns its id and token.
 */
export async function makeUser(
  s: TestServer,
  adminToken: string,
  u: { username: string; roleIds?: number[]; regionCode?: string | null; password?: string },
): Promise<{ id: number; token: string; password: string }> {
  const added = await s.postJson<InitialPassword>(
    '/api/user/add',
    { username: u.username, realName: `测试${u.username}`, roleIds: u.roleIds ?? [], regionCode: u.regionCode ?? null },
    adminToken,
  )
  if (added.status !== 200) throw new Error(`add ${u.username}: ${added.status} ${added.body.message}`)
  const first = await s.login(u.username, added.body.data.password)
  const password = u.password ?? 'Tester#2026x'
  const changed = await changePassword(s, first, u.username, added.body.data.password, password)
  if (changed.status !== 200) throw new Error(`change ${u.username}: ${changed.status} ${changed.body.message}`)
  return { id: added.body.data.id, token: await s.login(u.username, password), password }
}

/** A multipart upload, as a browser's FormData sends it. */
export function upload(
  s: TestServer,
  path: string,
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null,
  token: string,
) {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  if (file) form.append('file', new Blob([file.bytes]), file.name)
  return s.call(path, { method: 'POST', body: form }, token)
}

/**
 * A tiny app package of exactly `size` bytes: a stored ZIP holding AndroidManifest.xml (apk) or
 * Payload/ilp.app/Info.plist (ipa), padded with a filler entry.
 */
export function zipLike(size: number, kind: 'apk' | 'ipa' = 'apk'): Uint8Array<ArrayBuffer> {
  const marker =
    kind === 'apk'
      ? { name: 'AndroidManifest.xml', data: Buffer.from('<manifest package="cn.ilp.app"/>'), method: 0 as const }
      : { name: 'Payload/ilp.app/Info.plist', data: Buffer.from('<plist version="1.0"/>'), method: 0 as const }
  const overhead = buildZip([marker, { name: 'res/pad.bin', data: new Uint8Array(0), method: 0 }]).length
  const pad = new Uint8Array(Math.max(0, size - overhead))
  for (let i = 0; i < pad.length; i++) pad[i] = (i * 31) & 255
  return new Uint8Array(buildZip([marker, { name: 'res/pad.bin', data: pad, method: 0 }]))
}
