/** 导出评价结果 GET /api/inefficient/results/export */
import { apiDownloadGet, saveBlob } from '../../../core/api'
import type { ResultFilter } from './list-results'

/** Downloads the run's results of the filters as xlsx. */
export async function exportResults(q: ResultFilter): Promise<void> {
  saveBlob(await apiDownloadGet('/api/inefficient/results/export', { ...q }, { large: true }), '低效用地评价结果.xlsx')
}
