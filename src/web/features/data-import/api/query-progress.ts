/** 批次进度 GET /api/datacenter/sjcj/progress */
import { useQuery } from '@tanstack/react-query'
import type { BatchProgress } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'

/** The progress of a batch's job. */
export const queryProgress = (id: number) => apiGet<BatchProgress>('/api/datacenter/sjcj/progress', { id })

/** Polls every 500 ms while the batch is 导入中 or 检查中. */
export const useProgress = (id: number | null) =>
  useQuery({
    queryKey: ['dc-progress', id],
    queryFn: () => queryProgress(id as number),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== '导入中' && q.state.data.status !== '检查中' ? false : 500),
  })
