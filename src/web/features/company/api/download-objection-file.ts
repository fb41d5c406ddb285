/** 下载异议附件 GET /api/company/appraise/file */
import { apiDownloadGet, saveBlob } from '../../../core/api'

/** Downloads an attachment of one of the enterprise's 异议 and saves it. */
export async function downloadObjectionFile(objectionId: number, fileId: number, name: string): Promise<void> {
  saveBlob(await apiDownloadGet('/api/company/appraise/file', { objectionId, fileId }), name)
}
