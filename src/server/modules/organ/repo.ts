/** SQL of 组织机构. */
import type { OrganNodeView } from '../../../domain/contracts/admin-organ'
import type { Db } from '../../db/engine'

interface OrganRow {
  id: number
  name: string
  parent_id: number
  region_code: string | null
  region_name: string | null
  sort: number
  remark: string
  user_count: number
}

const SELECT = `SELECT o.id, o.name, o.parent_id, o.region_code, r.name AS region_name, o.sort, o.remark,
  (SELECT count(*)::int FROM app_user u WHERE u.organization_id = o.id AND NOT u.deleted) AS user_count
  FROM organization o LEFT JOIN region r ON r.code = o.region_code`

const view = (r: OrganRow): OrganNodeView => ({
  id: r.id,
  name: r.name,
  parentId: r.parent_id,
  regionCode: r.region_code,
  regionName: r.region_name,
  sort: r.sort,
  remark: r.remark,
  userCount: r.user_count,
  children: [],
})

/** Every organisation as a forest, siblings by sort then id. */
export async function organTree(db: Db): Promise<OrganNodeView[]> {
  const nodes = new Map((await db.query<OrganRow>(`${SELECT} ORDER BY o.sort, o.id`)).rows.map((r) => [r.id, view(r)]))
  const roots: OrganNodeView[] = []
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId)
    if (parent) parent.children.push(n)
    else roots.push(n)
  }
  return roots
}

export async function getOrgan(db: Db, id: number): Promise<OrganNodeView | undefined> {
  const r = await db.query<OrganRow>(`${SELECT} WHERE o.id = $1`, [id])
  return r.rows[0] && view(r.rows[0])
}

export async function siblingNamed(db: Db, parentId: number, name: string, exceptId = 0): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM organization WHERE parent_id = $1 AND name = $2 AND id <> $3', [parentId, name, exceptId])
  return r.rows.length > 0
}

/** Ids of an organisation and everything below it. */
export async function subtreeIds(db: Db, id: number): Promise<number[]> {
  const r = await db.query<{ id: number }>(
    `WITH RECURSIVE t AS (SELECT id FROM organization WHERE id = $1 UNION ALL SELECT o.id FROM organization o JOIN t ON o.parent_id = t.id)
     SELECT id FROM t`,
    [id],
  )
  return r.rows.map((x) => x.id)
}

export async function childCount(db: Db, id: number): Promise<number> {
  return (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM organization WHERE parent_id = $1', [id])).rows[0].n
}

type OrganFields = { name: string; parentId: number; regionCode: string | null; sort: number; remark: string }

export async function insertOrgan(db: Db, o: OrganFields): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO organization(name, parent_id, region_code, sort, remark) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [o.name, o.parentId, o.regionCode, o.sort, o.remark],
  )
  return r.rows[0].id
}

export async function updateOrgan(db: Db, id: number, o: OrganFields): Promise<void> {
  await db.query('UPDATE organization SET name = $2, parent_id = $3, region_code = $4, sort = $5, remark = $6 WHERE id = $1', [
    id,
    o.name,
    o.parentId,
    o.regionCode,
    o.sort,
    o.remark,
  ])
}

export async function deleteOrgan(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM organization WHERE id = $1', [id])
}
