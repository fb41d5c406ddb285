/** SQL of 认领: master records that no county owns yet, where a scope may see them. */
import type { FeatureCollection } from 'geojson'
import type { FoundListQuery, FoundRow } from '../../../domain/contracts/datacenter'
import type { Page } from '../../../domain/contracts/envelope'
import type { RecordKind } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { Where, contains, orderBy, queryPage, type PageArgs } from '../../db/sql'
import type { DataScope } from '../../auth/data-scope'
import { MASTER, unclaimedCondition } from '../datacenter/record-repo'

type Filter = Omit<FoundListQuery, keyof PageArgs>

interface Row {
  id: number
  name: string
  code: string
  city_code: string | null
  city_name: string | null
  located_code: string | null
  located_name: string | null
  area_m2: number | null
  lng: number | null
  lat: number | null
  pending: boolean
}

/** FROM with the county whose outline holds the record (located) and the open-claim flag. */
function fromOf(kind: RecordKind): { select: string; from: string } {
  const m = MASTER[kind]
  const a = m.alias
  return {
    select: `${a}.id, ${a}.name, ${a}.${m.code} AS code, ${a}.city_code, ci.name AS city_name, lc.code AS located_code, lc.name AS located_name,
      ${kind === 'parcel' ? `${a}.area_m2` : 'NULL::float8'} AS area_m2, ST_X(${m.locationSql}) AS lng, ST_Y(${m.locationSql}) AS lat,
      EXISTS (SELECT 1 FROM dc_submission s WHERE s.kind = '${kind}' AND s.target_id = ${a}.id AND s.action = 'claim' AND s.state IN ('草稿', '待审核')) AS pending`,
    from: `${m.table} ${a} LEFT JOIN region ci ON ci.code = ${a}.city_code
      LEFT JOIN LATERAL (SELECT r.code, r.name FROM region r WHERE r.level = 'county' AND r.geom IS NOT NULL AND ST_Intersects(r.geom, ${m.locationSql}) LIMIT 1) lc ON TRUE`,
  }
}

function whereOf(kind: RecordKind, scope: DataScope, f: Filter): Where {
  const m = MASTER[kind]
  const a = m.alias
  const where = new Where().add(`NOT ${a}.deleted`)
  where.raw(unclaimedCondition(scope, kind, where.params))
  if (f.keyword) where.add(`(${a}.name ILIKE ? OR ${a}.${m.code} ILIKE ?)`, contains(f.keyword), contains(f.keyword))
  if (f.regionCode) {
    where.add(
      `(${a}.city_code = ? OR EXISTS (SELECT 1 FROM region fr WHERE fr.code = ? AND fr.geom IS NOT NULL AND ST_Intersects(fr.geom, ${m.locationSql})))`,
      f.regionCode,
      f.regionCode,
    )
  }
  if (f.bbox) where.add(`${a}.${m.geom} && ST_MakeEnvelope(?::float8, ?::float8, ?::float8, ?::float8, 4326)`, ...f.bbox)
  return where
}

const view =
  (kind: RecordKind) =>
  (r: Row): FoundRow => ({
    id: r.id,
    kind,
    name: r.name,
    code: r.code,
    cityCode: r.city_code,
    cityName: r.city_name,
    locatedCountyCode: r.located_code,
    locatedCountyName: r.located_name,
    areaM2: r.area_m2,
    lng: r.lng,
    lat: r.lat,
    pendingClaim: r.pending,
  })

/** A page of unclaimed records. */
export async function listUnclaimed(db: Db, kind: RecordKind, scope: DataScope, q: FoundListQuery): Promise<Page<FoundRow>> {
  const { page, pageSize, sortField, sortOrder, ...f } = q
  const args = { page, pageSize, sortField, sortOrder }
  const a = MASTER[kind].alias
  const { select, from } = fromOf(kind)
  return queryPage(
    db,
    { select, from, where: whereOf(kind, scope, f), order: orderBy(args, { id: `${a}.id`, name: `${a}.name` }, `${a}.id`) },
    args,
    view(kind),
  )
}

/** Every unclaimed record of a filter, in pages (exports). */
export async function* eachUnclaimed(db: Db, kind: RecordKind, scope: DataScope, f: Filter, size = 1000): AsyncGenerator<FoundRow[]> {
  const a = MASTER[kind].alias
  const { select, from } = fromOf(kind)
  let after = 0
  for (;;) {
    const where = whereOf(kind, scope, f).add(`${a}.id > ?`, after)
    const r = await db.query<Row>(`SELECT ${select} FROM ${from} WHERE ${where.sql} ORDER BY ${a}.id LIMIT ${size}`, where.params)
    if (r.rows.length === 0) return
    yield r.rows.map(view(kind))
    after = r.rows[r.rows.length - 1].id
  }
}

/** The shapes (parcels) or points (enterprises) of unclaimed records for the map, at most `limit`. */
export async function unclaimedShapes(db: Db, kind: RecordKind, scope: DataScope, f: Filter, limit = 2000): Promise<FeatureCollection> {
  const m = MASTER[kind]
  const a = m.alias
  const where = whereOf(kind, scope, f).add(`${a}.${m.geom} IS NOT NULL`)
  const r = await db.query<{ id: number; name: string; code: string; pending: boolean; g: string }>(
    `SELECT ${a}.id, ${a}.name, ${a}.${m.code} AS code,
            EXISTS (SELECT 1 FROM dc_submission s WHERE s.kind = '${kind}' AND s.target_id = ${a}.id AND s.action = 'claim' AND s.state IN ('草稿', '待审核')) AS pending,
            ST_AsGeoJSON(${a}.${m.geom}, 7) AS g
       FROM ${m.table} ${a} WHERE ${where.sql} ORDER BY ${a}.id LIMIT ${limit}`,
    where.params,
  )
  return {
    type: 'FeatureCollection',
    features: r.rows.map((x) => ({
      type: 'Feature',
      id: x.id,
      geometry: JSON.parse(x.g),
      properties: { id: x.id, name: x.name, code: x.code, pending: x.pending },
    })),
  }
}
