/**
 * Issue 5: the Cesium chunk loads only on the 3D routes — proven from the build manifest that the
 * e2e step has just produced (dist/.vite/manifest.json). No browser needed; records the sizes. And
 * Cesium's static files (Assets, Workers, Widgets) are served at /cesium/ from the build output
 * (docs/adr/0005-cesium-static-files.md).
 */
import { execFileSync } from 'node:child_process'
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
  // the benchmark's comparison paths stay out of what the pages load
  expect(globe).not.toContain(manifest['src/web/globe/reference-paths.ts'].file)
  fs.mkdirSync('test-results', { recursive: true })
  fs.writeFileSync(
    'test-results/globe-chunks.json',
    JSON.stringify({ loginRouteBytes: bytes(login), globeOnlyBytes: bytes(globe), loginFiles: login.length }, null, 2),
  )
  expect(bytes(login)).toBeLessThan(1_500_000)
})

/** The benchmark's comparison paths: a chunk of the globe room that no page loads (GlobeEngine.referencePaths). */
const GLOBE_BENCH = 'src/web/globe/reference-paths.ts'

test('no other page (2D, admin, screens) pulls Cesium in', () => {
  const others = Object.entries(manifest)
    .filter(([k, c]) => c.isDynamicEntry && !GLOBE_PAGES.includes(k) && k !== GLOBE_BENCH)
    .map(([k]) => k)
  expect(others.length).toBeGreaterThan(3)
  const offenders = others.filter((k) => closure([k]).some((f) => CESIUM.test(read(f))))
  expect(offenders).toEqual([])
})

test('the server serves Cesium’s static files from the build output (/cesium/…), none of them committed', async ({ request }) => {
  // imagery of the offline globe: the tile map description and a level-0 tile
  const tms = await request.get('/cesium/Assets/Textures/NaturalEarthII/tilemapresource.xml')
  expect(tms.status()).toBe(200)
  expect(await tms.text()).toContain('<TileMap')
  const tile = await request.get('/cesium/Assets/Textures/NaturalEarthII/0/0/0.jpg')
  expect(tile.status()).toBe(200)
  expect(tile.headers()['content-type']).toBe('image/jpeg')
  expect((await tile.body()).subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  // the height table Cesium reads before the first frame
  const heights = await request.get('/cesium/Assets/approximateTerrainHeights.json')
  expect(heights.status()).toBe(200)
  expect(Object.keys((await heights.json()) as object).length).toBeGreaterThan(100)
  // a geometry worker and its shared chunks (every worker of the build, checked by name)
  const workers = fs.readdirSync('dist/cesium/Workers').filter((f) => f.endsWith('.js'))
  expect(workers).toContain('createPolygonGeometry.js')
  const worker = await request.get('/cesium/Workers/createPolygonGeometry.js')
  expect(worker.status()).toBe(200)
  expect(worker.headers()['content-type']).toMatch(/javascript/)
  expect(await worker.text()).toMatch(/^import|^\/\*|^var|^function/)
  expect((await request.get('/cesium/Widgets/widgets.css')).status()).toBe(200)
  expect((await request.get('/cesium/Workers/no-such-worker.js')).status()).toBe(404)
  // produced by the build, never in the repository
  expect(execFileSync('git', ['ls-files', 'dist', 'public/cesium'], { encoding: 'utf8' })).toBe('')
})
