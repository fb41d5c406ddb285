/** 登记土地闲置费 POST /api/stock/idle/fee */
import type { FeeBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Records a payment of 土地闲置费 under the 处置决定书. */
export const recordFee = (body: FeeBody) => postSaying<IdleCase>('/api/stock/idle/fee', body)
