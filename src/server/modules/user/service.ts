/** Rules of 用户管理: unique names, protected accounts, one-time passwords, revocation on disable. */
import type { z } from 'zod'
import type { InitialPassword, companyAddBody, userAddBody, userEditBody } from '../../../domain/contracts/admin-user'
import { passwordDigest } from '../../../domain/password-digest'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import { generatePassword, hashDigest, newSalt } from '../../auth/password'
import { assertRegionInScope, type DataScope } from '../../auth/data-scope'
import { resetPassword } from '../auth/service'
import { SUPER_USER, type AuthUser } from '../../auth/session'
import { clearFailures, deleteSessionsOfUser } from '../auth/repo'
import { findEnterprise } from '../land/repo'
import { assertMayGrantRoles, assertMayManageUsers, assertMaySetRegion } from '../../auth/privilege'
import * as repo from './repo'

async function assertReferences(
  db: Db,
  u: { organizationId?: number | null; regionCode?: string | null; roleIds?: number[] },
): Promise<void> {
  if (u.organizationId && !(await repo.organizationExists(db, u.organizationId))) {
    throw badRequest(`组织机构 ${u.organizationId} 不存在`, [{ field: 'organizationId', message: '组织机构不存在' }])
  }
  if (u.regionCode && !(await repo.regionExists(db, u.regionCode))) {
    throw badRequest(`区划 ${u.regionCode} 不存在`, [{ field: 'regionCode', message: '区划不存在' }])
  }
  const missing = await repo.missingRoles(db, u.roleIds ?? [])
  if (missing.length) throw badRequest(`角色 ${missing.join('、')} 不存在`, [{ field: 'roleIds', message: '角色不存在' }])
}

async function assertNameFree(db: Db, username: string): Promise<void> {
  if (await repo.usernameTaken(db, username)) throw conflict(`用户名“${username}”已存在`)
}

async function firstCredentials(): Promise<{ password: string; salt: string; passwordHash: string }> {
  const password = generatePassword()
  const salt = newSalt()
  return { password, salt, passwordHash: await hashDigest(passwordDigest(salt, password)) }
}

/** 新增用户: the first password is generated, returned once, and must be changed at the first sign-in. */
export async function addUser(db: Db, actor: AuthUser, body: z.output<typeof userAddBody>): Promise<InitialPassword> {
  await assertNameFree(db, body.username)
  await assertReferences(db, body)
  // issue 18 finding 2: no one creates an account with more rights than their own
  await assertMayGrantRoles(db, actor, body.roleIds)
  await assertMaySetRegion(db, actor, body.regionCode)
  const cred = await firstCredentials()
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertUser(tx, {
      username: body.username,
      realName: body.realName,
      phone: body.phone,
      organizationId: body.organizationId ?? null,
      regionCode: body.regionCode ?? null,
      remark: body.remark,
      userType: 'staff',
      enterpriseId: null,
      salt: cred.salt,
      passwordHash: cred.passwordHash,
    })
    await repo.setRoles(tx, id, body.roleIds)
    return id
  })
  return { id, username: body.username, password: cred.password }
}

async function liveAccount(db: Db, id: number) {
  const row = await repo.findAccount(db, id)
  if (!row) throw notFound(`用户 ${id} 不存在`)
  return row
}

/** Accounts that no one may disable or delete: the super user and the caller. */
function assertNotProtected(actor: AuthUser, target: { id: number; username: string }, what: string): void {
  if (target.username === SUPER_USER) throw new AppError(422, `不能${what}超级管理员账号 ${SUPER_USER}`)
  if (target.id === actor.id) throw new AppError(422, `不能${what}当前登录的账号`)
}

export async function editUser(db: Db, actor: AuthUser, body: z.output<typeof userEditBody>): Promise<string> {
  const row = await liveAccount(db, body.id)
  await assertMayManageUsers(db, actor, [body.id])
  await assertReferences(db, body)
  // one's own region included: nobody widens the region they read (issue 18 finding 2)
  await assertMaySetRegion(db, actor, body.regionCode)
  await repo.updateUser(db, body.id, {
    realName: body.realName,
    phone: body.phone,
    organizationId: body.organizationId ?? null,
    regionCode: body.regionCode ?? null,
    remark: body.remark,
  })
  return row.username
}

/** 停用 revokes every token at once (docs/api.md step 5); 启用 lets the user sign in again. */
export async function setStatus(db: Db, actor: AuthUser, id: number, status: 0 | 1): Promise<string> {
  const row = await liveAccount(db, id)
  if (status === 0) assertNotProtected(actor, row, '停用')
  await assertMayManageUsers(db, actor, [id])
  await repo.setStatus(db, id, status)
  if (status === 0) await deleteSessionsOfUser(db, id)
  return row.username
}

export async function deleteUser(db: Db, actor: AuthUser, id: number): Promise<string> {
  const row = await liveAccount(db, id)
  assertNotProtected(actor, row, '删除')
  await assertMayManageUsers(db, actor, [id])
  await db.transaction(async (tx) => {
    await repo.softDelete(tx, id)
    await deleteSessionsOfUser(tx, id)
  })
  return row.username
}

export async function setRoles(db: Db, actor: AuthUser, userId: number, roleIds: number[]): Promise<string> {
  const row = await liveAccount(db, userId)
  await assertMayManageUsers(db, actor, [userId])
  await assertReferences(db, { roleIds })
  await assertMayGrantRoles(db, actor, roleIds)
  await repo.setRoles(db, userId, [...new Set(roleIds)])
  return row.username
}

/** 重置密码: a new one-time password, shown once to the admin. */
export async function resetUserPassword(db: Db, actor: AuthUser, id: number): Promise<InitialPassword> {
  const row = await liveAccount(db, id)
  await assertMayManageUsers(db, actor, [id])
  const password = await resetPassword(db, id, row.username)
  return { id, username: row.username, password }
}

/** 解锁: ends a sign-in lock before its 30 minutes are over. */
export async function unlockUser(db: Db, actor: AuthUser, id: number): Promise<string> {
  const row = await liveAccount(db, id)
  await assertMayManageUsers(db, actor, [id])
  await clearFailures(db, row.username)
  return row.username
}

/** 企业账号: bound to an enterprise inside the admin's data scope, region = the enterprise's county. */
export async function addCompanyUser(db: Db, scope: DataScope, body: z.output<typeof companyAddBody>): Promise<InitialPassword> {
  const enterprise = await findEnterprise(db, scope, body.enterpriseId)
  if (!enterprise) throw notFound(`企业 ${body.enterpriseId} 不存在或不在本账号的数据范围内`)
  await assertNameFree(db, body.username)
  if (enterprise.countyCode) await assertRegionInScope(db, scope, enterprise.countyCode)
  const cred = await firstCredentials()
  const id = await repo.insertUser(db, {
    username: body.username,
    realName: body.realName,
    phone: body.phone,
    organizationId: null,
    regionCode: enterprise.countyCode,
    remark: `企业账号：${enterprise.name}`,
    userType: 'company',
    enterpriseId: enterprise.id,
    salt: cred.salt,
    passwordHash: cred.passwordHash,
  })
  return { id, username: body.username, password: cred.password }
}

export async function deleteCompanyUser(db: Db, actor: AuthUser, id: number): Promise<string> {
  const row = await liveAccount(db, id)
  if (row.user_type !== 'company') throw new AppError(422, `${row.username} 不是企业账号`)
  return deleteUser(db, actor, id)
}
