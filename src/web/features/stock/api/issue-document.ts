/** 下达闲置土地文书 POST /api/stock/idle/document */
import type { DocumentBody, IdleCase } from '../../../../domain/contracts/stock'
import { postSaying } from '../../../core/post-saying'

/** Issues the next procedure document (调查通知书 → 闲置土地认定书 → 处置决定书). */
export const issueDocument = (body: DocumentBody) => postSaying<IdleCase>('/api/stock/idle/document', body)
