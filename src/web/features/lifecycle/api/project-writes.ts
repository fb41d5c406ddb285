/**
 * 项目签约 POST /api/landLifeCycle/createProject, 修改 POST /api/landLifeCycle/updateProject, 退出
 * POST /api/landLifeCycle/exitProject, and the signing form's parcel picker GET /api/landLifeCycle/parcelOptions.
 */
import { useQuery } from '@tanstack/react-query'
import type {
  CreateProjectBody,
  ExitProjectBody,
  ParcelOption,
  ProjectRow,
  UpdateProjectBody,
} from '../../../../domain/contracts/lifecycle-project'
import { apiGet } from '../../../core/api'
import { http } from '../../../core/http'
import { toApiError } from '../../../core/http-catalogue'
import { LIFECYCLE_KEY } from './list-stage-projects'

/** The project written and the server's words. */
export interface Saved {
  project: ProjectRow
  message: string
}

async function post(path: string, body: unknown): Promise<Saved> {
  try {
    const r = await http().postJson<ProjectRow>(path, body)
    return { project: r.data, message: r.message }
  } catch (error) {
    throw toApiError(error)
  }
}

/** Signs a project with its 标准地 commitments; throws an ApiError with field details on a 4xx. */
export const createProject = (body: CreateProjectBody) => post('/api/landLifeCycle/createProject', body)
/** Edits a project (the server keeps the history). */
export const updateProject = (body: UpdateProjectBody) => post('/api/landLifeCycle/updateProject', body)
/** Records a 退出. */
export const exitProject = (body: ExitProjectBody) => post('/api/landLifeCycle/exitProject', body)

/** Parcels a project may be signed on, by 宗地代码 or name. */
export const useParcelOptions = (keyword: string, enabled: boolean) =>
  useQuery({
    queryKey: [...LIFECYCLE_KEY, 'parcelOptions', keyword],
    queryFn: () => apiGet<ParcelOption[]>('/api/landLifeCycle/parcelOptions', { keyword: keyword || undefined }),
    enabled,
  })
