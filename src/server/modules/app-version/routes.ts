/**
 * 应用管理 endpoints (docs/product.md §7 /api/app/version/{mobile/versions, upload, edit}, plus list, delete and
 * download). Packages are streamed to DATA_DIR/uploads/apps with a size limit (APP_UPLOAD_MAX_MB) and
 * kept only when their content is a package of the platform (package-check.ts).
 */
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import {
  APP_PLATFORMS,
  appEditBody,
  appQuery,
  appUploadFields,
  mobileVersionsQuery,
  type AppPlatform,
} from '../../../domain/contracts/admin-app'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import { packageProblem } from './package-check'
import { receiveFile, tooLarge, type Received } from './upload'
import * as repo from './repo'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'

const APP = [ADMIN_PAGES.app]
const log = (action: string) => ({ module: 'app', action })
const ALLOWED = Object.values(APP_PLATFORMS).join(' 或 ')

const unsupported = (name: string) => new AppError(415, `仅支持 ${ALLOWED} 安装包，收到的是“${name}”`)

export const appVersionRoutes =
  (db: Db, uploads: { dir: string; appMaxBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const dir = path.join(uploads.dir, 'apps')
    const max = uploads.appMaxBytes

    app.get('/api/app/version/list', { config: { pages: APP }, schema: { querystring: appQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, platform } = req.query
      return ok(await repo.listVersions(db, platform, { page, pageSize, sortField, sortOrder }))
    })

    /** What the upload form tells the admin before sending: the size limit and the accepted types. */
    app.get('/api/app/version/limits', { config: { pages: APP } }, async () => ok({ maxBytes: max, types: APP_PLATFORMS }))

    app.post('/api/app/version/upload', { config: { pages: APP, log: log('上传安装包') } }, async (req) => {
      if (!req.isMultipart()) throw new AppError(415, `请以 multipart/form-data 上传 ${ALLOWED} 安装包`)
      const fields: Record<string, string> = {}
      let received: Received | null = null
      try {
        // fields may come before or after the file; only one file is read
        for await (const part of req.parts({ limits: { fileSize: max, files: 1, fields: 20, fieldSize: 4096 } })) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value)
            continue
          }
          const ext = path.extname(part.filename).toLowerCase()
          if (part.fieldname !== 'file' || received || !Object.values(APP_PLATFORMS).includes(ext as never)) {
            part.file.resume()
            throw unsupported(part.filename)
          }
          received = await receiveFile(part, dir, max)
        }
        if (!received) throw badRequest('请选择安装包文件', [{ field: 'file', message: '请选择安装包文件' }])
        const parsed = appUploadFields.safeParse(fields)
        if (!parsed.success) {
          const details = parsed.error.issues.map((i) => ({ field: i.path.join('.') || 'body', message: i.message }))
          throw badRequest(`参数校验失败：${details.map((d) => `${d.field}：${d.message}`).join('；')}`, details)
        }
        const v = parsed.data
        req.logTarget = `${v.platform} ${v.versionName} (${v.versionCode})`
        const ext = path.extname(received.fileName).toLowerCase()
        if (ext !== APP_PLATFORMS[v.platform as AppPlatform]) throw unsupported(received.fileName)
        // the content must be a package of the platform (a renamed file is not one): 422, nothing stored
        const problem = await packageProblem(received.tempPath, v.platform as AppPlatform)
        if (problem) throw new AppError(422, problem, [{ field: 'file', message: problem }])
        if (await repo.versionExists(db, v.platform, v.versionCode)) throw conflict(`${v.platform} 版本号 ${v.versionCode} 已存在`)
        const storedName = `${v.platform}-${v.versionCode}-${crypto.randomBytes(4).toString('hex')}${ext}`
        const file = received
        fs.renameSync(file.tempPath, path.join(dir, storedName))
        received = null
        try {
          const id = await repo.insertVersion(db, {
            ...v,
            fileName: path.basename(file.fileName).slice(0, 200),
            fileSize: file.size,
            sha256: file.sha256,
            storedName,
            by: currentUser(req).username,
          })
          return ok(await repo.getVersion(db, id))
        } catch (err) {
          fs.rmSync(path.join(dir, storedName), { force: true })
          throw err
        }
      } catch (err) {
        const code = (err as { code?: string }).code ?? ''
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(max)
        // a body the multipart parser cannot read (no boundary, cut short): the client's fault
        if (
          !(err instanceof AppError) &&
          (code.startsWith('FST_') || /^(Multipart|Unexpected end of form)/.test(String((err as Error)?.message)))
        )
          throw badRequest('上传内容不完整或格式错误，请重新上传')
        throw err
      } finally {
        if (received) fs.rmSync(received.tempPath, { force: true })
      }
    })

    app.post('/api/app/version/edit', { config: { pages: APP, log: log('编辑版本') }, schema: { body: appEditBody } }, async (req) => {
      const { id, ...fields } = req.body
      req.logTarget = `#${id}`
      const version = await repo.getVersion(db, id)
      if (!version) throw notFound(`版本 ${id} 不存在`)
      await repo.updateVersion(db, id, fields)
      req.logTarget = `${version.platform} ${fields.versionName}`
      return ok(await repo.getVersion(db, id))
    })

    app.post('/api/app/version/delete', { config: { pages: APP, log: log('删除版本') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const version = await repo.getVersion(db, req.body.id)
      if (!version) throw notFound(`版本 ${req.body.id} 不存在`)
      await repo.deleteVersion(db, req.body.id)
      fs.rmSync(path.join(dir, version.storedName), { force: true })
      req.logTarget = `${version.platform} ${version.versionName}`
      return ok(null)
    })

    /** What a phone should install: the newest version, and whether an update is forced. */
    app.get(
      '/api/app/version/mobile/versions',
      // the mobile app of every staff member checks for its update: any account holding a page (not one without a role)
      { config: { pages: GRANTED_PAGES }, schema: { querystring: mobileVersionsQuery } },
      async (req) => {
        const { latest, mustUpdate } = await repo.latestFor(db, req.query.platform, req.query.versionCode)
        return ok({ latest, hasUpdate: !!latest && latest.versionCode > req.query.versionCode, mustUpdate })
      },
    )

    app.get('/api/app/version/download', { config: { pages: GRANTED_PAGES }, schema: { querystring: idBody } }, async (req, reply) => {
      const version = await repo.getVersion(db, req.query.id)
      const file = version && path.join(dir, version.storedName)
      if (!version || !file || !fs.existsSync(file)) throw notFound(`版本 ${req.query.id} 的安装包不存在`)
      reply
        .header('Content-Type', version.platform === 'android' ? 'application/vnd.android.package-archive' : 'application/octet-stream')
        .header('Content-Length', String(version.fileSize))
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(version.fileName)}`)
      return reply.send(fs.createReadStream(file))
    })
  }
