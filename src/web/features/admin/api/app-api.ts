/** 应用管理 calls (docs/product.md §7 /api/app/version/*). */
import type { AppVersionView } from '../../../../domain/contracts/admin-app'
import type { Page } from '../../../../domain/contracts/envelope'
import { apiDownloadGet, apiGet, apiPostJson, apiUpload } from '../../../core/api'

/** 版本列表 GET /api/app/version/list */
export const queryVersions = (q: { page: number; pageSize: number; platform?: string; sortField?: string; sortOrder?: string }) =>
  apiGet<Page<AppVersionView>>('/api/app/version/list', q)
/** 上传限制 GET /api/app/version/limits */
export const uploadLimits = () => apiGet<{ maxBytes: number; types: Record<string, string> }>('/api/app/version/limits')
/** 上传安装包 POST /api/app/version/upload (multipart: fields, then `file`) */
export const uploadVersion = (form: FormData, onProgress?: (fraction: number) => void) =>
  apiUpload<AppVersionView>('/api/app/version/upload', form, { onProgress })
/** 编辑版本 POST /api/app/version/edit */
export const editVersion = (body: { id: number; versionName: string; notes: string; forceUpdate: boolean }) =>
  apiPostJson<AppVersionView>('/api/app/version/edit', body)
/** 删除版本 POST /api/app/version/delete */
export const deleteVersion = (id: number) => apiPostJson<null>('/api/app/version/delete', { id })
/** 下载安装包 GET /api/app/version/download */
export const downloadVersion = (id: number) => apiDownloadGet('/api/app/version/download', { id }, { large: true })
