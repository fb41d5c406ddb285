/** 批次详情 GET /api/datacenter/sjcj/detail */
import { useQuery } from '@tanstack/react-query'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'

/** One batch. */
export const queryBatch = (id: number) => apiGet<BatchView>('/api/datacenter/sjcj/detail', { id })

/** react-query hook of {@link queryBatch}. */
export const useBatch = (id: number | null) =>
  useQuery({ queryKey: ['dc-batch', id], queryFn: () => queryBatch(id as number), enabled: id !== null })
