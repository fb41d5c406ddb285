/** 疑似闲置地块 GET /api/stock/idle/candidates */
import { useQuery } from '@tanstack/react-query'
import type { CandidateList } from '../../../../domain/contracts/stock'
import { apiGet } from '../../../core/api'
import { STOCK_KEY } from './query-keys'

/** Supplied land past one year after its agreed start without a start and without an open case. */
export const listCandidates = (q: { page: number; pageSize: number; keyword?: string; regionCode?: string }) =>
  apiGet<CandidateList>('/api/stock/idle/candidates', { ...q })

/** react-query hook of {@link listCandidates}; only while `enabled`. */
export const useCandidates = (q: Parameters<typeof listCandidates>[0], enabled: boolean) =>
  useQuery({ queryKey: [...STOCK_KEY, 'candidates', q], queryFn: () => listCandidates(q), enabled })
