/**
 * 地图图层 contracts (/admin/setting/mapLayer, ADR 0011): the layer groups and layers of docs/product.md §3
 * that every map screen's two layer controls list. The same schemas check the admin form in the
 * browser and the request on the server.
 */
import { z } from 'zod'
import { idSchema, pageQuery, requiredText } from './admin'

/** The admin page of map layers (not a spec route: ADR 0011 says why it sits under 系统设置). */
export const MAP_LAYER_PAGE = '/admin/setting/mapLayer'

/** docs/product.md §3 "Layer", its type title, feature or dynamic: raster tiles, a feature service, a dynamic image service. */
export const LAYER_TYPES = ['title', 'feature', 'dynamic'] as const
export type LayerType = (typeof LAYER_TYPES)[number]

/** The Chinese name of each layer type. */
export const LAYER_TYPE_NAMES: Record<LayerType, string> = { title: '瓦片服务', feature: '要素服务', dynamic: '动态服务' }

/** Placeholders a URL template may hold (docs/product.md §7: x/y/z and subdomains such as {s}, {a-c}, {0-7}). */
const PLACEHOLDER = /\{([^{}]*)\}/g
const ALLOWED = /^(x|y|z|-y|s|[a-z]-[a-z]|\d-\d)$/

/**
 * What is wrong with a layer's url for its type, or null: an address of http(s):// or the same
 * site (/…); tiles need {x}, {y} and {z}; a feature service may be a tile template too (then all
 * three); only a dynamic service may be left empty (docs/product.md §7: off the internal network its url is
 * not used). Unknown placeholders are refused, so a typo cannot reach the map.
 */
export function layerUrlProblem(type: LayerType, url: string): string | null {
  if (url === '') return type === 'dynamic' ? null : '地址不能为空（只有动态服务可以留空）'
  if (!/^(https?:\/\/[^\s/]+|\/)[^\s]*$/.test(url)) return '地址应以 http://、https:// 或 / 开头，且不含空格'
  const names = [...url.matchAll(PLACEHOLDER)].map((m) => m[1])
  const bad = names.find((n) => !ALLOWED.test(n))
  if (bad !== undefined) return `地址中的占位符 {${bad}} 无法识别（可用 {x} {y} {z} {-y} 及子域 {s} {a-c} {0-7}）`
  if (/[{}]/.test(url.replace(PLACEHOLDER, ''))) return '地址中的花括号不成对'
  const tile = ['x', 'z'].every((n) => names.includes(n)) && (names.includes('y') || names.includes('-y'))
  if (type === 'title' && !tile) return '瓦片服务地址应含 {x}、{y}、{z} 占位符'
  if (type !== 'title' && names.some((n) => ['x', 'y', 'z', '-y'].includes(n)) && !tile) return '地址含瓦片占位符时应同时含 {x}、{y}、{z}'
  return null
}

const opacity = z.number({ error: '透明度应为0到1之间的数字' }).min(0, '透明度应在0到1之间').max(1, '透明度应在0到1之间')
const sort = z.number({ error: '排序应为数字' }).int('排序应为整数').min(0, '排序应在0到9999之间').max(9999, '排序应在0到9999之间')
const url = z.string({ error: '地址应为文本' }).trim().max(1000, '地址不能超过1000个字符')
const base = z
  .string()
  .trim()
  .max(20, '底图标记不能超过20个字符')
  .regex(/^[a-z]*$/, '底图标记只用小写字母，如 img（影像）')

const layerFields = {
  groupId: idSchema,
  name: requiredText(50, '图层名称'),
  sort: sort.default(0),
  visible: z.boolean({ error: '是否显示应为是或否' }).default(true),
  opacity: opacity.default(1),
  type: z.enum(LAYER_TYPES, { error: '图层类型应为 title（瓦片）、feature（要素）或 dynamic（动态）' }),
  url: url.default(''),
  base: base.default(''),
}

/** POST /api/map/layer/add */
export const layerAddBody = z.object(layerFields).superRefine((b, ctx) => {
  const problem = layerUrlProblem(b.type, b.url)
  if (problem) ctx.addIssue({ code: 'custom', path: ['url'], message: problem })
})
export type LayerAddBody = z.input<typeof layerAddBody>

/**
 * POST /api/map/layer/edit: the id and the fields to change (the admin form sends all of them;
 * the layer controls' quick edits send a few). The url is checked against the resulting type.
 */
export const layerEditBody = z.object({
  id: z.number({ error: '图层编号应为正整数' }).int('图层编号应为正整数').positive('图层编号应为正整数'),
  groupId: idSchema.optional(),
  name: requiredText(50, '图层名称').optional(),
  sort: sort.optional(),
  visible: z.boolean({ error: '是否显示应为是或否' }).optional(),
  opacity: opacity.optional(),
  type: z.enum(LAYER_TYPES, { error: '图层类型应为 title（瓦片）、feature（要素）或 dynamic（动态）' }).optional(),
  url: url.optional(),
  base: base.optional(),
})
export type LayerEditBody = z.input<typeof layerEditBody>

/** GET /api/map/layer/query */
export const layerQuery = pageQuery(['name', 'sort', 'type', 'group'] as const).extend({
  keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional(),
  groupId: z.coerce.number().int().positive('图层组编号应为正整数').optional(),
  type: z.enum(LAYER_TYPES, { error: '图层类型应为 title、feature 或 dynamic' }).optional(),
})

const groupFields = {
  name: requiredText(50, '图层组名称'),
  sort: sort.default(0),
  open: z.boolean({ error: '初始展开应为是或否' }).default(true),
}
/** POST /api/map/group/add */
export const groupAddBody = z.object(groupFields)
export type GroupAddBody = z.input<typeof groupAddBody>
/** POST /api/map/group/edit */
export const groupEditBody = z.object({ id: idSchema, ...groupFields })
/** GET /api/map/group/query */
export const groupQuery = pageQuery(['name', 'sort'] as const).extend({
  keyword: z.string().trim().max(50, '关键字不能超过50个字符').optional(),
})

/** A layer row of the admin list. */
export interface LayerView {
  id: number
  groupId: number
  groupName: string
  name: string
  sort: number
  visible: boolean
  opacity: number
  type: LayerType
  url: string
  base: string
  updatedAt: string
}

/** A layer group row. */
export interface GroupView {
  id: number
  name: string
  sort: number
  open: boolean
  layerCount: number
}
