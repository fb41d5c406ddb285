/**
 * Headers every answer carries (issue 18 finding 10): a Content-Security-Policy that runs only the app's
 * own script files (no inline script: the built index.html loads one module file), no framing by other
 * sites, no content-type sniffing, and no full URL in the Referer sent elsewhere.
 *
 * Styles may be inline (antd and styled-components write <style> elements at run time); images and
 * tiles may come from the configured map services (any http/https origin the map configuration names);
 * the globe runs its decoders in workers and WebAssembly. 'unsafe-eval' is there for the 3D engine
 * alone: Cesium's viewer widgets bind their controls with Knockout, which compiles each binding
 * with `new Function` (without it /system/3DMap and the lifecycle globe do not start). Script
 * files still come only from the app's origin, and no inline script runs.
 */
import type { FastifyInstance } from 'fastify'

/** The policy, one directive a line. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self' http: https:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The headers, as sent. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}

/**
 * Adds the headers to every answer: the API, the web app and its files, the errors. A header a
 * route set itself stays (a downloaded file's stricter `default-src 'none'; sandbox`).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value)
  })
}
