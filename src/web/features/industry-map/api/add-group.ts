/** 新建分组 POST /api/industryMap/landGroup/add, /api/industryMap/companyGroup/add */
import { GROUP_KINDS, type GroupAddBody, type GroupKind, type RecordGroup } from '../../../../domain/contracts/record-group'
import { postSaying } from '../../../core/post-saying'

/** Creates a group in the user's district; a taken name answers 409. */
export const addGroup = (kind: GroupKind, body: GroupAddBody) => postSaying<RecordGroup>(`${GROUP_KINDS[kind].prefix}/add`, body)
