/** Rules of 组织机构: a tree without cycles, unique names among siblings, no deletion of a node with children or users. */
import type { OrganNodeView } from '../../../domain/contracts/admin-organ'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import { regionExists } from '../user/repo'
import * as repo from './repo'

type OrganInput = { name: string; parentId: number; regionCode?: string | null; sort: number; remark: string }

async function check(db: Db, o: OrganInput, id = 0): Promise<void> {
  if (o.parentId !== -1) {
    if (!(await repo.getOrgan(db, o.parentId)))
      throw badRequest(`上级机构 ${o.parentId} 不存在`, [{ field: 'parentId', message: '上级机构不存在' }])
    if (id && (await repo.subtreeIds(db, id)).includes(o.parentId)) {
      throw badRequest('上级机构不能是本机构或其下级', [{ field: 'parentId', message: '上级机构不能是本机构或其下级' }])
    }
  }
  if (o.regionCode && !(await regionExists(db, o.regionCode)))
    throw badRequest(`区划 ${o.regionCode} 不存在`, [{ field: 'regionCode', message: '区划不存在' }])
  if (await repo.siblingNamed(db, o.parentId, o.name, id)) throw conflict(`同一上级下已有机构“${o.name}”`)
}

export async function addOrgan(db: Db, o: OrganInput): Promise<OrganNodeView> {
  await check(db, o)
  const id = await repo.insertOrgan(db, { ...o, regionCode: o.regionCode ?? null })
  return (await repo.getOrgan(db, id)) as OrganNodeView
}

export async function editOrgan(db: Db, id: number, o: OrganInput): Promise<OrganNodeView> {
  if (!(await repo.getOrgan(db, id))) throw notFound(`组织机构 ${id} 不存在`)
  await check(db, o, id)
  await repo.updateOrgan(db, id, { ...o, regionCode: o.regionCode ?? null })
  return (await repo.getOrgan(db, id)) as OrganNodeView
}

export async function deleteOrgan(db: Db, id: number): Promise<string> {
  const organ = await repo.getOrgan(db, id)
  if (!organ) throw notFound(`组织机构 ${id} 不存在`)
  const children = await repo.childCount(db, id)
  if (children > 0) throw new AppError(422, `机构“${organ.name}”下还有 ${children} 个下级机构，不能删除`)
  if (organ.userCount > 0) throw new AppError(422, `机构“${organ.name}”下还有 ${organ.userCount} 个用户，请先调整这些用户的机构`)
  await repo.deleteOrgan(db, id)
  return organ.name
}
