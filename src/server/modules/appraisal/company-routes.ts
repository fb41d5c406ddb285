/**
 * 本企业评价 /api/company/appraise/* (issue 28, docs/domain.md "Due process"): an enterprise account
 * (企业账号, bound to one 统一社会信用代码) sees its own class, score, indicator values and the inputs
 * behind them by source in every batch put to 公示, files its own 异议 with attachments until the
 * window ends, and reads the decision. It sees nothing of any other enterprise.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { COMPANY_PAGES, companyObjectionBody, objectionFileQuery, type CompanyObjection } from '../../../domain/contracts/appraisal'
import { DOCUMENT_EXTENSIONS } from '../../../domain/contracts/base-file'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { AppError, notFound } from '../../http/errors'
import { noFile, readUpload } from '../../files/multipart'
import { acceptUpload, toView } from '../base-file/service'
import { getFile } from '../base-file/repo'
import { fileStoreOf, sendStoredFile } from '../base-file/routes'
import type { AuthUser } from '../../auth/session'
import * as service from './service'

const ALL = { kind: 'all' } as const
const log = (action: string) => ({ module: '亩均效益评价', action })

/** The enterprise of an enterprise account; staff accounts have none here. */
function ownEnterprise(user: AuthUser): number {
  if (!user.enterpriseId) throw new AppError(403, '本页面供企业账号使用：请以企业账号登录查看本企业的评价结果')
  return user.enterpriseId
}

/** The enterprise's 异议 of a batch. */
async function objectionsOf(db: Db, batchId: number, enterpriseId: number): Promise<CompanyObjection[]> {
  const r = await db.query<{
    id: number
    channel: '企业' | '代登记'
    content: string
    state: CompanyObjection['state']
    decision: string
    created_at: Date
    reviewed_at: Date | null
    attachments: { id: number; name: string; size: number }[]
  }>(
    `SELECT o.id, o.channel, o.content, o.state, o.decision, o.created_at, o.reviewed_at,
       COALESCE((SELECT json_agg(json_build_object('id', f.id, 'name', f.original_name, 'size', f.size) ORDER BY a.ord)
                 FROM jsonb_array_elements_text(o.attachments) WITH ORDINALITY a(v, ord) JOIN upload_file f ON f.id = a.v::bigint), '[]') AS attachments
     FROM appraisal_objection o WHERE o.batch_id = $1 AND o.enterprise_id = $2 ORDER BY o.id`,
    [batchId, enterpriseId],
  )
  return r.rows.map((o) => ({
    id: o.id,
    channel: o.channel,
    content: o.content,
    state: o.state,
    decision: o.decision,
    createdAt: iso(o.created_at) as string,
    reviewedAt: iso(o.reviewed_at),
    attachments: o.attachments.map((a) => ({ id: Number(a.id), name: a.name, size: Number(a.size) })),
  }))
}

export const companyAppraisalRoutes =
  (db: Db, uploads: { dir: string; maxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreOf(uploads.dir)
    const READ = { pages: COMPANY_PAGES, log: false as const }

    // every batch put to 公示 that holds the enterprise (not a 试算 nobody has seen), newest first
    app.get('/api/company/appraise/mine', { config: READ }, async (req) => {
      const enterpriseId = ownEnterprise(currentUser(req))
      const ids = await db.query<{ id: number }>(
        `SELECT b.id FROM appraisal_batch b JOIN appraisal_result x ON x.batch_id = b.id AND x.enterprise_id = $1
         WHERE b.state <> '试算' ORDER BY b.year DESC, b.version DESC LIMIT 20`,
        [enterpriseId],
      )
      const out = []
      for (const { id } of ids.rows) {
        const d = await service.resultDetail(db, ALL, id, enterpriseId)
        out.push({ ...d, objections: await objectionsOf(db, id, enterpriseId) })
      }
      return ok(out)
    })

    app.post(
      '/api/company/appraise/objection',
      { config: { pages: COMPANY_PAGES, log: log('企业提出异议') }, schema: { body: companyObjectionBody } },
      async (req) => {
        const user = currentUser(req)
        const enterpriseId = ownEnterprise(user)
        req.logTarget = `批次 ${req.body.batchId}`
        const id = await service.addObjection(db, ALL, { ...req.body, enterpriseId }, user, '企业')
        return ok({ id }, '已提交异议，经信科审核后会在本页告知结论')
      },
    )

    app.post('/api/company/appraise/upload', { config: { pages: COMPANY_PAGES, log: log('上传异议附件') } }, async (req) => {
      ownEnterprise(currentUser(req))
      const { file } = await readUpload(req, store, uploads.maxBytes)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      const f = await acceptUpload(db, store, file, currentUser(req), {
        purpose: 'document',
        allowed: DOCUMENT_EXTENSIONS,
        dm: service.OBJECTION_DM,
      })
      return ok(toView(f), `已上传 ${f.name}`)
    })

    app.get(
      '/api/company/appraise/file',
      { config: { pages: COMPANY_PAGES, log: log('下载异议附件') }, schema: { querystring: objectionFileQuery } },
      async (req, reply) => {
        const enterpriseId = ownEnterprise(currentUser(req))
        const o = await db.query<{ attachments: number[] }>(
          'SELECT attachments FROM appraisal_objection WHERE id = $1 AND enterprise_id = $2',
          [req.query.objectionId, enterpriseId],
        )
        if (!o.rows[0] || !o.rows[0].attachments.map(Number).includes(req.query.fileId))
          throw notFound(`附件 ${req.query.fileId} 不是本企业异议的附件`)
        const f = await getFile(db, req.query.fileId)
        if (!f) throw notFound(`附件 ${req.query.fileId} 不存在`)
        req.logTarget = `异议 ${req.query.objectionId} ${f.name}`
        return sendStoredFile(reply, store, f, `附件 ${f.id}`)
      },
    )
  }
