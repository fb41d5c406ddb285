/**
 * docs/product.md §5: /show opens without a token only from the one internal portal host, so the portal's
 * public reads answer there and nowhere else. Where the portal is comes from the server's own settings
 * (issue 18 finding 10), never from the request alone: `PORTAL_ORIGIN` is the address the portal is
 * served at (the request must name its host, and its port when the origin gives one) and
 * `PORTAL_PEERS` the machines the portal's requests arrive from (the portal host or its proxy), checked
 * on the connection's own peer address — a Host or X-Forwarded-For header anyone can set opens nothing.
 */
import type { FastifyRequest } from 'fastify'
import { forbidden } from '../http/errors'

/** Where the portal is, as the server's settings say. */
export interface PortalSite {
  /** host name of PORTAL_ORIGIN, lower case */
  host: string
  /** its port when the origin names one; null: any port */
  port: string | null
  /** peer addresses the portal's requests may come from */
  peers: ReadonlySet<string>
}

/** The loopback addresses: the embedded demo's portal host is the machine itself. */
const LOOPBACK = ['127.0.0.1', '::1']

/** Reads PORTAL_ORIGIN (an http(s) origin) and PORTAL_PEERS (`loopback` or addresses separated by commas). */
export function portalSite(origin: string, peers: string): PortalSite {
  const url = new URL(origin)
  const list = peers
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .flatMap((p) => (p === 'loopback' ? LOOPBACK : [p]))
  return { host: url.hostname.toLowerCase(), port: url.port || null, peers: new Set(list) }
}

/** A peer address without the IPv4-in-IPv6 prefix (::ffff:10.0.0.1 → 10.0.0.1). */
function plainAddress(address: string | undefined): string {
  return (address ?? '').toLowerCase().replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '')
}

/** Whether a request came to the portal: its Host names the portal's origin and its connection comes from a portal peer. */
export function isPortalRequest(site: PortalSite, hostHeader: string | undefined, peerAddress: string | undefined): boolean {
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec((hostHeader ?? '').trim().toLowerCase())
  if (!m || m[1] !== site.host) return false
  if (site.port && (m[2] ?? '') !== site.port) return false
  return site.peers.has(plainAddress(peerAddress))
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the reform portal is (PORTAL_ORIGIN, PORTAL_PEERS). */
    portal: PortalSite
  }
}

/** Throws 403 unless the request came to the configured portal (its origin, from one of its peers). */
export function assertPortalRequest(request: FastifyRequest): void {
  if (!isPortalRequest(request.server.portal, request.headers.host, request.socket.remoteAddress)) {
    throw forbidden('改革门户数据仅限门户主机访问')
  }
}
