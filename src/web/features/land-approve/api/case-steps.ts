/** 闲置土地案件办理记录 GET /api/stock/idle/steps（format=xlsx 导出） */
import { useQuery } from '@tanstack/react-query'
import type { ProceedingStepView } from '../../../../domain/contracts/stock'
import { apiDownloadGet, apiGet, saveBlob } from '../../../core/api'
import { LAND_APPROVE_KEY } from './query-keys'

/** react-query hook of a case's 办理记录. */
export const useCaseSteps = (id: number) =>
  useQuery({ queryKey: [...LAND_APPROVE_KEY, 'case', id], queryFn: () => apiGet<ProceedingStepView[]>('/api/stock/idle/steps', { id }) })

/** Downloads a case's 办理记录 as xlsx. */
export async function exportCaseSteps(id: number): Promise<void> {
  saveBlob(await apiDownloadGet('/api/stock/idle/steps', { id, format: 'xlsx' }), `闲置土地案件${id}_办理记录.xlsx`)
}
