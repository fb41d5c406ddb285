/** 修改评价模型 POST /api/modes/UpdateMode */
import type { EvaluationModel, ModelUpdateBody } from '../../../../domain/contracts/land-evaluation'
import { apiPostJson } from '../../../core/api'

/** Saves a model's new name, pass score and items (runs already made keep the old ones). */
export const updateModel = (body: ModelUpdateBody) => apiPostJson<EvaluationModel>('/api/modes/UpdateMode', body)
