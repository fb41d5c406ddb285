/** 评价年度数据 GET /api/landLifeCycle/yearFigures: the enterprise's figures of a year that 项目评价 judges, with their sources. */
import { useQuery } from '@tanstack/react-query'
import type { YearFigures } from '../../../../domain/contracts/lifecycle-project'
import { apiGet } from '../../../core/api'
import { LIFECYCLE_KEY } from './list-stage-projects'

export const useYearFigures = (id: number | null, year: number | undefined) =>
  useQuery({
    queryKey: [...LIFECYCLE_KEY, 'yearFigures', id, year],
    queryFn: () => apiGet<YearFigures>('/api/landLifeCycle/yearFigures', { id, year }),
    enabled: id !== null,
  })
