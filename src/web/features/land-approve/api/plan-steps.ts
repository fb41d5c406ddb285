/** 盘活方案办理记录 GET /api/landInefficient/steps（format=xlsx 导出） */
import { useQuery } from '@tanstack/react-query'
import type { ProceedingStepView } from '../../../../domain/contracts/stock'
import { apiDownloadGet, apiGet, saveBlob } from '../../../core/api'
import { LAND_APPROVE_KEY } from './query-keys'

/** react-query hook of a plan's 办理记录. */
export const usePlanSteps = (id: number) =>
  useQuery({
    queryKey: [...LAND_APPROVE_KEY, 'plan', id],
    queryFn: () => apiGet<ProceedingStepView[]>('/api/landInefficient/steps', { id }),
  })

/** Downloads a plan's 办理记录 as xlsx. */
export async function exportPlanSteps(id: number): Promise<void> {
  saveBlob(await apiDownloadGet('/api/landInefficient/steps', { id, format: 'xlsx' }), `盘活方案${id}_办理记录.xlsx`)
}
