/**
 * 数据更新 (docs/product.md §2 input / gyydInput / yddwInput; §7 /api/datacenter/input/*): open a record, propose
 * a new record, a change or a deletion (draft or submitted at once), edit, withdraw or discard
 * one's drafts, list (and export) one's submissions, the history of a record and any past version, the
 * counties one may choose, and the master list as xlsx.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { idBody } from '../../../domain/contracts/admin'
import {
  draftEditBody,
  historyVersionQuery,
  inputAddBody,
  inputDeleteBody,
  inputUpdateBody,
  masterExportQuery,
  recordQuery,
  submissionListQuery,
  type HistoryRow,
  type HistoryVersion,
  type RecordView,
} from '../../../domain/contracts/datacenter'
import { changedFields, REGION_FIELDS } from '../../../domain/datacenter/record-diff'
import { RECORD_KINDS, RECORD_KIND_LABEL, type RecordKind } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { notFound } from '../../http/errors'
import { sendXlsx } from '../../http/xlsx'
import { recordAttachments } from './attachment-repo'
import { proposerOf } from './context'
import { discard, editDraft, propose, recordGone, submitDraft, withdraw } from './input-service'
import { ANY_INPUT_PAGES, CLAIM_PAGES, INPUT_PAGES, READ_PAGES } from './pages'
import * as records from './record-repo'
import { activeStandard } from './standard-service'
import { SUBMISSION_COLUMNS } from './submission-export'
import * as subs from './submission-repo'

/** Pages from which one's own drafts and claims are handled. */
const OWN_SUBMISSION_PAGES = [...ANY_INPUT_PAGES, ...CLAIM_PAGES.parcel, ...CLAIM_PAGES.enterprise]

const log = (action: string) => ({ module: 'datacenter', action })

export const inputRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const read = { config: { pages: READ_PAGES } }

    app.get('/api/datacenter/input/record', { ...read, schema: { querystring: recordQuery } }, async (req) => {
      const { kind, id } = req.query
      const p = proposerOf(currentUser(req))
      const r = await records.findRecord(db, kind, id, { scope: p.scope })
      if (!r) throw recordGone(kind, id)
      const view: RecordView = {
        kind,
        id,
        values: r.values,
        deleted: r.deleted,
        version: await records.latestVersion(db, kind, id),
        open: await subs.openOnRecord(db, kind, id),
        attachments: await recordAttachments(db, kind, id),
      }
      return ok(view)
    })

    for (const kind of RECORD_KINDS) {
      const pages = INPUT_PAGES[kind]
      const name = RECORD_KIND_LABEL[kind]
      app.post(
        `/api/datacenter/input/${kind}/add`,
        { config: { pages, log: log(`新增${name}`) }, schema: { body: inputAddBody } },
        async (req) => {
          const saved = await propose(db, proposerOf(currentUser(req)), kind, 'create', req.body)
          req.logTarget = `提交 #${saved.id}${withFiles(req.body.attachments)}`
          return ok(saved, saved.state === '待审核' ? '已提交审核' : '已保存草稿')
        },
      )
      app.post(
        `/api/datacenter/input/${kind}/update`,
        { config: { pages, log: log(`修改${name}`) }, schema: { body: inputUpdateBody } },
        async (req) => {
          req.logTarget = `${name} #${req.body.targetId}`
          const saved = await propose(db, proposerOf(currentUser(req)), kind, 'update', req.body)
          req.logTarget = `${name} #${req.body.targetId} 提交 #${saved.id}${withFiles(req.body.attachments)}`
          return ok(saved, saved.state === '待审核' ? '已提交审核' : '已保存草稿')
        },
      )
      app.post(
        `/api/datacenter/input/${kind}/delete`,
        { config: { pages, log: log(`删除${name}`) }, schema: { body: inputDeleteBody } },
        async (req) => {
          req.logTarget = `${name} #${req.body.targetId}`
          const saved = await propose(db, proposerOf(currentUser(req)), kind, 'delete', req.body)
          req.logTarget = `${name} #${req.body.targetId} 提交 #${saved.id}${withFiles(req.body.attachments)}`
          return ok(saved, saved.state === '待审核' ? '已提交审核' : '已保存草稿')
        },
      )
    }

    app.post(
      '/api/datacenter/input/draft/edit',
      { config: { pages: OWN_SUBMISSION_PAGES, log: log('修改草稿') }, schema: { body: draftEditBody } },
      async (req) => {
        req.logTarget = `提交 #${req.body.id}${withFiles(req.body.attachments)}`
        const saved = await editDraft(db, proposerOf(currentUser(req)), req.body.id, req.body)
        return ok(saved, saved.state === '待审核' ? '已提交审核' : '已保存草稿')
      },
    )

    app.post(
      '/api/datacenter/input/draft/delete',
      { config: { pages: OWN_SUBMISSION_PAGES, log: log('删除草稿') }, schema: { body: idBody } },
      async (req) => {
        req.logTarget = `提交 #${req.body.id}`
        await discard(db, proposerOf(currentUser(req)), req.body.id)
        return ok(null, '已删除草稿')
      },
    )

    app.post(
      '/api/datacenter/input/withdraw',
      { config: { pages: OWN_SUBMISSION_PAGES, log: log('撤回提交') }, schema: { body: idBody } },
      async (req) => {
        req.logTarget = `提交 #${req.body.id}`
        return ok(await withdraw(db, proposerOf(currentUser(req)), req.body.id), '已撤回为草稿')
      },
    )

    // docs/product.md §7 /api/audit/query/add: a draft goes to the auditors (提交审核)
    app.post(
      '/api/audit/query/add',
      { config: { pages: OWN_SUBMISSION_PAGES, log: { module: 'audit', action: '提交审核' } }, schema: { body: idBody } },
      async (req) => {
        req.logTarget = `提交 #${req.body.id}`
        return ok(await submitDraft(db, proposerOf(currentUser(req)), req.body.id), '已提交审核')
      },
    )

    app.get('/api/datacenter/input/mine', { ...read, schema: { querystring: submissionListQuery } }, async (req) =>
      ok(await subs.listSubmissions(db, req.query, { createdBy: currentUser(req).id })),
    )

    app.get(
      '/api/datacenter/input/mine/export',
      { config: { pages: READ_PAGES, log: log('导出我的提交') }, schema: { querystring: submissionListQuery } },
      async (req, reply) => {
        const { page: _p, pageSize: _s, sortField: _f, sortOrder: _o, ...filter } = req.query
        req.logTarget = '我的提交'
        return sendXlsx(reply, {
          filename: `我的提交_${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheet: '我的提交',
          columns: SUBMISSION_COLUMNS,
          pages: subs.eachSubmission(db, filter, { createdBy: currentUser(req).id }),
        })
      },
    )

    app.get('/api/datacenter/input/history/list', { ...read, schema: { querystring: recordQuery } }, async (req) => {
      const { kind, id } = req.query
      await visibleRecord(db, req, kind, id)
      const std = await activeStandard(db, kind)
      // the region codes an approval sets are named like the diff names them
      const label = (name: string) =>
        std.fields.find((f) => f.name === name)?.label ?? REGION_FIELDS.find((f) => f.name === name)?.label ?? name
      const files = await recordAttachments(db, kind, id)
      const rows: HistoryRow[] = (await records.historyOf(db, kind, id)).map((h) => ({
        version: h.version,
        action: h.action,
        changedAt: records.historyTime(h),
        changedByName: h.changed_by_name,
        submissionId: h.submission_id,
        changedFields: changedFields(std.fields, h.before, h.after).map(label),
        attachments: h.submission_id === null ? [] : files.filter((f) => f.submissionId === h.submission_id),
      }))
      return ok(rows.reverse())
    })

    app.get('/api/datacenter/input/history/one', { ...read, schema: { querystring: historyVersionQuery } }, async (req) => {
      const { kind, id, version } = req.query
      const current = await visibleRecord(db, req, kind, id)
      const history = await records.historyOf(db, kind, id)
      const std = await activeStandard(db, kind)
      // version 0: the record before its first recorded change (or as it is, when never changed)
      const h = history.find((x) => x.version === version)
      let values = h?.after ?? null
      if (version === 0) values = history.length ? history[0].before : current.values
      if (!values) throw notFound(`${RECORD_KIND_LABEL[kind]} ${id} 没有版本 ${version}`)
      const out: HistoryVersion = {
        kind,
        id,
        version,
        values,
        changedAt: h ? (iso(h.changed_at) as string) : null,
        changedByName: h?.changed_by_name ?? null,
        fields: std.fields,
      }
      return ok(out)
    })

    app.get('/api/datacenter/input/counties', read, async (req) =>
      ok(await records.countiesInScope(db, proposerOf(currentUser(req)).scope)),
    )

    app.get(
      '/api/datacenter/input/export',
      { config: { pages: READ_PAGES, log: log('导出主数据') }, schema: { querystring: masterExportQuery } },
      async (req, reply) => {
        const { kind, ...filter } = req.query
        const std = await activeStandard(db, kind)
        const columns = std.fields.filter((f) => f.type !== 'geometry')
        req.logTarget = `${RECORD_KIND_LABEL[kind]}主数据`
        return sendXlsx(reply, {
          filename: `${RECORD_KIND_LABEL[kind]}主数据_${new Date().toISOString().slice(0, 10)}.xlsx`,
          sheet: `${RECORD_KIND_LABEL[kind]}`,
          columns: [
            { header: 'ID', value: (r) => r.id, width: 8 },
            ...columns.map((f) => ({
              header: f.unit ? `${f.label}（${f.unit}）` : f.label,
              value: (r: records.RecordSnapshot) => cell(r.values[f.name]),
              width: Math.max(10, f.label.length * 2 + 4),
            })),
            { header: '所在县名称', value: (r) => (r as { county_name?: string | null }).county_name ?? '', width: 14 },
          ],
          pages: records.eachRecord(db, kind, proposerOf(currentUser(req)).scope, filter),
        })
      },
    )
  }

/** The operation log's note of the files a write carries. */
const withFiles = (ids: readonly number[] | undefined) => (ids?.length ? ` 附件 ${ids.length} 个` : '')

/** A stored value as a spreadsheet cell. */
function cell(v: unknown): string | number | null {
  if (v === null || v === undefined) return null
  return typeof v === 'number' ? v : String(v)
}

/** A record the caller may see (deleted ones too: their history stays readable). */
async function visibleRecord(db: Db, req: Parameters<typeof currentUser>[0], kind: RecordKind, id: number) {
  const r = await records.findRecord(db, kind, id, { scope: proposerOf(currentUser(req)).scope })
  if (!r) throw recordGone(kind, id)
  return r
}
