/** 闲置土地案件办理记录 GET /api/stock/idle/steps（format=xlsx 导出） */
import { useQuery } from '@tanstack/react-query'
import type { ProceedingStepView } from '../../../../domain/contracts/stock'
import { apiDownloadGet, apiGet, saveBlob } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** The 办理记录 of a case. */
export const getCaseSteps = (id: number) => apiGet<ProceedingStepView[]>('/api/stock/idle/steps', { id })

/** react-query hook of {@link getCaseSteps}. */
export const useCaseSteps = (id: number | null) =>
  useQuery({ queryKey: [...STOCK_KEY, 'steps', id], queryFn: () => getCaseSteps(id!), enabled: id !== null })

/** Downloads the 办理记录 of a case as xlsx. */
export async function exportCaseSteps(id: number): Promise<void> {
  saveBlob(await apiDownloadGet('/api/stock/idle/steps', { id, format: 'xlsx' }), `闲置土地案件${id}_办理记录.xlsx`)
}
