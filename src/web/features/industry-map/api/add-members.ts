/** 添加分组成员 POST /api/industryMap/landGroup/addMembers, /api/industryMap/companyGroup/addMembers */
import { GROUP_KINDS, type GroupKind, type MembersAdded } from '../../../../domain/contracts/record-group'
import { postSaying } from '../../../core/post-saying'

/** Adds parcels or enterprises of the user's scope to a group (those already in it are counted, not repeated). */
export const addMembers = (kind: GroupKind, id: number, recordIds: number[]) =>
  postSaying<MembersAdded>(`${GROUP_KINDS[kind].prefix}/addMembers`, { id, recordIds })
