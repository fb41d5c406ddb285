/** SQL of 数据标准 (table dc_standard) and of the code lists its fields name. */
import type { CodeListView, StandardVersionRow } from '../../../domain/contracts/datacenter'
import type { Page } from '../../../domain/contracts/envelope'
import { BUILTIN_CODE_LISTS, type RecordKind, type StandardField } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { Where, iso, orderBy, queryPage, type PageArgs } from '../../db/sql'

/** A stored version. */
export interface StandardRow {
  version: number
  fields: StandardField[]
  remark: string
  created_at: Date
  created_by_name: string | null
}

const COLS = `s.version, s.fields, s.remark, s.created_at, u.real_name AS created_by_name`
const FROM = `dc_standard s LEFT JOIN app_user u ON u.id = s.created_by`

/** The version in force: the newest. */
export async function currentVersion(db: Db, kind: RecordKind): Promise<StandardRow> {
  const r = await db.query<StandardRow>(`SELECT ${COLS} FROM ${FROM} WHERE s.kind = $1 ORDER BY s.version DESC LIMIT 1`, [kind])
  // the seed gives every kind version 1 on every start (seed/standards.ts)
  if (!r.rows[0]) throw new Error(`no data standard for ${kind}`)
  return r.rows[0]
}

/** One version, if it exists. */
export async function versionOf(db: Db, kind: RecordKind, version: number): Promise<StandardRow | undefined> {
  return (await db.query<StandardRow>(`SELECT ${COLS} FROM ${FROM} WHERE s.kind = $1 AND s.version = $2`, [kind, version])).rows[0]
}

interface VersionListRow extends StandardRow {
  field_count: number
  required_count: number
}

/** The versions of a kind, newest first unless sorted otherwise. */
export async function listVersions(db: Db, kind: RecordKind, args: PageArgs): Promise<Page<StandardVersionRow>> {
  const where = new Where().add('s.kind = ?', kind)
  return queryPage<VersionListRow, StandardVersionRow>(
    db,
    {
      select: `${COLS}, jsonb_array_length(s.fields)::int AS field_count,
               (SELECT count(*)::int FROM jsonb_array_elements(s.fields) f WHERE (f->>'required')::boolean) AS required_count`,
      from: FROM,
      where,
      order: orderBy(args, { version: 's.version' }, 's.version DESC'),
    },
    args,
    (r) => ({
      version: r.version,
      remark: r.remark,
      fieldCount: r.field_count,
      requiredCount: r.required_count,
      createdAt: iso(r.created_at) as string,
      createdByName: r.created_by_name,
    }),
  )
}

/** Adds a version; a unique violation means another save took the number first. */
export async function insertVersion(
  db: Db,
  kind: RecordKind,
  version: number,
  fields: StandardField[],
  remark: string,
  userId: number,
): Promise<void> {
  await db.query('INSERT INTO dc_standard(kind, version, fields, remark, created_by) VALUES ($1, $2, $3::jsonb, $4, $5)', [
    kind,
    version,
    JSON.stringify(fields),
    remark,
    userId,
  ])
}

/** Codes of every code list: the built-in ones and those of the dict table. */
export async function codeListCodes(db: Db): Promise<Set<string>> {
  const r = await db.query<{ code: string }>('SELECT code FROM dict')
  return new Set([...Object.keys(BUILTIN_CODE_LISTS), ...r.rows.map((x) => x.code)])
}

/** The code lists with their enabled items, by code (unknown codes are left out). */
export async function codeLists(db: Db, codes: readonly string[]): Promise<Record<string, CodeListView>> {
  const out: Record<string, CodeListView> = {}
  const fromDict = codes.filter((c) => !BUILTIN_CODE_LISTS[c])
  for (const c of codes) {
    const b = BUILTIN_CODE_LISTS[c]
    if (b) out[c] = { code: c, name: b.name, items: Object.entries(b.items).map(([value, label]) => ({ value, label })) }
  }
  if (fromDict.length) {
    const r = await db.query<{ code: string; name: string; value: string | null; label: string | null }>(
      `SELECT d.code, d.name, i.value, i.label FROM dict d LEFT JOIN dict_item i ON i.dict_id = d.id AND i.status = 1
       WHERE d.code = ANY($1::text[]) ORDER BY d.code, i.sort, i.id`,
      [fromDict],
    )
    for (const row of r.rows) {
      const list = (out[row.code] ??= { code: row.code, name: row.name, items: [] })
      if (row.value !== null) list.items.push({ value: row.value, label: row.label ?? row.value })
    }
  }
  return out
}

/** Code lists a standard editor may choose from (code and name, no items). */
export async function codeListChoices(db: Db): Promise<{ code: string; name: string }[]> {
  const r = await db.query<{ code: string; name: string }>('SELECT code, name FROM dict ORDER BY sort, id')
  return [...Object.entries(BUILTIN_CODE_LISTS).map(([code, l]) => ({ code, name: `${l.name}（内置）` })), ...r.rows]
}

/** Which of the codes are division codes of the region table, with their level. */
export async function regionLevels(db: Db, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map()
  const r = await db.query<{ code: string; level: string }>('SELECT code, level FROM region WHERE code = ANY($1::text[])', [codes])
  return new Map(r.rows.map((x) => [x.code, x.level]))
}
