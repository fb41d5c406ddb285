/** 开始评价 POST /api/inefficient/run */
import type { EvaluationRun, RunBody } from '../../../../domain/contracts/land-evaluation'
import { apiPostJson } from '../../../core/api'

/** Scores every parcel of the user's scope with a model for a year (takes a few seconds). */
export const runEvaluation = (body: RunBody) => apiPostJson<EvaluationRun>('/api/inefficient/run', body)
