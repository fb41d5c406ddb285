/** 行政区划 contracts (docs/product.md §7 /api/area/*): 330000 → city → county → town, plus units under a county. */
import { z } from 'zod'
import { regionCodeSchema, requiredText } from './admin'

/** Kinds of a region row: official divisions, and the units an admin adds under a county. */
export const REGION_KINDS = ['行政区', '开发区', '园区'] as const
export type RegionKind = (typeof REGION_KINDS)[number]

/** POST /api/area/add — a 开发区 or 园区 under a county; the code is the next free 9-digit unit code unless given. */
export const areaAddBody = z.object({
  parentCode: z.string().regex(/^\d{6}$/, '上级应为6位区县代码'),
  name: requiredText(64, '名称'),
  kind: z.enum(['开发区', '园区'], { error: '类型应为 开发区 或 园区' }),
  code: z
    .string()
    .regex(/^(\d{9})?$/, '代码应为9位数字（区县代码+3位）')
    .optional()
    .default(''),
  sort: z.coerce.number().int().min(0).max(9999).optional().default(0),
})
export type AreaAddBody = z.input<typeof areaAddBody>

/** POST /api/area/edit — names and order are editable; codes are identities. */
export const areaEditBody = z.object({
  code: regionCodeSchema,
  name: requiredText(64, '名称'),
  sort: z.coerce.number().int().min(0).max(9999).optional(),
})

/** POST /api/area/delete */
export const areaDeleteBody = z.object({ code: regionCodeSchema })

/** GET /api/area/query/children?code= (no code: the province) */
export const areaChildrenQuery = z.object({ code: regionCodeSchema.optional() })

/** GET /api/area/query?code= */
export const areaQuery = z.object({ code: regionCodeSchema })

/** One region as the API returns it. */
export interface RegionView {
  code: string
  name: string
  level: 'province' | 'city' | 'county' | 'town'
  parentCode: string | null
  sort: number
  kind: RegionKind
  builtin: boolean
  childCount: number
}
