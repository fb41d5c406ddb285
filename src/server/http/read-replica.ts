/**
 * Reads on a replica (DATABASE_READ_URL, issue 20: the scale-out path past one machine). The
 * aggregate and list reads of the walls, reports, 决策分析, 运行监测 and the globes go to a read-only
 * replica — but only while it has caught up: before each such GET the primary's data version and
 * the replica's are read (one one-row query each), and a replica behind the primary is not used for
 * that request, so a user never reads older data than they just wrote and the answer cache never
 * keeps a lagging replica's answer as current. Everything else (writes, sign-in, every other
 * module) uses the primary.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/engine'
import { dataVersion } from './answer-cache'

/** The GET paths whose reads may go to the replica (prefixes). */
export const REPLICA_READ_PATHS: readonly string[] = [
  '/api/bigData/',
  '/api/decision/',
  '/api/function/monitor/',
  '/api/globe/',
  '/api/cloudChart/report/',
]

declare module 'fastify' {
  interface FastifyRequest {
    /** the database this request's reads go to, when a replica is configured and has caught up */
    readDb?: Db
  }
}

/** The database the reads of this request go to: the replica chosen for it, else the primary. */
export function readsOf(req: Pick<FastifyRequest, 'readDb'>, primary: Db): Db {
  return req.readDb ?? primary
}

/** Counts of where eligible reads went (`X-Read-From` says so per answer, for tests and operators). */
export interface ReplicaStats {
  replica: number
  primary: number
}

/** Registers the choice for every eligible GET; without a replica nothing is registered. */
export function registerReadReplica(app: FastifyInstance, primary: Db, replica: Db | undefined): ReplicaStats {
  const stats = { replica: 0, primary: 0 }
  if (!replica) return stats
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || reply.sent) return
    const path = req.url.split('?', 1)[0]
    if (!REPLICA_READ_PATHS.some((p) => path.startsWith(p))) return
    // the primary's version once per request: the answer cache (registered first) has read it already
    const [want, has] = await Promise.all([req.dataVersionRead ?? dataVersion(primary), dataVersion(replica).catch(() => -1)])
    if (has >= want) {
      req.readDb = replica
      stats.replica++
      reply.header('X-Read-From', 'replica')
    } else {
      stats.primary++
      reply.header('X-Read-From', 'primary')
    }
  })
  return stats
}
