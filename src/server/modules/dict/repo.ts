/** SQL of 字典管理. */
import type { DictItemView, DictView } from '../../../domain/contracts/admin-dict'
import type { Page } from '../../../domain/contracts/envelope'
import type { Db } from '../../db/engine'
import { Where, contains, orderBy, queryPage, type PageArgs } from '../../db/sql'

interface DictRow {
  id: number
  code: string
  name: string
  remark: string
  sort: number
  item_count: number
}
const DICT_SELECT = 'd.id, d.code, d.name, d.remark, d.sort, (SELECT count(*)::int FROM dict_item i WHERE i.dict_id = d.id) AS item_count'
const dictView = (r: DictRow): DictView => ({
  id: r.id,
  code: r.code,
  name: r.name,
  remark: r.remark,
  sort: r.sort,
  itemCount: r.item_count,
})

export async function listDicts(db: Db, keyword: string | undefined, args: PageArgs): Promise<Page<DictView>> {
  const where = new Where()
  if (keyword) where.add('(d.code ILIKE ? OR d.name ILIKE ?)', contains(keyword), contains(keyword))
  return queryPage(
    db,
    {
      select: DICT_SELECT,
      from: 'dict d',
      where,
      order: orderBy(args, { code: 'd.code', name: 'd.name', sort: 'd.sort' }, 'd.sort, d.id'),
    },
    args,
    dictView,
  )
}

export async function getDict(db: Db, id: number): Promise<DictView | undefined> {
  const r = await db.query<DictRow>(`SELECT ${DICT_SELECT} FROM dict d WHERE d.id = $1`, [id])
  return r.rows[0] && dictView(r.rows[0])
}

export async function codeTaken(db: Db, code: string, exceptId = 0): Promise<boolean> {
  return (await db.query('SELECT 1 FROM dict WHERE lower(code) = lower($1) AND id <> $2', [code, exceptId])).rows.length > 0
}

type DictFields = { code: string; name: string; remark: string; sort: number }

export async function insertDict(db: Db, d: DictFields): Promise<number> {
  const r = await db.query<{ id: number }>('INSERT INTO dict(code, name, remark, sort) VALUES ($1, $2, $3, $4) RETURNING id', [
    d.code,
    d.name,
    d.remark,
    d.sort,
  ])
  return r.rows[0].id
}

export async function updateDict(db: Db, id: number, d: DictFields): Promise<void> {
  await db.query('UPDATE dict SET code = $2, name = $3, remark = $4, sort = $5 WHERE id = $1', [id, d.code, d.name, d.remark, d.sort])
}

/** Removes a dictionary with its items. */
export async function deleteDict(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM dict WHERE id = $1', [id])
}

interface ItemRow {
  id: number
  dict_id: number
  value: string
  label: string
  sort: number
  status: 0 | 1
  remark: string
}
const ITEM_COLS = 'id, dict_id, value, label, sort, status, remark'
const itemView = (r: ItemRow): DictItemView => ({
  id: r.id,
  dictId: r.dict_id,
  value: r.value,
  label: r.label,
  sort: r.sort,
  status: r.status,
  remark: r.remark,
})

export async function listItems(db: Db, dictId: number, args: PageArgs): Promise<Page<DictItemView>> {
  const where = new Where().add('dict_id = ?', dictId)
  return queryPage(
    db,
    { select: ITEM_COLS, from: 'dict_item', where, order: orderBy(args, { value: 'value', label: 'label', sort: 'sort' }, 'sort, id') },
    args,
    itemView,
  )
}

/** The enabled items of a dictionary by its code, in order. */
export async function itemsByCode(db: Db, code: string): Promise<DictItemView[] | undefined> {
  const dict = await db.query<{ id: number }>('SELECT id FROM dict WHERE code = $1', [code])
  if (!dict.rows[0]) return undefined
  const r = await db.query<ItemRow>(`SELECT ${ITEM_COLS} FROM dict_item WHERE dict_id = $1 AND status = 1 ORDER BY sort, id`, [
    dict.rows[0].id,
  ])
  return r.rows.map(itemView)
}

export async function getItem(db: Db, id: number): Promise<DictItemView | undefined> {
  const r = await db.query<ItemRow>(`SELECT ${ITEM_COLS} FROM dict_item WHERE id = $1`, [id])
  return r.rows[0] && itemView(r.rows[0])
}

export async function valueTaken(db: Db, dictId: number, value: string, exceptId = 0): Promise<boolean> {
  return (
    (await db.query('SELECT 1 FROM dict_item WHERE dict_id = $1 AND value = $2 AND id <> $3', [dictId, value, exceptId])).rows.length > 0
  )
}

type ItemFields = { value: string; label: string; sort: number; status: 0 | 1; remark: string }

export async function insertItem(db: Db, dictId: number, i: ItemFields): Promise<number> {
  const r = await db.query<{ id: number }>(
    'INSERT INTO dict_item(dict_id, value, label, sort, status, remark) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [dictId, i.value, i.label, i.sort, i.status, i.remark],
  )
  return r.rows[0].id
}

export async function updateItem(db: Db, id: number, i: ItemFields): Promise<void> {
  await db.query('UPDATE dict_item SET value = $2, label = $3, sort = $4, status = $5, remark = $6 WHERE id = $1', [
    id,
    i.value,
    i.label,
    i.sort,
    i.status,
    i.remark,
  ])
}

export async function deleteItem(db: Db, id: number): Promise<void> {
  await db.query('DELETE FROM dict_item WHERE id = $1', [id])
}
