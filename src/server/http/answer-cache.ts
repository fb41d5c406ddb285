/**
 * The answer cache of the aggregate reads (docs/architecture.md "Answer cache"): the walls
 * (/api/bigData/*), the reports, 决策分析, 运行监测 and the lifecycle globe are
 * computed once per (data version, day, path and query, caller's scope and grants) and answered from
 * memory until a write changes the data version (migration 0190: a statement trigger bumps it
 * inside the writing transaction — approvals, import commits, appraisal and evaluation runs).
 *
 * Big answers are also kept gzipped and sent so to clients that accept it (the lifecycle timeline
 * of a province: megabytes of JSON, a fifth of that compressed).
 *
 * Every request reads the version from the database (one one-row read), so each of several API
 * processes on one PostgreSQL drops its entries the moment any of them commits a write; nothing a
 * process keeps here is needed by another. Concurrent misses of one key wait for the first one's
 * answer instead of aggregating the same rows twenty times.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { promisify } from 'node:util'
import { gzip } from 'node:zlib'
import type { Db } from '../db/engine'
import { todayInProductZone } from '../../domain/today'

/** The GET paths whose answers are cached (prefixes end with a slash). */
export const CACHED_PATHS: readonly string[] = [
  '/api/bigData/',
  '/api/decision/',
  '/api/function/monitor/',
  '/api/globe/lifecycle',
  '/api/cloudChart/report/area',
  '/api/cloudChart/report/industry',
  '/api/cloudChart/report/lowEfficiency',
  '/api/cloudChart/report/enterprises',
  '/api/cloudChart/report/parcels',
]

/** Whether the answer of a path is cached (never an export: those stream). */
export function isCachedPath(path: string): boolean {
  if (path.endsWith('/export')) return false
  return CACHED_PATHS.some((p) => (p.endsWith('/') ? path.startsWith(p) : path === p))
}

/** The current data version (bumped by every committed write of business data). */
export async function dataVersion(db: Db): Promise<number> {
  const r = await db.query<{ version: number | string }>('SELECT version FROM data_version WHERE id = 1')
  return Number(r.rows[0]?.version ?? 0)
}

/**
 * Who the answer is for: everything that decides what a caller may see — admin, or the region (and
 * level), or the own enterprise of an enterprise account, plus the role grants. Two callers with
 * the same part see the same answer; a county never gets another county's aggregate.
 */
export function audienceOf(req: FastifyRequest): string {
  const u = req.user as (NonNullable<FastifyRequest['user']> & { enterpriseId?: number | null }) | undefined
  if (!u) return 'public'
  const who = u.isAdmin ? 'all' : u.enterpriseId ? `enterprise:${u.enterpriseId}` : `region:${u.regionCode ?? '-'}:${u.regionLevel ?? '-'}`
  return `${who}|roles:${[...u.roleIds].sort((a, b) => a - b).join(',')}`
}

/** The path with its query parameters in name order (so ?a=1&b=2 and ?b=2&a=1 share an entry). */
export function canonicalUrl(url: string): string {
  const [path, query = ''] = url.split('?', 2)
  const params = new URLSearchParams(query)
  params.sort()
  const q = params.toString()
  return q ? `${path}?${q}` : path
}

interface Entry {
  version: number
  /** the answer's bytes (UTF-8 once, not on every send) */
  body: Buffer
  /** the same compressed, for a client that accepts gzip (browsers do), when the answer is big */
  gzip: Buffer | null
  contentType: string
}

/** Answers from this size on are also kept gzipped: the lifecycle timeline of a province is megabytes. */
export const GZIP_FROM_BYTES = 4 * 1024
const gzipAsync = promisify(gzip)

/** Whether the request accepts a gzip body (Accept-Encoding lists it without q=0). */
export function acceptsGzip(header: string | string[] | undefined): boolean {
  const v = Array.isArray(header) ? header.join(',') : (header ?? '')
  return v.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';')
    return (name === 'gzip' || name === '*') && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))
  })
}

const sizeOf = (e: Entry) => e.body.length + (e.gzip?.length ?? 0)

/** A bounded map of answers (least recently used first out). */
export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private readonly inflight = new Map<string, Promise<Entry | null>>()
  private bytes = 0
  private version = -1
  hits = 0
  misses = 0

  constructor(
    private readonly maxEntries = 2000,
    private readonly maxBytes = 128 * 1024 * 1024,
  ) {}

  /** Drops every entry of an older version once a newer one is seen. */
  see(version: number): void {
    if (version === this.version) return
    this.version = version
    for (const [k, e] of this.entries) if (e.version !== version) this.drop(k)
  }

  get(key: string): Entry | undefined {
    const e = this.entries.get(key)
    if (!e || e.version !== this.version) return undefined
    this.entries.delete(key)
    this.entries.set(key, e)
    return e
  }

  set(key: string, e: Entry): void {
    if (e.version !== this.version || sizeOf(e) > this.maxBytes / 8) return
    this.drop(key)
    this.entries.set(key, e)
    this.bytes += sizeOf(e)
    for (const k of this.entries.keys()) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break
      this.drop(k)
    }
  }

  /** Marks a key as being computed; returns the finisher (null: the answer was not cacheable). */
  begin(key: string): (e: Entry | null) => void {
    let done!: (e: Entry | null) => void
    this.inflight.set(
      key,
      new Promise<Entry | null>((resolve) => {
        done = resolve
      }),
    )
    return (e) => {
      this.inflight.delete(key)
      done(e)
    }
  }

  /** The answer another request of the same key is computing, if any. */
  pending(key: string): Promise<Entry | null> | undefined {
    return this.inflight.get(key)
  }

  get size(): number {
    return this.entries.size
  }

  private drop(key: string): void {
    const e = this.entries.get(key)
    if (!e) return
    this.bytes -= sizeOf(e)
    this.entries.delete(key)
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** set by the answer cache on a cacheable miss: the key and the finisher of its entry */
    answerCache?: { key: string; version: number; finish: (e: Entry | null) => void }
    /** the primary's data version as the answer cache read it for this request (the replica choice reuses it) */
    dataVersionRead?: number
  }
}

/** The entry's bytes as this client takes them: gzipped when it accepts that and the entry has it. */
function encoded(req: FastifyRequest, reply: FastifyReply, e: Entry): Buffer {
  if (!e.gzip) return e.body
  reply.header('Vary', 'Accept-Encoding')
  if (!acceptsGzip(req.headers['accept-encoding'])) return e.body
  reply.header('Content-Encoding', 'gzip')
  return e.gzip
}

/**
 * Registers the cache on the app: a hit answers in preHandler (after the token, the grants and the
 * input were checked, so a cached answer never skips a check), a miss stores the 200 JSON answer
 * in onSend. `X-Answer-Cache: hit|miss` says which (tests, bench).
 */
export function registerAnswerCache(app: FastifyInstance, db: Db, cache = new AnswerCache()): AnswerCache {
  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET') return
    const url = canonicalUrl(req.url)
    if (!isCachedPath(url.split('?', 1)[0])) return
    const version = await dataVersion(db)
    req.dataVersionRead = version
    cache.see(version)
    const key = `${todayInProductZone()}|${audienceOf(req)}|${url}`
    let hit = cache.get(key)
    const waiting = hit ? undefined : cache.pending(key)
    if (waiting) hit = (await waiting) ?? undefined
    if (hit && hit.version === version) {
      cache.hits++
      reply.header('X-Answer-Cache', 'hit').type(hit.contentType)
      return reply.send(encoded(req, reply, hit))
    }
    cache.misses++
    req.answerCache = { key, version, finish: cache.begin(key) }
    reply.header('X-Answer-Cache', 'miss')
  })
  app.addHook('onSend', async (req, reply, payload) => {
    const pending = req.answerCache
    if (!pending) return payload
    req.answerCache = undefined
    const contentType = String(reply.getHeader('content-type') ?? '')
    if (reply.statusCode === 200 && typeof payload === 'string' && contentType.startsWith('application/json')) {
      const body = Buffer.from(payload)
      const entry: Entry = { version: pending.version, body, gzip: null, contentType }
      // a failed compression only means the entry is sent as it is
      if (body.length >= GZIP_FROM_BYTES) entry.gzip = await gzipAsync(body).catch(() => null)
      cache.set(pending.key, entry)
      pending.finish(entry)
      return encoded(req, reply, entry)
    }
    pending.finish(null)
    return payload
  })
  // an answer that never reached onSend (aborted, failed before serialising) frees its waiters
  app.addHook('onResponse', async (req) => {
    req.answerCache?.finish(null)
    req.answerCache = undefined
  })
  return cache
}
