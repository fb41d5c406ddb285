/**
 * The test-only clock (TEST_CLOCK=1, never in production: src/server/env.ts): an administrator moves
 * the product's calendar so that an e2e run can live through a 公示期 in minutes. Not registered at all
 * without TEST_CLOCK, so it is in no production OpenAPI document.
 */
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { isDate } from '../../domain/work-calendar'
import { productToday, setTestToday } from '../clock'
import { ok } from './envelope'

const body = z.object({
  today: z
    .string()
    .refine(isDate, '日期 today 应为 YYYY-MM-DD')
    .nullable()
    .describe('the date to make today; null goes back to the real date'),
})

export function registerTestClock(app: FastifyInstance): void {
  // no pages: closed to everyone but admin (src/server/auth/hook.ts)
  app
    .withTypeProvider<ZodTypeProvider>()
    .put('/api/test/clock', { config: { log: { module: '测试时钟', action: '设置日期' } }, schema: { body } }, async (req) => {
      setTestToday(req.body.today)
      return ok({ today: productToday() })
    })
  app.addHook('onClose', async () => setTestToday(null))
}
