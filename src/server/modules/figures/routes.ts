/**
 * 指标口径 (issue 14): GET /api/figures/catalogue answers the figures catalogue (src/domain/figures)
 * — key, name, unit, digits, population, 口径 and a ratio's parts — to any user holding a page (the
 * 口径说明 drawer is in every page's header, and every figure's hover reads it).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { catalogueEntries, catalogueSchema } from '../../../domain/figures/listing'
import { ok } from '../../http/envelope'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'

/** The success envelope of the catalogue (docs/api.md), the route's response schema. */
const catalogueResponse = z.object({ code: z.number(), message: z.string(), data: catalogueSchema })

export const figuresRoutes = (): FastifyPluginAsyncZod => async (app) => {
  app.get(
    '/api/figures/catalogue',
    { config: { pages: GRANTED_PAGES, log: false }, schema: { response: { 200: catalogueResponse } } },
    async () => ok(catalogueEntries()),
  )
}
