/** 闲置土地立案 POST /api/stock/idle/identify */
import type { IdentifyBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Opens a case for a parcel the rules find idle. */
export const identifyCase = (body: IdentifyBody) => postSaying<IdleCase>('/api/stock/idle/identify', body)
