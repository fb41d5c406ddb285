/**
 * 审核 (docs/product.md §2 /system/audit/*; §7 /api/audit/{query/list, query/details, update/one}): the
 * submissions in the auditor's region, one submission side by side, the decision, and the list
 * as xlsx. (/api/audit/query/add — submitting a draft — lives with the input routes.)
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idBody } from '../../../domain/contracts/admin'
import { auditDecisionBody, submissionListQuery, type SubmissionRow } from '../../../domain/contracts/datacenter'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx } from '../../http/xlsx'
import { auditKindsOf, proposerOf } from '../datacenter/context'
import { ANY_AUDIT_PAGES, READ_PAGES } from '../datacenter/pages'
import * as subs from '../datacenter/submission-repo'
import { SUBMISSION_COLUMNS } from '../datacenter/submission-export'
import { approve, details, reject, type ApprovalHooks } from './service'

export const auditRoutes =
  (db: Db, hooks: ApprovalHooks = {}): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/api/audit/query/list', { config: { pages: ANY_AUDIT_PAGES }, schema: { querystring: submissionListQuery } }, async (req) =>
      ok(await subs.listSubmissions(db, req.query, { scope: proposerOf(currentUser(req)).scope })),
    )

    // submitters read their own submissions' details too (the return reason, the diff)
    app.get('/api/audit/query/details', { config: { pages: READ_PAGES }, schema: { querystring: idBody } }, async (req) => {
      const user = currentUser(req)
      return ok(await details(db, { ...proposerOf(user), auditKinds: await auditKindsOf(db, user) }, req.query.id))
    })

    app.post(
      '/api/audit/update/one',
      { config: { pages: ANY_AUDIT_PAGES, log: { module: 'audit', action: '审核' } }, schema: { body: auditDecisionBody } },
      async (req) => {
        const user = currentUser(req)
        const { id, decision, reason } = req.body
        req.logTarget = `提交 #${id}`
        req.logAction = decision === 'approve' ? '审核通过' : '审核退回'
        const auditor = { ...proposerOf(user), kinds: await auditKindsOf(db, user) }
        if (decision === 'approve') {
          const r = await approve(db, auditor, id, hooks)
          req.logTarget = `提交 #${id} → ${r.recordId} 版本 ${r.version}`
          return ok(r, '已审核通过并入库')
        }
        return ok(await reject(db, auditor, id, reason), '已退回')
      },
    )

    app.get(
      '/api/audit/export',
      {
        config: { pages: ANY_AUDIT_PAGES, log: { module: 'audit', action: '导出提交列表' } },
        schema: { querystring: submissionListQuery },
      },
      async (req, reply) => {
        const { page: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filter } = req.query
        req.logTarget = '提交列表'
        return sendXlsx<SubmissionRow>(reply, {
          filename: `审核提交列表_${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheet: '提交',
          columns: SUBMISSION_COLUMNS,
          pages: subs.eachSubmission(db, filter, { scope: proposerOf(currentUser(req)).scope }),
        })
      },
    )
  }
