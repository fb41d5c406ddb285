/**
 * The few parcel and enterprise endpoints that prove the data scope (issue 3): lists, details and
 * small edits, every one limited to the user's region subtree. The data centre builds the full
 * record editing on the same scope.
 */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery } from './admin'

/** GET /api/industryMap/landList, GET /api/yddw/getPage */
export const scopedListQuery = pageQuery(['name', 'id'] as const).extend({
  keyword: z.string().trim().max(100).optional(),
  countyCode: z.string().regex(/^\d{6}$/, '区县代码应为6位数字').optional(),
})

/** POST /api/industryMap/land/update — the descriptive fields of a parcel. */
export const landUpdateBody = z.object({
  id: idSchema,
  name: z.string().trim().min(1, '地块名称不能为空').max(200),
  locationDesc: optionalText(255, '坐落'),
})

/** POST /api/yddw/update — the contact fields of an enterprise. */
export const enterpriseUpdateBody = z.object({
  id: idSchema,
  contactPerson: optionalText(50, '联系人'),
  contactPhone: optionalText(30, '联系电话'),
  address: optionalText(255, '地址'),
})

/** A parcel as these endpoints return it. */
export interface ParcelBrief {
  id: number
  landCode: string
  name: string
  status: string
  areaM2: number | null
  locationDesc: string
  cityCode: string | null
  countyCode: string | null
  countyName: string | null
  townCode: string | null
  enterpriseId: number | null
  enterpriseName: string | null
}

/** An enterprise as these endpoints return it. */
export interface EnterpriseBrief {
  id: number
  creditCode: string
  name: string
  scale: string
  status: string
  contactPerson: string
  contactPhone: string
  address: string
  cityCode: string | null
  countyCode: string | null
  countyName: string | null
}
