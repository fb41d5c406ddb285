/** 分组详情 GET /api/industryMap/landGroup/get, /api/industryMap/companyGroup/get */
import { useQuery } from '@tanstack/react-query'
import { GROUP_KINDS, type GroupKind, type RecordGroup } from '../../../../domain/contracts/record-group'
import { apiGet } from '../../../core/api'
import { groupsKey } from './list-groups'

/** One group (also when it is not on the list's current page). */
export const getGroup = (kind: GroupKind, id: number) => apiGet<RecordGroup>(`${GROUP_KINDS[kind].prefix}/get`, { id })

/** react-query hook of {@link getGroup}; null waits. */
export const useGroup = (kind: GroupKind, id: number | null) =>
  useQuery({ queryKey: [...groupsKey(kind), 'get', id], queryFn: () => getGroup(kind, id!), enabled: id !== null, retry: false })
