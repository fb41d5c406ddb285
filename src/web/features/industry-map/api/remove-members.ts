/** 移出分组成员 POST /api/industryMap/landGroup/removeMembers, /api/industryMap/companyGroup/removeMembers */
import { GROUP_KINDS, type GroupKind } from '../../../../domain/contracts/record-group'
import { postSaying } from '../../../core/post-saying'

/** Takes records out of a group (they stay in the master data). */
export const removeMembers = (kind: GroupKind, id: number, recordIds: number[]) =>
  postSaying<{ removed: number }>(`${GROUP_KINDS[kind].prefix}/removeMembers`, { id, recordIds })
