/** 设备注册 contracts (docs/product.md §7 /api/device/info/*). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery } from './admin'

/** GET /api/device/info/list */
export const deviceQuery = pageQuery(['lastSeenAt', 'registeredAt', 'model'] as const).extend({
  keyword: z.string().trim().max(100).optional(),
  status: z.coerce
    .number()
    .pipe(z.union([z.literal(0), z.literal(1)]))
    .optional(),
  os: z.string().trim().max(20).optional(),
})

/** POST /api/device/info/edit — name, owner, status (停用 refuses the device) and remark. */
export const deviceEditBody = z.object({
  id: idSchema,
  name: optionalText(100, '设备名称'),
  userId: idSchema.nullable().optional(),
  status: z.union([z.literal(0), z.literal(1)], { error: '状态应为 0（停用）或 1（启用）' }),
  remark: optionalText(255, '备注'),
})
export type DeviceEditBody = z.input<typeof deviceEditBody>

/** POST /api/device/info/register — a phone of the signed-in user reports itself. */
export const deviceRegisterBody = z.object({
  deviceId: z
    .string()
    .trim()
    .min(8, '设备标识至少8个字符')
    .max(64)
    .regex(/^[A-Za-z0-9_-]+$/, '设备标识只含字母、数字、_ -'),
  model: optionalText(100, '型号'),
  os: z.enum(['android', 'ios', 'harmony'], { error: '系统应为 android、ios 或 harmony' }),
  osVersion: optionalText(30, '系统版本'),
  appVersion: optionalText(30, '应用版本'),
})

/** A device row. */
export interface DeviceView {
  id: number
  deviceId: string
  name: string
  model: string
  os: string
  osVersion: string
  appVersion: string
  userId: number | null
  username: string | null
  realName: string | null
  status: 0 | 1
  remark: string
  registeredAt: string
  lastSeenAt: string
}
