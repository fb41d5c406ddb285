/** 进度照片: POST /api/phczReport/upload (multipart: file) and GET /api/phczReport/photo. */
import { apiDownloadGet, apiUpload, saveBlob } from '../../../core/api'

/** An uploaded photo, before or after it is named in a report. */
export interface ReportPhoto {
  id: number
  name: string
}

/** Uploads one picture (jpg/png) for the report being written. */
export function uploadReportPhoto(file: File): Promise<ReportPhoto> {
  const form = new FormData()
  form.append('file', file)
  return apiUpload<ReportPhoto>('/api/phczReport/upload', form)
}

/** Saves a report's photo. */
export async function downloadReportPhoto(reportId: number, photo: ReportPhoto): Promise<void> {
  saveBlob(await apiDownloadGet('/api/phczReport/photo', { reportId, fileId: photo.id }), photo.name)
}
