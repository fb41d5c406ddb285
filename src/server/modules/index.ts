/**
 * Every API module, in registration order. A new module adds one line here: its routes plugin
 * receives the shared dependencies.
 */
import type { FastifyPluginAsync } from 'fastify'
import type { Db } from '../db/engine'
import type { RuntimeConfigSource } from '../runtime-config'
import type { SecurityPolicy } from '../auth/session'
import { authRoutes } from './auth/routes'
import { bigDataRoutes } from './big-data/routes'
import { mapRoutes } from './map/routes'
import { roleRoutes } from './role/routes'
import { systemRoutes } from './system/routes'
import { globeRoutes } from './globe/routes'
import { userRoutes } from './user/routes'
import { menuRoutes } from './menu/routes'
import { organRoutes } from './organ/routes'
import { areaRoutes } from './area/routes'
import { dictRoutes } from './dict/routes'
import { logRoutes } from './log/routes'
import { regionStandardRoutes } from './region-standard/routes'
import { deviceRoutes } from './device/routes'
import { appVersionRoutes } from './app-version/routes'
import { landRoutes } from './land/routes'
import { mapLayerRoutes } from './map/layer-routes'
import { standardRoutes } from './datacenter/standard-routes'
import { inputRoutes } from './datacenter/input-routes'
import { auditRoutes } from './audit/routes'
import type { ApprovalHooks } from './audit/service'
import { foundCenterRoutes } from './found-center/routes'
import { baseFileRoutes } from './base-file/routes'
import { datacenterImportRoutes } from './datacenter-import/routes'
import { reformNewsRoutes } from './reform-news/routes'
import { statisticalReportRoutes } from './statistical-report/routes'
import { recordGroupRoutes } from './record-group/routes'
import { decisionRoutes } from './decision/routes'
import { lifecycleProjectRoutes } from './lifecycle-project/routes'
import { regulationRoutes } from './regulation/routes'
import { landEvaluationRoutes } from './land-evaluation/routes'
import { figuresRoutes } from './figures/routes'
import { appraisalRoutes } from './appraisal/routes'
import { appraisalApprovalRoutes } from './appraisal/approval-routes'
import { appraisalRestatementRoutes } from './appraisal/restatement-routes'
import { companyAppraisalRoutes } from './appraisal/company-routes'
import { workCalendarRoutes } from './work-calendar/routes'
import { revitalizeRoutes } from './revitalize/routes'
import { stockRoutes } from './stock/routes'

/** What a module's routes may use. */
export interface ModuleDeps {
  db: Db
  config: RuntimeConfigSource
  policy: SecurityPolicy
  /** Upload storage and limits. */
  uploads: { dir: string; appMaxBytes: number; maxBytes: number }
  /** Test-only instrumentation (the approval kill test); production passes none. */
  testHooks?: { approval?: ApprovalHooks }
  /** Background jobs shared by the processes of one database (JOB_STALE_SECONDS). */
  jobs?: { staleSeconds?: number }
}

/** routes plugins of all modules */
export const MODULES: ((deps: ModuleDeps) => FastifyPluginAsync)[] = [
  ({ db, config }) => systemRoutes(db, config),
  ({ db, policy }) => authRoutes(db, policy),
  ({ db }) => roleRoutes(db),
  ({ db, config }) => bigDataRoutes(db, config),
  ({ db }) => mapRoutes(db),
  ({ db }) => globeRoutes(db),
  ({ db }) => userRoutes(db),
  ({ db }) => menuRoutes(db),
  ({ db }) => organRoutes(db),
  ({ db }) => areaRoutes(db),
  ({ db }) => dictRoutes(db),
  ({ db }) => logRoutes(db),
  ({ db }) => regionStandardRoutes(db),
  ({ db }) => deviceRoutes(db),
  ({ db, uploads }) => appVersionRoutes(db, uploads),
  ({ db }) => landRoutes(db),
  ({ db }) => mapLayerRoutes(db),
  ({ db }) => standardRoutes(db),
  ({ db }) => inputRoutes(db),
  ({ db, testHooks }) => auditRoutes(db, testHooks?.approval),
  ({ db }) => foundCenterRoutes(db),
  ({ db, uploads }) => baseFileRoutes(db, uploads),
  ({ db, uploads, jobs }) => datacenterImportRoutes(db, uploads, jobs),
  ({ db, config }) => reformNewsRoutes(db, config),
  ({ db }) => statisticalReportRoutes(db),
  ({ db }) => recordGroupRoutes(db),
  ({ db }) => decisionRoutes(db),
  ({ db }) => lifecycleProjectRoutes(db),
  ({ db }) => regulationRoutes(db),
  ({ db }) => landEvaluationRoutes(db),
  ({ db, uploads }) => revitalizeRoutes(db, uploads),
  () => figuresRoutes(),
  ({ db, uploads }) => appraisalRoutes(db, uploads),
  ({ db }) => appraisalApprovalRoutes(db),
  ({ db }) => appraisalRestatementRoutes(db),
  ({ db, uploads }) => companyAppraisalRoutes(db, uploads),
  ({ db }) => workCalendarRoutes(db),
  ({ db }) => stockRoutes(db),
]
