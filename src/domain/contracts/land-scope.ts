/**
 * The few parcel and enterprise endpoints that prove the data scope (issue 3): lists and details,
 * every one limited to the user's region subtree. Records are edited through the data centre's
 * submissions (contracts/datacenter.ts) on the same scope.
 */
import { z } from 'zod'
import { pageQuery } from './admin'

/** GET /api/industryMap/landList, GET /api/yddw/getPage */
export const scopedListQuery = pageQuery(['name', 'id'] as const).extend({
  keyword: z.string().trim().max(100).optional(),
  countyCode: z
    .string()
    .regex(/^\d{6}$/, '区县代码应为6位数字')
    .optional(),
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
