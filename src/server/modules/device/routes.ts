/** 设备注册 endpoints (docs/product.md §7 /api/device/info/*) and the phone's own registration. */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ADMIN_PAGES, idBody } from '../../../domain/contracts/admin'
import { deviceEditBody, deviceQuery, deviceRegisterBody } from '../../../domain/contracts/admin-device'
import type { Db } from '../../db/engine'
import { ok } from '../../http/envelope'
import { currentUser } from '../../http/context'
import { badRequest, forbidden, notFound } from '../../http/errors'
import { findAccount } from '../user/repo'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'
import * as repo from './repo'

const DEVICE = [ADMIN_PAGES.device]
const log = (action: string) => ({ module: 'device', action })

export const deviceRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    const live = async (id: number) => {
      const device = await repo.getDevice(db, id)
      if (!device) throw notFound(`设备 ${id} 不存在`)
      return device
    }

    app.get('/api/device/info/list', { config: { pages: DEVICE }, schema: { querystring: deviceQuery } }, async (req) => {
      const { page, pageSize, sortField, sortOrder, ...f } = req.query
      return ok(await repo.listDevices(db, f, { page, pageSize, sortField, sortOrder }))
    })

    app.post(
      '/api/device/info/edit',
      { config: { pages: DEVICE, log: log('编辑设备') }, schema: { body: deviceEditBody } },
      async (req) => {
        const { id, ...fields } = req.body
        req.logTarget = `#${id}`
        const device = await live(id)
        if (fields.userId && !(await findAccount(db, fields.userId)))
          throw badRequest(`用户 ${fields.userId} 不存在`, [{ field: 'userId', message: '用户不存在' }])
        await repo.updateDevice(db, id, { ...fields, userId: fields.userId ?? null })
        req.logTarget = `${device.deviceId}${fields.status === 0 ? '（停用）' : ''}`
        return ok(await repo.getDevice(db, id))
      },
    )

    app.post('/api/device/info/delete', { config: { pages: DEVICE, log: log('删除设备') }, schema: { body: idBody } }, async (req) => {
      req.logTarget = `#${req.body.id}`
      const device = await live(req.body.id)
      req.logTarget = device.deviceId
      await repo.deleteDevice(db, req.body.id)
      return ok(null)
    })

    /** A signed-in phone registers itself (or reports in); a disabled device is refused. */
    app.post(
      '/api/device/info/register',
      { config: { pages: GRANTED_PAGES, log: log('设备上报') }, schema: { body: deviceRegisterBody } },
      async (req) => {
        req.logTarget = req.body.deviceId
        const known = await repo.findByDeviceId(db, req.body.deviceId)
        if (known?.status === 0) throw forbidden('该设备已停用，请联系管理员')
        return ok({ id: await repo.upsertDevice(db, { ...req.body, userId: currentUser(req).id }) })
      },
    )
  }
