/** 按名称或信用代码查找企业 GET /api/cloudChart/report/enterprises */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { EnterpriseReport } from '../../../../domain/contracts/statistical-report'
import { apiGet } from '../../../core/api'

/** The first 20 enterprises of the scope whose name or credit code holds the keyword. */
export const searchEnterprises = (keyword: string) =>
  apiGet<EnterpriseReport>('/api/cloudChart/report/enterprises', { keyword, pageSize: 20 })

/** react-query hook of {@link searchEnterprises}; idle while the keyword is empty. */
export const useEnterpriseSearch = (keyword: string) =>
  useQuery({
    queryKey: ['decision', 'enterprise-search', keyword],
    queryFn: () => searchEnterprises(keyword),
    enabled: keyword !== '',
    placeholderData: keepPreviousData,
  })
