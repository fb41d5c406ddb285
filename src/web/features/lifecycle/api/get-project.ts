/** 项目详情（含登记记录） GET /api/landLifeCycle/project */
import { useQuery } from '@tanstack/react-query'
import type { ProjectDetail } from '../../../../domain/contracts/lifecycle-project'
import { apiGet } from '../../../core/api'
import { LIFECYCLE_KEY } from './list-stage-projects'

/** One project with its stage registrations. */
export const getProject = (id: number) => apiGet<ProjectDetail>('/api/landLifeCycle/project', { id })

/** react-query hook of {@link getProject}; idle while no project is open. */
export const useProject = (id: number | null) =>
  useQuery({ queryKey: [...LIFECYCLE_KEY, 'project', id], queryFn: () => getProject(id as number), enabled: id !== null })
