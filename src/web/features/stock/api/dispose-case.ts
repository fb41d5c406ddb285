/** 拟订处置方案 POST /api/stock/idle/dispose */
import type { DisposeBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Chooses the disposal of a case after its 认定书. */
export const disposeCase = (body: DisposeBody) => postSaying<IdleCase>('/api/stock/idle/dispose', body)
