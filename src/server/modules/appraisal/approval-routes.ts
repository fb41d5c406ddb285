/**
 * 评价审定 /api/appraiseApprove/* (issue 28): what waits for the 审定 of a model or norm change, the
 * decision, and the 办理记录 of a batch, model, norm change or 异议 with its export. 发布 itself is
 * /api/appraiseResult/publish, granted by the same page.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { APPRAISE_PAGES, APPROVE_PAGES, approvalDecideBody, stepsQuery } from '../../../domain/contracts/appraisal'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { scopeOfRequest } from '../../auth/data-scope'
import { sendXlsx } from '../../http/xlsx'
import { STEP_EXPORT_COLUMNS, type ProceedingStep } from '../../common/proceeding'
import * as approval from './approval'

const SUBJECT_NAME = {
  appraisal_batch: '评价批次',
  appraisal_model: '评价模型',
  appraisal_norm: '评价标准变更',
  objection: '异议',
  restatement: '更正',
} as const

export const appraisalApprovalRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/appraiseApprove/pending', { config: { pages: APPRAISE_PAGES, log: false } }, async (req) =>
      ok(await approval.pending(db, await scopeOfRequest(db, req), currentUser(req))),
    )

    app.post(
      '/api/appraiseApprove/decide',
      { config: { pages: APPROVE_PAGES, log: { module: '亩均效益评价', action: '评价审定' } }, schema: { body: approvalDecideBody } },
      async (req) => {
        req.logTarget = `${{ model: '评价模型', norm: '评价标准变更', restatement: '更正' }[req.body.kind]} ${req.body.id} ${req.body.decision}`
        const message = await approval.decide(db, await scopeOfRequest(db, req), currentUser(req), req.body)
        return ok(null, message)
      },
    )

    app.get(
      '/api/appraiseApprove/steps',
      { config: { pages: APPRAISE_PAGES, log: false }, schema: { querystring: stepsQuery } },
      async (req) => ok(await approval.steps(db, await scopeOfRequest(db, req), req.query.subject, req.query.id)),
    )

    app.get(
      '/api/appraiseApprove/steps/export',
      { config: { pages: APPRAISE_PAGES, log: { module: '亩均效益评价', action: '导出办理记录' } }, schema: { querystring: stepsQuery } },
      async (req, reply) => {
        const { subject, id } = req.query
        req.logTarget = `${SUBJECT_NAME[subject]} ${id}`
        const rows = await approval.steps(db, await scopeOfRequest(db, req), subject, id)
        return sendXlsx(reply, {
          filename: `办理记录_${SUBJECT_NAME[subject]}${id}.xlsx`,
          sheet: '办理记录',
          columns: STEP_EXPORT_COLUMNS.map((c) => ({ header: c.header, value: (r: ProceedingStep) => r[c.key] })),
          pages: (async function* () {
            yield rows
          })(),
        })
      },
    )
  }
