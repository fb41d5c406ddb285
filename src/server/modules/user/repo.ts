/** SQL of 用户管理: staff and enterprise accounts. */
import type { CompanyUserView, UserRowView } from '../../../domain/contracts/admin-user'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface UserListRow {
  id: number
  username: string
  real_name: string
  phone: string | null
  status: 0 | 1
  user_type: 'staff' | 'company'
  organization_id: number | null
  organization_name: string | null
  region_code: string | null
  region_name: string | null
  roles: { id: number; name: string }[] | string | null
  remark: string
  must_change_password: boolean
  locked_until: Date | null
  last_login_at: Date | null
  last_login_ip: string
  created_at: Date
}

const LIST_SELECT = `u.id, u.username, u.real_name, u.phone, u.status, u.user_type, u.organization_id, o.name AS organization_name,
  u.region_code, rg.name AS region_name, u.remark, u.must_change_password, al.locked_until, u.last_login_at, u.last_login_ip, u.created_at,
  (SELECT coalesce(json_agg(json_build_object('id', r.id, 'name', r.name) ORDER BY r.id), '[]'::json)
     FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = u.id) AS roles`
const LIST_FROM = `app_user u LEFT JOIN organization o ON o.id = u.organization_id LEFT JOIN region rg ON rg.code = u.region_code
  LEFT JOIN account_lock al ON al.username = u.username AND al.locked_until > now()`

function toView(r: UserListRow): UserRowView {
  const roles = typeof r.roles === 'string' ? JSON.parse(r.roles) : (r.roles ?? [])
  return {
    id: r.id,
    username: r.username,
    realName: r.real_name,
    phone: r.phone ?? '',
    status: r.status,
    userType: r.user_type,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    regionCode: r.region_code,
    regionName: r.region_name,
    roles,
    remark: r.remark,
    mustChangePassword: r.must_change_password,
    lockedUntil: r.locked_until ? new Date(r.locked_until).getTime() : null,
    lastLoginAt: iso(r.last_login_at),
    lastLoginIp: r.last_login_ip,
    createdAt: iso(r.created_at) as string,
  }
}

/** Filters of the user list. */
export interface UserFilter {
  username?: string
  realName?: string
  organizationId?: number
  roleId?: number
  status?: number
  regionCode?: string
}

export async function listUsers(db: Db, f: UserFilter, args: PageArgs): Promise<Page<UserRowView>> {
  const where = new Where()
    .add('NOT u.deleted')
    .add("u.user_type = 'staff'")
    .addIf(f.username, 'u.username ILIKE ?', f.username && contains(f.username))
    .addIf(f.realName, 'u.real_name ILIKE ?', f.realName && contains(f.realName))
    .addIf(f.status, 'u.status = ?')
    .addIf(f.regionCode, 'u.region_code = ?')
    .addIf(f.roleId, 'EXISTS (SELECT 1 FROM user_role x WHERE x.user_id = u.id AND x.role_id = ?)')
  if (f.organizationId) {
    // an organisation and everything below it
    where.add(
      `u.organization_id IN (WITH RECURSIVE t AS (SELECT id FROM organization WHERE id = ?
         UNION ALL SELECT o2.id FROM organization o2 JOIN t ON o2.parent_id = t.id) SELECT id FROM t)`,
      f.organizationId,
    )
  }
  const order = orderBy(
    args,
    { username: 'u.username', realName: 'u.real_name', createdAt: 'u.created_at', lastLoginAt: 'u.last_login_at' },
    'u.id',
  )
  return queryPage<UserListRow, UserRowView>(db, { select: LIST_SELECT, from: LIST_FROM, where, order }, args, toView)
}

export async function getUser(db: Db, id: number): Promise<UserRowView | undefined> {
  const r = await db.query<UserListRow>(`SELECT ${LIST_SELECT} FROM ${LIST_FROM} WHERE u.id = $1 AND NOT u.deleted`, [id])
  return r.rows[0] && toView(r.rows[0])
}

/** id, username and name of users for pickers (at most 50, by keyword). */
export async function pickUsers(db: Db, keyword: string | undefined): Promise<{ id: number; username: string; realName: string }[]> {
  const where = new Where().add('NOT deleted').add("user_type = 'staff'")
  if (keyword) where.add('(username ILIKE ? OR real_name ILIKE ?)', contains(keyword), contains(keyword))
  const r = await db.query<{ id: number; username: string; real_name: string }>(
    `SELECT id, username, real_name FROM app_user WHERE ${where.sql} ORDER BY username LIMIT 50`,
    where.params,
  )
  return r.rows.map((x) => ({ id: x.id, username: x.username, realName: x.real_name }))
}

export async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM app_user WHERE lower(username) = lower($1)', [username])
  return r.rows.length > 0
}

/** The row of a live account, or undefined. */
export async function findAccount(
  db: Db,
  id: number,
): Promise<{ id: number; username: string; user_type: string; status: number } | undefined> {
  const r = await db.query<{ id: number; username: string; user_type: string; status: number }>(
    'SELECT id, username, user_type, status FROM app_user WHERE id = $1 AND NOT deleted',
    [id],
  )
  return r.rows[0]
}

export interface NewUser {
  username: string
  realName: string
  phone: string
  organizationId: number | null
  regionCode: string | null
  remark: string
  userType: 'staff' | 'company'
  enterpriseId: number | null
  salt: string
  passwordHash: string
}

export async function insertUser(db: Db, u: NewUser): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO app_user(username, real_name, phone, organization_id, region_code, remark, user_type, enterprise_id, salt, password_hash, must_change_password)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, true) RETURNING id`,
    [u.username, u.realName, u.phone, u.organizationId, u.regionCode, u.remark, u.userType, u.enterpriseId, u.salt, u.passwordHash],
  )
  const id = r.rows[0].id
  await db.query('INSERT INTO password_history(user_id, salt, password_hash) VALUES ($1, $2, $3)', [id, u.salt, u.passwordHash])
  return id
}

export async function updateUser(
  db: Db,
  id: number,
  u: { realName: string; phone: string; organizationId: number | null; regionCode: string | null; remark: string },
): Promise<void> {
  await db.query(
    `UPDATE app_user SET real_name = $2, phone = $3, organization_id = $4, region_code = $5, remark = $6, updated_at = now() WHERE id = $1`,
    [id, u.realName, u.phone, u.organizationId, u.regionCode, u.remark],
  )
}

export async function setStatus(db: Db, id: number, status: 0 | 1): Promise<void> {
  await db.query('UPDATE app_user SET status = $2, updated_at = now() WHERE id = $1', [id, status])
}

/** Soft delete: the name stays reserved, the account can never sign in again. */
export async function softDelete(db: Db, id: number): Promise<void> {
  await db.query('UPDATE app_user SET deleted = true, status = 0, updated_at = now() WHERE id = $1', [id])
  await db.query('DELETE FROM user_role WHERE user_id = $1', [id])
}

export async function setRoles(db: Db, userId: number, roleIds: number[]): Promise<void> {
  await db.query('DELETE FROM user_role WHERE user_id = $1', [userId])
  if (roleIds.length) {
    await db.query('INSERT INTO user_role(user_id, role_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [userId, roleIds])
  }
}

/** Which of the ids are not roles. */
export async function missingRoles(db: Db, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return []
  const r = await db.query<{ id: number }>('SELECT id FROM role WHERE id = ANY($1::int[])', [roleIds])
  const found = new Set(r.rows.map((x) => x.id))
  return roleIds.filter((id) => !found.has(id))
}

export async function organizationExists(db: Db, id: number): Promise<boolean> {
  return (await db.query('SELECT 1 FROM organization WHERE id = $1', [id])).rows.length > 0
}

export async function regionExists(db: Db, code: string): Promise<boolean> {
  return (await db.query('SELECT 1 FROM region WHERE code = $1', [code])).rows.length > 0
}

interface CompanyRow {
  id: number
  username: string
  real_name: string
  phone: string | null
  status: 0 | 1
  enterprise_id: number
  enterprise_name: string
  credit_code: string
  county_name: string | null
  created_at: Date
}

export async function listCompanyUsers(db: Db, keyword: string | undefined, args: PageArgs): Promise<Page<CompanyUserView>> {
  const where = new Where().add('NOT u.deleted').add("u.user_type = 'company'")
  if (keyword)
    where.add('(u.username ILIKE ? OR e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(keyword), contains(keyword), contains(keyword))
  return queryPage<CompanyRow, CompanyUserView>(
    db,
    {
      select: `u.id, u.username, u.real_name, u.phone, u.status, u.enterprise_id, e.name AS enterprise_name, e.credit_code,
               c.name AS county_name, u.created_at`,
      from: 'app_user u JOIN enterprise e ON e.id = u.enterprise_id LEFT JOIN region c ON c.code = e.county_code',
      where,
      order: orderBy(args, { username: 'u.username', createdAt: 'u.created_at' }, 'u.id DESC'),
    },
    args,
    (r) => ({
      id: r.id,
      username: r.username,
      realName: r.real_name,
      phone: r.phone ?? '',
      status: r.status,
      enterpriseId: r.enterprise_id,
      enterpriseName: r.enterprise_name,
      creditCode: r.credit_code,
      countyName: r.county_name,
      createdAt: iso(r.created_at) as string,
    }),
  )
}
