/** Parcels (地块) and enterprises (用地单位), every query and write limited by a {@link DataScope}. */
import type { Page } from '../../../domain/contracts/envelope'
import type { EnterpriseBrief, ParcelBrief } from '../../../domain/contracts/land-scope'
import type { Db } from '../../db/engine'
import { Where, contains, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'

interface ParcelRow {
  id: number
  land_code: string
  name: string
  status: string
  area_m2: number | null
  location_desc: string
  city_code: string | null
  county_code: string | null
  county_name: string | null
  town_code: string | null
  enterprise_id: number | null
  enterprise_name: string | null
}

const PARCEL_SELECT = `p.id, p.land_code, p.name, p.status, p.area_m2, p.location_desc, p.city_code, p.county_code, c.name AS county_name,
  p.town_code, p.enterprise_id, e.name AS enterprise_name`
const PARCEL_FROM = 'parcel p LEFT JOIN region c ON c.code = p.county_code LEFT JOIN enterprise e ON e.id = p.enterprise_id'

const parcelView = (r: ParcelRow): ParcelBrief => ({
  id: r.id,
  landCode: r.land_code,
  name: r.name,
  status: r.status,
  areaM2: r.area_m2,
  locationDesc: r.location_desc,
  cityCode: r.city_code,
  countyCode: r.county_code,
  countyName: r.county_name,
  townCode: r.town_code,
  enterpriseId: r.enterprise_id,
  enterpriseName: r.enterprise_name,
})

/** Scoped where of a table alias: not deleted and inside the scope. */
function scoped(scope: DataScope, alias: string): Where {
  const where = new Where().add(`NOT ${alias}.deleted`)
  return where.raw(scopeCondition(scope, alias, where.params))
}

export async function listParcels(
  db: Db,
  scope: DataScope,
  f: { keyword?: string; countyCode?: string },
  args: PageArgs,
): Promise<Page<ParcelBrief>> {
  const where = scoped(scope, 'p')
  if (f.keyword) where.add('(p.name ILIKE ? OR p.land_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.countyCode, 'p.county_code = ?')
  const order = orderBy(args, { name: 'p.name', id: 'p.id' }, 'p.id')
  return queryPage(db, { select: PARCEL_SELECT, from: PARCEL_FROM, where, order }, args, parcelView)
}

export async function findParcel(db: Db, scope: DataScope, id: number): Promise<ParcelBrief | undefined> {
  const where = scoped(scope, 'p').add('p.id = ?', id)
  const r = await db.query<ParcelRow>(`SELECT ${PARCEL_SELECT} FROM ${PARCEL_FROM} WHERE ${where.sql}`, where.params)
  return r.rows[0] && parcelView(r.rows[0])
}

interface EnterpriseRow {
  id: number
  credit_code: string
  name: string
  scale: string
  status: string
  contact_person: string
  contact_phone: string
  address: string
  city_code: string | null
  county_code: string | null
  county_name: string | null
}

const ENTERPRISE_SELECT = `e.id, e.credit_code, e.name, e.scale, e.status, e.contact_person, e.contact_phone, e.address, e.city_code, e.county_code,
  c.name AS county_name`
const ENTERPRISE_FROM = 'enterprise e LEFT JOIN region c ON c.code = e.county_code'

const enterpriseView = (r: EnterpriseRow): EnterpriseBrief => ({
  id: r.id,
  creditCode: r.credit_code,
  name: r.name,
  scale: r.scale,
  status: r.status,
  contactPerson: r.contact_person,
  contactPhone: r.contact_phone,
  address: r.address,
  cityCode: r.city_code,
  countyCode: r.county_code,
  countyName: r.county_name,
})

export async function listEnterprises(
  db: Db,
  scope: DataScope,
  f: { keyword?: string; countyCode?: string; onlyId?: number },
  args: PageArgs,
): Promise<Page<EnterpriseBrief>> {
  const where = scoped(scope, 'e').addIf(f.onlyId, 'e.id = ?')
  if (f.keyword) where.add('(e.name ILIKE ? OR e.credit_code ILIKE ?)', contains(f.keyword), contains(f.keyword))
  where.addIf(f.countyCode, 'e.county_code = ?')
  const order = orderBy(args, { name: 'e.name', id: 'e.id' }, 'e.id')
  return queryPage(db, { select: ENTERPRISE_SELECT, from: ENTERPRISE_FROM, where, order }, args, enterpriseView)
}

export async function findEnterprise(db: Db, scope: DataScope, id: number): Promise<EnterpriseBrief | undefined> {
  const where = scoped(scope, 'e').add('e.id = ?', id)
  const r = await db.query<EnterpriseRow>(`SELECT ${ENTERPRISE_SELECT} FROM ${ENTERPRISE_FROM} WHERE ${where.sql}`, where.params)
  return r.rows[0] && enterpriseView(r.rows[0])
}

/** Enterprises by name or credit code inside the scope (at most 20), for pickers. */
export async function searchEnterprises(db: Db, scope: DataScope, keyword: string): Promise<EnterpriseBrief[]> {
  return (await listEnterprises(db, scope, { keyword }, { page: 1, pageSize: 20, sortField: 'name', sortOrder: 'ascend' })).list
}
