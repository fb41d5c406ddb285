/**
 * 地块分组 / 企业分组 (docs/product.md §2 /system/IndustryMap/LandGroup and CompanyGroup, §7 /api/industryMap/*
 * "enterprise and land groups: get, add, update, delete, list by group, export"): named sets of
 * parcels or enterprises that a department follows together (a park's key projects, the
 * enterprises of a remediation campaign). A group belongs to the district of the account that made
 * it and is seen by the accounts whose data scope holds that district; its members are records
 * inside that scope.
 */
import { z } from 'zod'
import { pageQuery } from './admin'

/** The two kinds of group and their endpoint prefixes. */
export const GROUP_KINDS = {
  parcel: { label: '地块', prefix: '/api/industryMap/landGroup', page: 'LandGroup' },
  enterprise: { label: '企业', prefix: '/api/industryMap/companyGroup', page: 'CompanyGroup' },
} as const
export type GroupKind = keyof typeof GROUP_KINDS

/** The pages that manage a kind of group (at both entry points, docs/product.md §2). */
export const groupPages = (kind: GroupKind): string[] => ['/system', '/systems'].map((e) => `${e}/IndustryMap/${GROUP_KINDS[kind].page}`)

const name = z.string({ error: '分组名称 name 必填' }).trim().min(1, '分组名称 name 不能为空').max(50, '分组名称 name 最多50个字')
const remark = z.string({ error: '备注 remark 应为文本' }).trim().max(200, '备注 remark 最多200个字')
const id = z.coerce.number({ error: '分组编号 id 应为数字' }).int('分组编号 id 应为整数').positive('分组编号 id 应为正整数')

/** GET <prefix>/list */
export const groupListQuery = pageQuery(['name', 'memberCount', 'updatedAt'] as const).extend({
  keyword: z.string().trim().max(50, '关键字 keyword 最多50个字').optional(),
})

/** POST <prefix>/add */
export const groupAddBody = z.object({ name, remark: remark.default('') })
export type GroupAddBody = z.input<typeof groupAddBody>

/** POST <prefix>/update */
export const groupUpdateBody = z.object({ id, name: name.optional(), remark: remark.optional() })
export type GroupUpdateBody = z.input<typeof groupUpdateBody>

/** POST <prefix>/delete */
export const groupIdBody = z.object({ id })

/** GET <prefix>/get: one group; GET <prefix>/members and /export: its members */
export const groupIdQuery = z.object({ id })
export const memberListQuery = pageQuery(['name', 'code', 'addedAt'] as const).extend({
  id,
  keyword: z.string().trim().max(50, '关键字 keyword 最多50个字').optional(),
})

/** POST <prefix>/addMembers and /removeMembers */
export const membersBody = z.object({
  id,
  recordIds: z
    .array(z.number({ error: '成员编号应为数字' }).int('成员编号应为整数').positive('成员编号应为正整数'), {
      error: '成员 recordIds 应为编号列表',
    })
    .min(1, '请至少选择一个成员')
    .max(500, '一次最多选择500个成员'),
})
export type MembersBody = z.input<typeof membersBody>

/** A group as listed. */
export interface RecordGroup {
  id: number
  kind: GroupKind
  name: string
  remark: string
  /** the district it belongs to (null: the whole province, made by the administrator) */
  regionName: string | null
  memberCount: number
  /** parcels: their area; enterprises: the area of the parcels they hold — 亩 */
  areaMu: number
  createdBy: string
  createdAt: string
  updatedAt: string
}

/** A member of a group. */
export interface GroupMember {
  /** parcel or enterprise id */
  id: number
  /** 宗地代码 or 统一社会信用代码 */
  code: string
  name: string
  status: string
  countyName: string | null
  /** parcel area, or the enterprise's held area — 亩 */
  areaMu: number
  /** parcels: the holder's name; enterprises: the industry (GB/T 4754 division) */
  detail: string | null
  addedAt: string
}

/** What adding members did. */
export interface MembersAdded {
  added: number
  /** already members */
  existing: number
}
