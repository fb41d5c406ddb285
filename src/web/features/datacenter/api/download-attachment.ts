/** 下载附件 GET /api/base/file/download?id= */
import type { AttachmentView } from '../../../../domain/contracts/datacenter'
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads a 附件 (with the token) and hands it to the browser under its name. */
export async function downloadAttachment(a: Pick<AttachmentView, 'id' | 'name'>): Promise<void> {
  saveBlob(await apiDownloadGet('/api/base/file/download', { id: a.id }, { large: true }), a.name)
}
