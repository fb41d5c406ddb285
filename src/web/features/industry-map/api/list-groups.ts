/** 分组列表 GET /api/industryMap/landGroup/list, /api/industryMap/companyGroup/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import { GROUP_KINDS, type GroupKind, type RecordGroup } from '../../../../domain/contracts/record-group'
import { apiGet } from '../../../core/api'

/** Query of the group list. */
export interface GroupListParams {
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: string
  keyword?: string
}

/** The react-query key of every group read of a kind (list and single group): a write refreshes it. */
export const groupsKey = (kind: GroupKind) => ['industryMap', 'groups', kind] as const

/** One page of the groups of a kind that the user may see. */
export const listGroups = (kind: GroupKind, q: GroupListParams) => apiGet<Page<RecordGroup>>(`${GROUP_KINDS[kind].prefix}/list`, { ...q })

/** react-query hook of {@link listGroups}. */
export const useGroups = (kind: GroupKind, q: GroupListParams) =>
  useQuery({ queryKey: [...groupsKey(kind), 'list', q], queryFn: () => listGroups(kind, q), placeholderData: keepPreviousData })
