/** 删除分组 POST /api/industryMap/landGroup/delete, /api/industryMap/companyGroup/delete */
import { GROUP_KINDS, type GroupKind } from '../../../../domain/contracts/record-group'
import { postSaying } from '../../../core/post-saying'

/** Deletes a group (its members stay in the master data). */
export const deleteGroup = (kind: GroupKind, id: number) => postSaying<null>(`${GROUP_KINDS[kind].prefix}/delete`, { id })
