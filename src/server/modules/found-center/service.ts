/**
 * 认领 (docs/product.md §2 foundGyyd / foundYddw): records that no county owns are claimed into a county —
 * one or many at once, each a claim submission (待审核) that an auditor approves like any other
 * change. A county clerk claims into their own county only, and only records lying in it.
 */
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import { regionInScope } from '../../auth/data-scope'
import { recordCreated } from '../datacenter/input-service'
import { proposerRegion, type Proposer } from '../datacenter/proposal'
import * as records from '../datacenter/record-repo'
import { MASTER } from '../datacenter/record-repo'
import { activeStandard } from '../datacenter/standard-service'
import * as subs from '../datacenter/submission-repo'

const KIND_NAME: Record<RecordKind, string> = { parcel: '地块', enterprise: '企业' }

/** Claims records into a county; returns the claim submissions (all or none are made). */
export async function claim(
  db: Db,
  p: Proposer,
  kind: RecordKind,
  ids: readonly number[],
  countyCode: string | undefined,
  remark: string,
): Promise<{ id: number; targetId: number }[]> {
  const own = await proposerRegion(db, p)
  const county = countyCode ?? (own.level === 'county' || own.level === 'town' ? own.county_code : null)
  if (!county) throw badRequest('请选择认领到的区县', [{ field: 'countyCode', message: '请选择认领到的区县' }])
  const chain = await records.regionChain(db, county)
  if (chain.level !== 'county')
    throw badRequest(`区县代码 ${county} 不是县级行政区划`, [{ field: 'countyCode', message: '应为县级行政区划代码' }])
  if (county !== own.county_code && !(await regionInScope(db, p.scope, county)))
    throw new AppError(403, `区划 ${county} 不在本账号的数据范围内`)
  const region = {
    province_code: chain.province_code,
    city_code: chain.city_code,
    county_code: chain.county_code,
    town_code: own.county_code === county ? own.town_code : null,
  }
  const unique = [...new Set(ids)]
  return db.transaction(async (tx) => {
    const std = await activeStandard(tx, kind)
    const made: { id: number; targetId: number }[] = []
    for (const id of unique) {
      const rec = await records.findRecord(tx, kind, id, { scope: p.scope, lock: true })
      if (!rec || rec.deleted) throw notFound(`${KIND_NAME[kind]} ${id} 不存在或不在本账号可认领的范围内`)
      const name = `${KIND_NAME[kind]}「${String(rec.values.name ?? id)}」`
      if (rec.values.county_code) throw conflict(`${name}已归属区县 ${rec.values.county_code}，无需认领`)
      const shape = rec.values[MASTER[kind].geom]
      if (shape && (await records.insideRegion(tx, kind, shape, county)) === false)
        throw new AppError(422, `${name}的位置不在所认领的区县（${county}）内`)
      if ((await subs.openOnRecord(tx, kind, id)).some((s) => s.action === 'claim')) throw conflict(`${name}已有待审核的认领，不能重复认领`)
      const sid = await subs.insertSubmission(tx, {
        kind,
        action: 'claim',
        targetId: id,
        standardVersion: std.version,
        payload: region,
        before: rec.values,
        state: '待审核',
        region,
        userId: p.id,
        remark,
      })
      await recordCreated(tx, sid, p.id, true)
      made.push({ id: sid, targetId: id })
    }
    return made
  })
}
