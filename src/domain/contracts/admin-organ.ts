/** 组织机构 contracts (docs/product.md §7 /api/organ/*). */
import { z } from 'zod'
import { idSchema, optionalText, regionCodeSchema, requiredText } from './admin'

const organFields = {
  name: requiredText(100, '机构名称'),
  parentId: z.coerce
    .number()
    .int()
    .refine((v) => v === -1 || v > 0, '上级机构不正确')
    .default(-1),
  regionCode: regionCodeSchema.nullable().optional(),
  sort: z.coerce.number().int().min(0).max(9999).default(0),
  remark: optionalText(255, '备注'),
}

/** POST /api/organ/add */
export const organAddBody = z.object(organFields)
export type OrganAddBody = z.input<typeof organAddBody>

/** POST /api/organ/edit */
export const organEditBody = z.object({ id: idSchema, ...organFields })

/** An organisation node. */
export interface OrganNodeView {
  id: number
  name: string
  parentId: number
  regionCode: string | null
  regionName: string | null
  sort: number
  remark: string
  userCount: number
  children: OrganNodeView[]
}
