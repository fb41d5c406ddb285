/**
 * Issue 5: the Cesium chunk loads only on the 3D routes — proven from the build manifest that the
 * e2e step has just produced (dist/.vite/manifest.json). No browser needed; records the sizes.
 */
import fs from 'node:fs'
import { expect, test } from '@playwright/test'

interface ManifestChunk {
  file: string
  imports?: string[]
  isDynamicEntry?: boolean
}

const manifest = JSON.parse(fs.readFileSync('dist/.vite/manifest.json', 'utf8')) as Record<string, ManifestChunk>
/** Bytes that only Cesium's code carries (its GLSL built-ins and its widget class). */
const CESIUM = /czm_|CesiumWidget/

/** The JS files a route loads up front: the chunks' static imports, transitively. */
function closure(keys: string[]): string[] {
  const seen = new Set<string>()
  const visit = (k: string) => {
    if (seen.has(k)) return
    seen.add(k)
    for (const i of manifest[k]?.imports ?? []) visit(i)
  }
  keys.forEach(visit)
  return [...seen].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'))
}

const read = (file: string) => fs.readFileSync(`dist/${file}`, 'utf8')
const bytes = (files: string[]) => files.reduce((s, f) => s + fs.statSync(`dist/${f}`).size, 0)
const LOGIN = ['index.html', 'src/web/app/start.tsx', 'src/web/features/auth/login-page.tsx']
const GLOBE_PAGES = ['src/web/features/globe/three-d-map-page.tsx', 'src/web/features/globe/lifecycle-globe-page.tsx']

test('the login route carries no Cesium bytes; both globe pages do', () => {
  const login = closure(LOGIN)
  expect(login.filter((f) => CESIUM.test(read(f)))).toEqual([])
  for (const page of GLOBE_PAGES) {
    expect(closure([page]).some((f) => CESIUM.test(read(f)))).toBe(true)
  }
  const globe = closure(GLOBE_PAGES).filter((f) => !login.includes(f))
  fs.mkdirSync('test-results', { recursive: true })
  fs.writeFileSync(
    'test-results/globe-chunks.json',
    JSON.stringify({ loginRouteBytes: bytes(login), globeOnlyBytes: bytes(globe), loginFiles: login.length }, null, 2),
  )
  expect(bytes(login)).toBeLessThan(1_500_000)
})

test('no other page (2D, admin, screens) pulls Cesium in', () => {
  const others = Object.entries(manifest).filter(([k, c]) => c.isDynamicEntry && !GLOBE_PAGES.includes(k)).map(([k]) => k)
  expect(others.length).toBeGreaterThan(3)
  const offenders = others.filter((k) => closure([k]).some((f) => CESIUM.test(read(f))))
  expect(offenders).toEqual([])
})
