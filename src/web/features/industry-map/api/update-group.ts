/** 修改分组 POST /api/industryMap/landGroup/update, /api/industryMap/companyGroup/update */
import { GROUP_KINDS, type GroupKind, type GroupUpdateBody, type RecordGroup } from '../../../../domain/contracts/record-group'
import { postSaying } from '../../../core/post-saying'

/** Renames a group or changes its remark; a taken name answers 409. */
export const updateGroup = (kind: GroupKind, body: GroupUpdateBody) => postSaying<RecordGroup>(`${GROUP_KINDS[kind].prefix}/update`, body)
