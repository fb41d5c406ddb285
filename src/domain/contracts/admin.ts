/**
 * Shared pieces of the admin contracts (docs/product.md §2 /admin/setting/*, §7): the pages that grant the
 * endpoints, paging and sorting, ids, and optional text fields. Web forms and server routes use
 * the same schemas (docs/conventions.md "Where state lives").
 */
import { z } from 'zod'
import { MAX_PAGE_SIZE } from './envelope'

/** The eleven admin pages (docs/product.md §2). An endpoint is allowed when the user holds a page that uses it. */
export const ADMIN_PAGES = {
  dict: '/admin/setting/dict',
  dictitem: '/admin/setting/dictitem',
  user: '/admin/setting/user',
  role: '/admin/setting/role',
  region: '/admin/setting/region',
  resource: '/admin/setting/resource',
  organization: '/admin/setting/organization',
  regionrecoup: '/admin/setting/regionrecoup',
  device: '/admin/setting/device',
  app: '/admin/setting/app',
  rz: '/admin/setting/rz',
  calendar: '/admin/setting/calendar',
} as const

/** An admin page route. */
export type AdminPage = (typeof ADMIN_PAGES)[keyof typeof ADMIN_PAGES]

/** Operation-log modules (the `module` column) and their Chinese names for filters and display. */
export const LOG_MODULES: Record<string, string> = {
  login: '登录',
  user: '用户管理',
  role: '角色管理',
  menu: '菜单资源',
  organ: '组织机构',
  area: '行政区划',
  dict: '字典管理',
  regionrecoup: '区域标准',
  device: '设备注册',
  app: '应用管理',
  log: '操作日志',
  calendar: '工作日历',
  yddw: '用地单位',
  industryMap: '产业地图',
  mapLayer: '地图图层',
  datacenter: '数据中心',
  audit: '审核管理',
  foundCenter: '数据认领',
  file: '文件',
  sjcj: '数据采集',
  sjcl: '数据处理',
  news: '改革动态',
  statisticalReport: '统计报表',
  landLifeCycle: '全生命周期',
  regulation: '整治提升',
  landEvaluation: '低效用地评价',
}

/** Sort direction as antd tables name it. */
export const sortOrder = z.enum(['ascend', 'descend'])

/** page, pageSize (docs/api.md: at most 500) and an optional sort over the given fields. */
export function pageQuery<const F extends readonly [string, ...string[]]>(sortFields: F) {
  return z.object({
    page: z.coerce.number({ error: '页码应为数字' }).int().min(1, '页码从1开始').default(1),
    pageSize: z.coerce.number({ error: '每页条数应为数字' }).int().min(1).max(MAX_PAGE_SIZE, `每页最多${MAX_PAGE_SIZE}条`).default(20),
    sortField: z.enum(sortFields, { error: `排序字段应为 ${sortFields.join('、')} 之一` }).optional(),
    sortOrder: sortOrder.optional(),
  })
}

/** The largest id the database holds (a PostgreSQL int4). */
export const INT4_MAX = 2_147_483_647

/** A positive integer id (body or query), at most {@link INT4_MAX} — a larger one names no row (issue 18 finding 3). */
export const idSchema = z.coerce
  .number({ error: 'ID应为数字' })
  .int('ID应为整数')
  .positive('ID应为正整数')
  .max(INT4_MAX, `ID不能大于${INT4_MAX}`)

/** `{ id }` of a query or a delete. */
export const idBody = z.object({ id: idSchema })

/** Text that may be left empty: trimmed, at most `max` characters. */
export const optionalText = (max: number, label: string) => z.string().trim().max(max, `${label}最多${max}个字符`).optional().default('')

/** Required text: trimmed, 1..max characters. */
export const requiredText = (max: number, label: string) =>
  z
    .string({ error: `${label}不能为空` })
    .trim()
    .min(1, `${label}不能为空`)
    .max(max, `${label}最多${max}个字符`)

/** A query flag given as text ('1'/'0', 'true'/'false'). */
export const queryFlag = z
  .union([z.boolean(), z.enum(['1', '0', 'true', 'false'])])
  .transform((v) => v === true || v === '1' || v === 'true')

/** 6-digit division code or a 9-digit town / unit code (docs/domain.md "Units and codes"). */
export const regionCodeSchema = z.string().regex(/^\d{6}(\d{3})?$/, '区划代码应为6位或9位数字')

/**
 * Turns a zod schema of one field into an antd Form rule (the web forms share the server schemas).
 * An empty value is left to the form's `required` rule, so a field says one thing at a time; the
 * whole object is parsed again on submit.
 */
export function zodRule(schema: z.ZodType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (value === undefined || value === null || value === '') return
      const r = schema.safeParse(value)
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '格式不正确')
    },
  }
}
