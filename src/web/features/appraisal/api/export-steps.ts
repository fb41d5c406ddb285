/** 导出办理记录 GET /api/appraiseApprove/steps/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { StepSubject } from './list-steps'

/** Downloads the 办理记录 of one subject as xlsx and saves it. */
export async function exportSteps(subject: StepSubject, id: number, name: string): Promise<void> {
  saveBlob(await apiDownloadGet('/api/appraiseApprove/steps/export', { subject, id }), name)
}
