/** 新建评价模型 POST /api/modes/SaveMode */
import type { EvaluationModel, ModelAddBody } from '../../../../domain/contracts/land-evaluation'
import { apiPostJson } from '../../../core/api'

/** Creates a model; a broken rule is a 400 with field details, a name in use a 409. */
export const saveModel = (body: ModelAddBody) => apiPostJson<EvaluationModel>('/api/modes/SaveMode', body)
