/** 查询行政区划树 GET /api/cloudChart/regionTree */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'
import type { ProvinceNode } from '../../../../domain/contracts/map'

/** The district tree of docs/product.md §3. */
export const queryRegionTree = () => apiGet<ProvinceNode>('/api/cloudChart/regionTree')

/** react-query hook of {@link queryRegionTree}. */
export const useRegionTree = () => useQuery({ queryKey: ['cloudChart', 'regionTree'], queryFn: queryRegionTree, staleTime: Infinity })
