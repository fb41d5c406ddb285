/** 登记项目阶段 POST /api/landLifeCycle/registerStage */
import type { ProjectRow, RegisterStageBody } from '../../../../domain/contracts/lifecycle-project'
import { http } from '../../../core/http'
import { toApiError } from '../../../core/http-catalogue'

/** The registered project and the server's words (已登记项目开工，约定竣工期限为 …). */
export interface Registered {
  project: ProjectRow
  message: string
}

/** Registers the date a project reached a stage; throws an ApiError with field details on a 400. */
export async function registerStage(body: RegisterStageBody): Promise<Registered> {
  try {
    const r = await http().postJson<ProjectRow>('/api/landLifeCycle/registerStage', body)
    return { project: r.data, message: r.message }
  } catch (error) {
    throw toApiError(error)
  }
}
