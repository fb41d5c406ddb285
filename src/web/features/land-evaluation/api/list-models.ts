/** 查询评价模型列表 GET /api/modes/GetModeList */
import { useQuery } from '@tanstack/react-query'
import type { EvaluationModel } from '../../../../domain/contracts/land-evaluation'
import { apiGet } from '../../../core/api'

/** Every evaluation model (the default one first). */
export const listModels = () => apiGet<EvaluationModel[]>('/api/modes/GetModeList')

/** react-query hook of {@link listModels}. */
export const useModels = () => useQuery({ queryKey: ['evaluation', 'models'], queryFn: listModels })
