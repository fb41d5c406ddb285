/** 分组成员 GET /api/industryMap/landGroup/members, /api/industryMap/companyGroup/members */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { Page } from '../../../../domain/contracts/envelope'
import { GROUP_KINDS, type GroupKind, type GroupMember } from '../../../../domain/contracts/record-group'
import { apiGet } from '../../../core/api'

/** Query of a group's members. */
export interface MemberListParams {
  id: number
  page: number
  pageSize: number
  keyword?: string
  sortField?: string
  sortOrder?: string
}

/** The react-query key of every member list of a kind: a write refreshes it. */
export const membersKey = (kind: GroupKind) => ['industryMap', 'members', kind] as const

/** One page of a group's members. */
export const listMembers = (kind: GroupKind, q: MemberListParams) =>
  apiGet<Page<GroupMember>>(`${GROUP_KINDS[kind].prefix}/members`, { ...q })

/** react-query hook of {@link listMembers}; null waits (no group chosen). */
export const useMembers = (kind: GroupKind, q: MemberListParams | null) =>
  useQuery({
    queryKey: [...membersKey(kind), q],
    queryFn: () => listMembers(kind, q!),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  })
