/** 字典管理 calls (docs/product.md §7 /api/dict/*). */
import type { DictAddBody, DictItemAddBody, DictItemView, DictView } from '../../../../domain/contracts/admin-dict'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiGet, apiPostJson } from '../../../core/api'

/** 字典列表 GET /api/dict/query */
export const queryDicts = (q: { page: number; pageSize: number; keyword?: string; sortField?: string; sortOrder?: string }) =>
  apiGet<Page<DictView>>('/api/dict/query', q)
/** 新增字典 POST /api/dict/add */
export const addDict = (body: DictAddBody) => apiPostJson<DictView>('/api/dict/add', body)
/** 编辑字典 POST /api/dict/edit */
export const editDict = (body: DictAddBody & { id: number }) => apiPostJson<DictView>('/api/dict/edit', body)
/** 删除字典 POST /api/dict/delete */
export const deleteDict = (id: number) => apiPostJson<null>('/api/dict/delete', { id })
/** 字典项列表 GET /api/dict/query/items */
export const queryDictItems = (q: { dictId: number; page: number; pageSize: number; sortField?: string; sortOrder?: string }) =>
  apiGet<Page<DictItemView>>('/api/dict/query/items', q)
/** 新增字典项 POST /api/dict/add/item */
export const addDictItem = (body: DictItemAddBody) => apiPostJson<DictItemView>('/api/dict/add/item', body)
/** 编辑字典项 POST /api/dict/edit/item */
export const editDictItem = (body: Omit<DictItemAddBody, 'dictId'> & { id: number }) =>
  apiPostJson<DictItemView>('/api/dict/edit/item', body)
/** 删除字典项 POST /api/dict/delete/item */
export const deleteDictItem = (id: number) => apiPostJson<null>('/api/dict/delete/item', { id })
/** 字典项（按编码） GET /api/dict/query/items/code */
export const dictItemsByCode = (code: string) => apiGet<DictItemView[]>('/api/dict/query/items/code', { code })
