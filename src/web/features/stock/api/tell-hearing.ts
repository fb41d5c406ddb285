/** 听证告知 POST /api/stock/idle/hearing/notice */
import type { HearingNoticeBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Tells the holder of the intended decision and its right to a 听证. */
export const tellHearing = (body: HearingNoticeBody) => postSaying<IdleCase>('/api/stock/idle/hearing/notice', body)
