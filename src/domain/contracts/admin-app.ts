/** 应用管理 contracts (docs/product.md §7 /api/app/version/*). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery, queryFlag } from './admin'

/** Platforms and the package each takes. */
export const APP_PLATFORMS = { android: '.apk', ios: '.ipa' } as const
export type AppPlatform = keyof typeof APP_PLATFORMS

const versionFields = {
  versionName: z
    .string({ error: '版本名称不能为空' })
    .trim()
    .regex(/^\d+(\.\d+){0,3}([-+][A-Za-z0-9.]+)?$/, '版本名称形如 1.2.3'),
  notes: optionalText(2000, '更新说明'),
  forceUpdate: queryFlag.optional().default(false),
}

/** Multipart fields of POST /api/app/version/upload (with one `file`). */
export const appUploadFields = z.object({
  platform: z.enum(['android', 'ios'], { error: '平台应为 android 或 ios' }),
  versionCode: z.coerce.number({ error: '版本号应为数字' }).int('版本号应为整数').positive('版本号应为正整数').max(2_000_000_000),
  ...versionFields,
})
export type AppUploadFields = z.input<typeof appUploadFields>

/** POST /api/app/version/edit */
export const appEditBody = z.object({ id: idSchema, ...versionFields })

/** GET /api/app/version/list */
export const appQuery = pageQuery(['versionCode', 'createdAt'] as const).extend({
  platform: z.enum(['android', 'ios']).optional(),
})

/** GET /api/app/version/mobile/versions — what a phone on `versionCode` should install. */
export const mobileVersionsQuery = z.object({
  platform: z.enum(['android', 'ios'], { error: '平台应为 android 或 ios' }),
  versionCode: z.coerce.number().int().min(0).optional().default(0),
})

/** One uploaded version. */
export interface AppVersionView {
  id: number
  platform: AppPlatform
  versionCode: number
  versionName: string
  notes: string
  forceUpdate: boolean
  fileName: string
  fileSize: number
  sha256: string
  uploadedBy: string
  createdAt: string
  downloadUrl: string
}

/** data of /api/app/version/mobile/versions */
export interface MobileVersions {
  latest: AppVersionView | null
  /** a newer version exists */
  hasUpdate: boolean
  /** some version newer than the phone's is marked force-update */
  mustUpdate: boolean
}
