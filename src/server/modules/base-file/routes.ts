/**
 * 文件 endpoints (docs/product.md §7): /api/base/file/{upload, fileUploadByDm, download, delete, query} and
 * /api/document/upload/file. Any signed-in user may upload; the bytes are stored by content hash
 * (src/server/files/store.ts), typed by their content, and served back only as an attachment;
 * every download, allowed or not, is in the operation log.
 */
import fs from 'node:fs'
import type { FastifyReply } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { DOCUMENT_EXTENSIONS, fileIdBody, fileQuery, uploadByDmFields } from '../../../domain/contracts/base-file'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { notFound } from '../../http/errors'
import { FileStore } from '../../files/store'
import { noFile, readUpload, uploadFields } from '../../files/multipart'
import { ANY_INPUT_PAGES, READ_PAGES } from '../datacenter/pages'
import { SJCJ_PAGES } from '../../../domain/contracts/datacenter-import'
import { acceptUpload, contentDisposition, deleteUpload, listReadable, readable, toView } from './service'
import type { FileRecord } from './repo'

const log = (action: string) => ({ module: 'file', action })

/** The file store of an upload directory (one per process and directory). */
const stores = new Map<string, FileStore>()
export function fileStoreOf(dir: string): FileStore {
  let s = stores.get(dir)
  if (!s) {
    s = new FileStore(dir)
    s.sweepIncoming()
    stores.set(dir, s)
  }
  return s
}

/**
 * Sends a stored file as a download: never rendered by the browser — an attachment, no sniffing, no
 * scripts even if opened. 404 naming `what` when its bytes are gone.
 */
export function sendStoredFile(reply: FastifyReply, store: FileStore, f: FileRecord, what: string) {
  const file = store.pathOf(f.sha256)
  if (!fs.existsSync(file)) throw notFound(`${what} 的内容已不存在`)
  return reply
    .header('Content-Type', f.mime)
    .header('Content-Length', String(f.size))
    .header('Content-Disposition', contentDisposition(f.name))
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Cache-Control', 'private, no-store')
    .send(fs.createReadStream(file))
}

export const baseFileRoutes =
  (db: Db, uploads: { dir: string; maxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const store = fileStoreOf(uploads.dir)
    const max = uploads.maxBytes

    // the data centre's files: read on its and audit's pages, written where records are edited and where files are collected (数据采集)
    const READ = READ_PAGES
    const WRITE = [...ANY_INPUT_PAGES, ...SJCJ_PAGES.write]
    app.get('/api/base/file/limits', { config: { pages: READ } }, async () =>
      ok({ maxBytes: max, documentExtensions: DOCUMENT_EXTENSIONS }),
    )

    app.post('/api/base/file/upload', { config: { pages: WRITE, log: log('上传文件') } }, async (req) => {
      const { file } = await readUpload(req, store, max)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      return ok(toView(await acceptUpload(db, store, file, currentUser(req), { purpose: 'file' })))
    })

    app.post('/api/base/file/fileUploadByDm', { config: { pages: WRITE, log: log('按代码上传文件') } }, async (req) => {
      const { fields, file } = await readUpload(req, store, max)
      if (!file) throw noFile()
      const { dm, recordId } = uploadFields(uploadByDmFields, { fields, file }, store)
      req.logTarget = `${dm} ${file.fileName}`
      return ok(toView(await acceptUpload(db, store, file, currentUser(req), { purpose: 'file', dm, recordId })))
    })

    app.post('/api/document/upload/file', { config: { pages: WRITE, log: log('上传文档') } }, async (req) => {
      const { file } = await readUpload(req, store, max)
      if (!file) throw noFile()
      req.logTarget = file.fileName
      return ok(toView(await acceptUpload(db, store, file, currentUser(req), { purpose: 'document', allowed: DOCUMENT_EXTENSIONS })))
    })

    /** The files filed under a 代码 (and record) that the user may read. */
    app.get('/api/base/file/query', { config: { pages: READ }, schema: { querystring: fileQuery } }, async (req) => {
      return ok(await listReadable(db, currentUser(req), req.query.dm, req.query.recordId))
    })

    // a download is a read worth auditing (who took which contract), so it declares a log entry
    app.get(
      '/api/base/file/download',
      { config: { pages: READ, log: log('下载文件') }, schema: { querystring: fileIdBody } },
      async (req, reply) => {
        req.logTarget = `#${req.query.id}`
        const f = await readable(db, currentUser(req), req.query.id)
        req.logTarget = `#${f.id} ${f.name}`
        return sendStoredFile(reply, store, f, `文件 ${f.id}`)
      },
    )

    app.post('/api/base/file/delete', { config: { pages: WRITE, log: log('删除文件') }, schema: { body: fileIdBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const f = await deleteUpload(db, store, currentUser(req), req.body.id)
      req.logTarget = f.name
      return ok(null)
    })
  }
