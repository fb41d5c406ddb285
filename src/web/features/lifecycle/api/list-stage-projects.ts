/** 阶段项目列表 GET /api/landLifeCycle/projects */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { StageProjects, StageState } from '../../../../domain/contracts/lifecycle-project'
import type { LifecycleStage } from '../../../../domain/lifecycle'
import { apiGet } from '../../../core/api'

/** Query of a stage page: 待登记 / 已登记, 逾期, district, keyword, paging and sort. */
export interface StageProjectsQuery {
  stage: LifecycleStage
  state?: StageState
  overdue?: 'true' | 'false'
  regionCode?: string
  keyword?: string
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: string
}

/** Root of every lifecycle query key: a registration refreshes them all. */
export const LIFECYCLE_KEY = ['lifecycle'] as const

/** One stage's projects with its 待登记 / 已登记 / 逾期 counts. */
export const listStageProjects = (q: StageProjectsQuery) => apiGet<StageProjects>('/api/landLifeCycle/projects', { ...q })

/** react-query hook of {@link listStageProjects}. */
export const useStageProjects = (q: StageProjectsQuery) =>
  useQuery({ queryKey: [...LIFECYCLE_KEY, 'projects', q], queryFn: () => listStageProjects(q), placeholderData: keepPreviousData })
