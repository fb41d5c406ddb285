/** 查询企业详情 GET /api/cloudChart/enterprise/{id} */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../api'
import type { YearlyRow } from './query-parcel'

/** Enterprise detail: attributes, its parcels, its yearly figures. */
export interface EnterpriseDetail {
  enterprise: Record<string, string | number | null> & { id: number; name: string; credit_code: string }
  parcels: { id: number; land_code: string; name: string; area_m2: number; status: string }[]
  yearly: YearlyRow[]
}

/** One enterprise. */
export const queryEnterprise = (id: number) => apiGet<EnterpriseDetail>(`/api/cloudChart/enterprise/${id}`)

/** react-query hook of {@link queryEnterprise}. */
export const useEnterprise = (id: number | null) =>
  useQuery({ queryKey: ['cloudChart', 'enterprise', id], queryFn: () => queryEnterprise(id!), enabled: id !== null })
