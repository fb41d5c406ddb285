/** 待审定事项 GET /api/landApprove/list */
import { useQuery } from '@tanstack/react-query'
import type { LandApproveList } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { LAND_APPROVE_KEY } from './query-keys'

/** What waits for the land 审定: 处置决定 and 盘活方案. */
export const listApprovals = () => apiGet<LandApproveList>('/api/landApprove/list')

/** react-query hook of {@link listApprovals}. */
export const useApprovals = () => useQuery({ queryKey: [...LAND_APPROVE_KEY, 'list'], queryFn: listApprovals })
