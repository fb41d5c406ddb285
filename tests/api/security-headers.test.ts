/**
 * Security headers (issue 18 finding 10): every answer — an API read, a refusal, an unknown route, the
 * public sign-in calls — carries a Content-Security-Policy without inline scripts and without framing,
 * nosniff, X-Frame-Options and a referrer policy; and the web app's index.html loads its code from files
 * only, so that policy can hold.
 */
import fs from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer, type TestServer } from './harness'

let s: TestServer
let token = ''
beforeAll(async () => {
  s = await startServer()
  token = await s.login('admin', 'Admin@2026')
})
afterAll(() => s?.close())

async function headersOf(path: string, auth = true): Promise<Headers> {
  return (await fetch(s.base + path, { headers: auth ? { Authorization: `Bearer ${token}` } : {} })).headers
}

describe('security headers', () => {
  it('are on every kind of answer', async () => {
    for (const [path, auth] of [
      ['/api/user/current', true],
      ['/api/user/getSalt?username=admin', false],
      ['/api/user/query', false],
      ['/api/no/such/thing', true],
      ['/api/role/query/one?id=0', true],
    ] as const) {
      const h = await headersOf(path, auth)
      const csp = h.get('content-security-policy') ?? ''
      expect(csp, path).toContain("default-src 'self'")
      expect(csp, path).toContain("frame-ancestors 'none'")
      expect(csp, path).toContain("object-src 'none'")
      // scripts only from the app's own files: no inline script (eval only for the 3D engine's widget bindings)
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? ''
      expect(scriptSrc.trim(), path).toBe("script-src 'self' 'unsafe-eval' 'wasm-unsafe-eval'")
      expect(scriptSrc, path).not.toContain('unsafe-inline')
      expect(h.get('x-content-type-options'), path).toBe('nosniff')
      expect(h.get('x-frame-options'), path).toBe('DENY')
      expect(h.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
    }
  })

  it('the index.html of the app (source and, when built, dist) has no inline script', () => {
    for (const file of ['index.html', 'dist/index.html'].filter((f) => fs.existsSync(f))) {
      const scripts = [...fs.readFileSync(file, 'utf8').matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      expect(scripts.length, file).toBeGreaterThan(0)
      for (const [, attrs, body] of scripts) {
        expect(attrs, file).toMatch(/\bsrc=/)
        expect(body.trim(), file).toBe('')
      }
    }
  })
})
