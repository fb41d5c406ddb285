/** 办结闲置土地处置 POST /api/stock/idle/complete */
import type { CompleteBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Completes the disposal (a recovery or an extension goes to the data centre for audit). */
export const completeCase = (body: CompleteBody) => postSaying<IdleCase>('/api/stock/idle/complete', body)
