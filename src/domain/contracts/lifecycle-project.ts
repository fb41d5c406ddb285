/**
 * 项目管理 and 一本账 of 工业用地全生命周期 (/landLifeCycle/projectManager/{xmqy … xmpj},
 * /landLifeCycle/onebook; docs/domain.md "Land lifecycle"): each stage page lists the projects waiting for
 * that stage and those past it, and registers the stage's date; 一本账 is the ledger of every
 * project with its stage, deadlines and 标准地 commitments against what was achieved.
 */
import { z } from 'zod'
import { pageQuery } from './admin'
import type { Page } from './envelope'
import { LIFECYCLE_STAGES, type LifecycleStage } from '../lifecycle'

/** The pages of the lifecycle that use these endpoints (docs/product.md §6 grants). */
export const PROJECT_PAGES = LIFECYCLE_STAGES.map((s) => `/landLifeCycle/projectManager/${s}`)
export const ONEBOOK_PAGE = '/landLifeCycle/onebook'

const regionCode = z
  .string({ error: '区划代码 regionCode 应为文本' })
  .regex(/^33\d{4}(\d{3})?$/, '区划代码 regionCode 应为浙江省6位或9位行政区划代码')
const stage = z.enum(LIFECYCLE_STAGES, { error: `阶段 stage 应为 ${LIFECYCLE_STAGES.join('、')} 之一` })
const keyword = z.string().trim().max(50, '关键字 keyword 最多50个字').optional()
const isoDate = (label: string) =>
  z
    .string({ error: `${label}必填` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}应为 YYYY-MM-DD 格式的日期`)
    .refine(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      `${label}不是有效日期`,
    )

/**
 * Which projects a stage page shows: 待登记 (the stage before reached, this one not yet),
 * 已登记 (this stage's date registered), or both.
 */
export const STAGE_STATES = { pending: '待登记', done: '已登记' } as const
export type StageState = keyof typeof STAGE_STATES

/** GET /api/landLifeCycle/projects */
export const projectListQuery = pageQuery(['name', 'stageDate', 'deadline'] as const).extend({
  stage,
  state: z.enum(['pending', 'done'], { error: '登记状态 state 应为 pending 或 done' }).optional(),
  overdue: z.enum(['true', 'false'], { error: '逾期 overdue 应为 true 或 false' }).optional(),
  regionCode: regionCode.optional(),
  keyword,
})
export type ProjectListQuery = z.infer<typeof projectListQuery>

/** One project as the lists show it. */
export interface ProjectRow {
  id: number
  name: string
  parcelId: number
  landCode: string
  parcelName: string
  areaMu: number
  enterpriseId: number | null
  enterpriseName: string | null
  countyName: string | null
  /** the last stage reached today */
  currentStage: LifecycleStage
  /** the date of each stage (YYYY-MM-DD or null) */
  dates: Record<LifecycleStage, string | null>
  startDeadline: string | null
  completionDeadline: string | null
  /** past a deadline today without the stage it demands (docs/domain.md: start within 12 months of delivery, completion within 24 of start) */
  overdue: boolean
  /** days past the deadline that is missed (0 when not overdue) */
  overdueDays: number
  investIntensity: number | null
  committedPlotRatio: number | null
  committedTaxPerMu: number | null
}

/** GET /api/landLifeCycle/projects: one stage's page. */
export interface StageProjects {
  stage: LifecycleStage
  /** waiting for the stage / past it / overdue among them — under the region and keyword filters */
  pending: number
  done: number
  overdue: number
  page: Page<ProjectRow>
}

/** POST /api/landLifeCycle/registerStage: the date a project reached a stage. */
export const registerStageBody = z.object({
  id: z.number({ error: '项目编号 id 应为数字' }).int('项目编号 id 应为整数').positive('项目编号 id 应为正整数'),
  stage: stage.exclude(['xmqy'], { error: '项目签约在建项目时登记，不能单独登记' }),
  date: isoDate('日期 date '),
  remark: z.string().trim().max(200, '备注 remark 最多200个字').default(''),
})
export type RegisterStageBody = z.input<typeof registerStageBody>

/** One registration in a project's history. */
export interface ProjectEvent {
  stage: LifecycleStage
  date: string
  remark: string
  /** deadlines the registration set (土地供应 sets the start deadline, 项目开工 the completion deadline) */
  deadline: string | null
  actor: string
  at: string
}

/** GET /api/landLifeCycle/project */
export const projectIdQuery = z.object({
  id: z.coerce.number({ error: '项目编号 id 应为数字' }).int('项目编号 id 应为整数').positive('项目编号 id 应为正整数'),
})

/** GET /api/landLifeCycle/project?id */
export interface ProjectDetail extends ProjectRow {
  events: ProjectEvent[]
}

/** GET /api/landLifeCycle/onebook (and /export) */
export const onebookQuery = pageQuery(['name', 'signedDate', 'taxGap'] as const).extend({
  regionCode: regionCode.optional(),
  keyword,
  stage: stage.optional(),
  overdue: z.enum(['true', 'false'], { error: '逾期 overdue 应为 true 或 false' }).optional(),
  /** only the projects in production whose 亩均税收 is below the commitment */
  belowCommitment: z.enum(['true', 'false'], { error: 'belowCommitment 应为 true 或 false' }).optional(),
})
export type OnebookQuery = z.infer<typeof onebookQuery>

/** One line of 一本账: the project, commitments and what was achieved. */
export interface OnebookRow extends ProjectRow {
  /** 容积率 of the parcel now */
  actualPlotRatio: number | null
  /** the holder's 亩均税收 of the latest year with figures, 万元/亩 */
  actualTaxPerMu: number | null
  /** achieved − committed (null when either is missing) */
  plotRatioGap: number | null
  taxGap: number | null
}

/** GET /api/landLifeCycle/onebook */
export interface Onebook {
  /** the figure year the actual 亩均税收 comes from */
  year: number
  total: number
  overdue: number
  /** projects in production (投产 reached) below their committed 亩均税收 */
  belowCommitment: number
  byStage: { stage: LifecycleStage; name: string; count: number }[]
  page: Page<OnebookRow>
}
