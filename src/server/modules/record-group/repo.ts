/** SQL of 地块分组 / 企业分组: groups and their members, every read limited by a {@link DataScope}. */
import type { Db } from '../../db/engine'
import { Where, contains, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'
import { scopeCondition, type DataScope } from '../../auth/data-scope'
import type { Page } from '../../../domain/contracts/envelope'
import type { GroupKind, GroupMember, RecordGroup } from '../../../domain/contracts/record-group'
import { mu } from '../../../domain/figures/formulas'
import { shownOr0 } from '../../figures/values'
import { industryName } from '../../../domain/codes/industry'

/** The member table of a kind, its code column and what the list shows beside the name. */
const MEMBER = {
  parcel: {
    table: 'parcel',
    code: 'r.land_code',
    m2: 'r.area_m2',
    detail: '(SELECT e.name FROM enterprise e WHERE e.id = r.enterprise_id)',
  },
  enterprise: {
    table: 'enterprise',
    code: 'r.credit_code',
    m2: '(SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = r.id AND NOT pp.deleted)',
    detail: 'r.industry_code',
  },
} as const

interface GroupRow {
  id: number
  kind: GroupKind
  name: string
  remark: string
  region_name: string | null
  member_count: number
  m2: number
  created_by: string
  created_at: Date | string
  updated_at: Date | string
}

const groupView = (r: GroupRow): RecordGroup => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  remark: r.remark,
  regionName: r.region_name,
  memberCount: r.member_count,
  areaMu: shownOr0('landAreaMu', mu(r.m2)),
  createdBy: r.created_by,
  createdAt: iso(r.created_at)!,
  updatedAt: iso(r.updated_at)!,
})

/** Live groups of a kind inside the scope. */
function groupWhere(kind: GroupKind, scope: DataScope): Where {
  const where = new Where().add('NOT g.deleted').add('g.kind = ?', kind)
  return where.raw(scopeCondition(scope, 'g', where.params))
}

/** Members of a group that are live records inside the scope (alias r). */
function memberJoin(kind: GroupKind, scope: DataScope, params: unknown[]): string {
  return `JOIN ${MEMBER[kind].table} r ON r.id = m.record_id AND NOT r.deleted AND ${scopeCondition(scope, 'r', params)}`
}

function groupSelect(kind: GroupKind, scope: DataScope, where: Where): { select: string; from: string } {
  // the member figures count only what the reader may see
  const sub = `(SELECT count(*)::int AS n, COALESCE(sum(${MEMBER[kind].m2}), 0)::float8 AS m2 FROM record_group_member m ${memberJoin(kind, scope, where.params)} WHERE m.group_id = g.id)`
  return {
    select: `g.id, g.kind, g.name, g.remark, reg.name AS region_name, s.n AS member_count, s.m2, u.real_name AS created_by, g.created_at, g.updated_at`,
    from: `record_group g JOIN app_user u ON u.id = g.created_by
      LEFT JOIN region reg ON reg.code = COALESCE(g.town_code, g.county_code, g.city_code, g.province_code)
      LEFT JOIN LATERAL ${sub} s ON true`,
  }
}

export async function listGroups(
  db: Db,
  kind: GroupKind,
  scope: DataScope,
  keyword: string | undefined,
  args: PageArgs,
): Promise<Page<RecordGroup>> {
  const where = groupWhere(kind, scope)
  if (keyword) where.add('(g.name ILIKE ? OR g.remark ILIKE ?)', contains(keyword), contains(keyword))
  const { select, from } = groupSelect(kind, scope, where)
  const order = orderBy(args, { name: 'g.name', memberCount: 's.n', updatedAt: 'g.updated_at' }, 'g.id DESC')
  return queryPage<GroupRow, RecordGroup>(db, { select, from, where, order }, args, groupView)
}

export async function getGroup(db: Db, kind: GroupKind, scope: DataScope, id: number): Promise<RecordGroup | undefined> {
  const where = groupWhere(kind, scope).add('g.id = ?', id)
  const { select, from } = groupSelect(kind, scope, where)
  const r = await db.query<GroupRow>(`SELECT ${select} FROM ${from} WHERE ${where.sql}`, where.params)
  return r.rows[0] && groupView(r.rows[0])
}

/** The district codes a new group carries: those of the account's district (the province for an account of everything). */
export async function districtCodes(
  db: Db,
  regionCode: string | null,
): Promise<Record<'province' | 'city' | 'county' | 'town', string | null>> {
  const codes = { province: '330000', city: null, county: null, town: null } as Record<
    'province' | 'city' | 'county' | 'town',
    string | null
  >
  if (!regionCode) return codes
  const r = await db.query<{ code: string; level: keyof typeof codes }>(
    `WITH RECURSIVE up AS (
       SELECT code, level, parent_code FROM region WHERE code = $1
       UNION ALL SELECT r.code, r.level, r.parent_code FROM region r JOIN up ON r.code = up.parent_code
     ) SELECT code, level FROM up`,
    [regionCode],
  )
  for (const x of r.rows) codes[x.level] = x.code
  return codes
}

export async function insertGroup(
  db: Db,
  kind: GroupKind,
  f: { name: string; remark: string; userId: number; codes: Record<'province' | 'city' | 'county' | 'town', string | null> },
): Promise<number> {
  const r = await db.query<{ id: number }>(
    `INSERT INTO record_group(kind, name, remark, province_code, city_code, county_code, town_code, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [kind, f.name, f.remark, f.codes.province, f.codes.city, f.codes.county, f.codes.town, f.userId],
  )
  return r.rows[0].id
}

export async function updateGroup(db: Db, id: number, f: { name?: string; remark?: string }): Promise<void> {
  await db.query('UPDATE record_group SET name = COALESCE($2, name), remark = COALESCE($3, remark), updated_at = now() WHERE id = $1', [
    id,
    f.name ?? null,
    f.remark ?? null,
  ])
}

/** Marks a group deleted (its rows and members stay for the record). */
export async function deleteGroup(db: Db, id: number): Promise<void> {
  await db.query('UPDATE record_group SET deleted = true, updated_at = now() WHERE id = $1', [id])
}

interface MemberRow {
  id: number
  code: string
  name: string
  status: string
  county_name: string | null
  m2: number | null
  detail: string | null
  added_at: Date | string
}

export async function listMembers(
  db: Db,
  kind: GroupKind,
  scope: DataScope,
  groupId: number,
  keyword: string | undefined,
  args: PageArgs,
): Promise<Page<GroupMember>> {
  const where = new Where().add('m.group_id = ?', groupId)
  const join = memberJoin(kind, scope, where.params)
  if (keyword) where.add(`(r.name ILIKE ? OR ${MEMBER[kind].code} ILIKE ?)`, contains(keyword), contains(keyword))
  const order = orderBy(args, { name: 'r.name', code: MEMBER[kind].code, addedAt: 'm.added_at' }, 'm.added_at DESC, r.id')
  return queryPage<MemberRow, GroupMember>(
    db,
    {
      select: `r.id, ${MEMBER[kind].code} AS code, r.name, r.status, c.name AS county_name, (${MEMBER[kind].m2})::float8 AS m2, ${MEMBER[kind].detail} AS detail, m.added_at`,
      from: `record_group_member m ${join} LEFT JOIN region c ON c.code = r.county_code`,
      where,
      order,
    },
    args,
    (r) => ({
      id: r.id,
      code: r.code,
      name: r.name,
      status: r.status,
      countyName: r.county_name,
      areaMu: shownOr0('landAreaMu', mu(r.m2 ?? 0)),
      detail: kind === 'enterprise' ? (r.detail ? `${r.detail} ${industryName(r.detail) ?? ''}`.trim() : null) : r.detail,
      addedAt: iso(r.added_at)!,
    }),
  )
}

/** Of the ids, those that are not live records of the kind inside the scope. */
export async function idsOutside(db: Db, kind: GroupKind, scope: DataScope, ids: number[]): Promise<number[]> {
  const params: unknown[] = [ids]
  const r = await db.query<{ id: number }>(
    `SELECT r.id FROM ${MEMBER[kind].table} r WHERE r.id = ANY($1::int[]) AND NOT r.deleted AND ${scopeCondition(scope, 'r', params)}`,
    params,
  )
  const found = new Set(r.rows.map((x) => x.id))
  return [...new Set(ids)].filter((id) => !found.has(id))
}

/** Adds members (existing ones stay as they were); returns how many were new. */
export async function addMembers(db: Db, groupId: number, ids: number[], userId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ record_id: number }>(
      `INSERT INTO record_group_member(group_id, record_id, added_by) SELECT $1, x, $3 FROM unnest($2::int[]) AS x
       ON CONFLICT DO NOTHING RETURNING record_id`,
      [groupId, [...new Set(ids)], userId],
    )
    await tx.query('UPDATE record_group SET updated_at = now() WHERE id = $1', [groupId])
    return r.rows.length
  })
}

/** Removes members; returns how many were members. */
export async function removeMembers(db: Db, groupId: number, ids: number[]): Promise<number> {
  return db.transaction(async (tx) => {
    const r = await tx.query<{ record_id: number }>(
      'DELETE FROM record_group_member WHERE group_id = $1 AND record_id = ANY($2::int[]) RETURNING record_id',
      [groupId, ids],
    )
    await tx.query('UPDATE record_group SET updated_at = now() WHERE id = $1', [groupId])
    return r.rows.length
  })
}
