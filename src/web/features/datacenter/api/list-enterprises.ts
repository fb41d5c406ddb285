/** 查询用地单位列表 GET /api/yddw/getPage */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import type { EnterpriseBrief } from '../../../../domain/contracts/land-scope'
import { apiGet } from '../../../core/api'
import type { MasterQuery } from './list-parcels'

/** Enterprises inside the user's scope. */
export const listEnterprises = (q: MasterQuery) => apiGet<Page<EnterpriseBrief>>('/api/yddw/getPage', { ...q })

/** react-query hook of {@link listEnterprises}. */
export const useEnterprises = (q: MasterQuery, enabled = true) =>
  useQuery({ queryKey: ['master', 'enterprise', q], queryFn: () => listEnterprises(q), placeholderData: keepPreviousData, enabled })
