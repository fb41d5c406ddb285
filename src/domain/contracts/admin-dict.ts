/** 字典管理 contracts (docs/product.md §7 /api/dict/*). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery, requiredText } from './admin'

const dictFields = {
  code: z
    .string({ error: '字典编码不能为空' })
    .trim()
    .min(2, '字典编码至少2个字符')
    .max(50, '字典编码最多50个字符')
    .regex(/^[a-z][a-z0-9_]*$/, '字典编码用小写字母、数字和下划线，以字母开头'),
  name: requiredText(100, '字典名称'),
  remark: optionalText(255, '备注'),
  sort: z.coerce.number().int().min(0).max(9999).optional().default(0),
}

/** POST /api/dict/add */
export const dictAddBody = z.object(dictFields)
export type DictAddBody = z.input<typeof dictAddBody>
/** POST /api/dict/edit */
export const dictEditBody = z.object({ id: idSchema, ...dictFields })
/** GET /api/dict/query */
export const dictQuery = pageQuery(['code', 'name', 'sort'] as const).extend({ keyword: z.string().trim().max(50).optional() })

const itemFields = {
  value: requiredText(50, '字典值'),
  label: requiredText(100, '显示名称'),
  sort: z.coerce.number().int().min(0).max(9999).optional().default(0),
  status: z
    .union([z.literal(0), z.literal(1)])
    .optional()
    .default(1),
  remark: optionalText(255, '备注'),
}
/** POST /api/dict/add/item */
export const dictItemAddBody = z.object({ dictId: idSchema, ...itemFields })
export type DictItemAddBody = z.input<typeof dictItemAddBody>
/** POST /api/dict/edit/item */
export const dictItemEditBody = z.object({ id: idSchema, ...itemFields })
/** GET /api/dict/query/items?dictId= */
export const dictItemsQuery = pageQuery(['value', 'label', 'sort'] as const).extend({ dictId: idSchema })
/** GET /api/dict/query/items/code?code= — the enabled items of a dictionary, for every select. */
export const dictItemsByCodeQuery = z.object({ code: z.string().trim().min(1, '字典编码不能为空').max(50) })

/** A dictionary row. */
export interface DictView {
  id: number
  code: string
  name: string
  remark: string
  sort: number
  itemCount: number
}
/** A dictionary item. */
export interface DictItemView {
  id: number
  dictId: number
  value: string
  label: string
  sort: number
  status: 0 | 1
  remark: string
}
