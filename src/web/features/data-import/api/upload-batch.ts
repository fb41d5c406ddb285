/** 上传导入文件 POST /api/datacenter/sjcj/upload (multipart: kind, crs, file) */
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import type { DeclaredCrs } from '../../../../domain/datacenter/import-batch'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiUpload } from '../../../core/api'

/** Uploads a source file; `onProgress` gets the sent fraction 0..1. */
export function uploadBatch(file: File, kind: RecordKind, crs: DeclaredCrs, onProgress?: (fraction: number) => void): Promise<BatchView> {
  const form = new FormData()
  form.append('kind', kind)
  form.append('crs', crs)
  form.append('file', file)
  return apiUpload<BatchView>('/api/datacenter/sjcj/upload', form, { onProgress })
}
