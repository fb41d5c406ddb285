/** 企业指标 GET /api/decision/enterprise */
import { useQuery } from '@tanstack/react-query'
import type { EnterpriseIndicators } from '../../../../domain/contracts/decision'
import { apiGet } from '../../../core/api'

/** One enterprise's indicators of the year against its peers' median, its rank and its history. */
export const getEnterpriseIndicators = (id: number, year?: number) => apiGet<EnterpriseIndicators>('/api/decision/enterprise', { id, year })

/** react-query hook of {@link getEnterpriseIndicators}; idle until an enterprise is chosen. */
export const useEnterpriseIndicators = (id: number | undefined, year?: number) =>
  useQuery({
    queryKey: ['decision', 'enterprise', id, year],
    queryFn: () => getEnterpriseIndicators(id as number, year),
    enabled: id !== undefined,
  })
