/** 待认领记录列表 GET /api/foundCenter/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { FoundRow } from '../../../../domain/contracts/datacenter'
import type { Page } from '../../../../domain/contracts/envelope'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** Filters of the 认领 list and map. */
export interface FoundQuery {
  kind: RecordKind
  page: number
  pageSize: number
  regionCode?: string
  /** west,south,east,north */
  bbox?: string
  keyword?: string
}

/** Records that no county owns yet, where the user may claim them. */
export const listUnclaimed = (q: FoundQuery) => apiGet<Page<FoundRow>>('/api/foundCenter/list', { ...q })

/** react-query hook of {@link listUnclaimed}. */
export const useUnclaimed = (q: FoundQuery) =>
  useQuery({ queryKey: ['found', 'list', q], queryFn: () => listUnclaimed(q), placeholderData: keepPreviousData })
