/**
 * `npm run bench` (not part of `npm test`): medians of ≥ 5 runs, side by side, written as JSON and
 * a markdown table under test-results/bench/. Measured here: vector-tile p95 over a 500-tile set
 * on the embedded engine and (with BENCH_DATABASE_URL) on PostgreSQL, the cluster index build of
 * our layer against raw supercluster at 100 000 and 1 000 000 points, and in one Chromium
 * (browser.ts) our clustering against Leaflet.markercluster at 100 000 points, our L7 heat map
 * against leaflet.heat at 100 000 points and our L7 polygons against Leaflet's canvas L.geoJSON at
 * 100 000 parcel-sized polygons (first renders; target for the polygons: under 1.5 s); then the scale
 * bench (tests/bench/scale.ts) and a 亩均 试算 over 100 000 enterprises (tests/bench/appraisal-batch.ts).
 */
import fs from 'node:fs'
import Supercluster from 'supercluster'
import { openPgliteMemory, openPostgres, type Db } from '../../src/server/db/engine'
import { migrate } from '../../src/server/db/migrate'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { tile } from '../../src/server/modules/map/tiles'
import { CLUSTER } from '../../src/domain/map-constants'
import { COUNTY_OUTLINES } from '../fixtures/boundaries/county-outlines'
import { browserBench } from './browser'
import { scaleBench } from './scale'
import { appraisalBench } from './appraisal-batch'

const RUNS = 5
const PARCELS = Number(process.env.BENCH_PARCELS ?? 6000)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)]

const tileOf = (lng: number, lat: number, z: number) => {
  const n = 2 ** z
  const r = (lat * Math.PI) / 180
  return { z, x: Math.floor(((lng + 180) / 360) * n), y: Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n) }
}

/** 500 distinct tiles at z12–z14 that hold parcels. */
async function tileSet(db: Db) {
  const r = await db.query<{ lng: number; lat: number }>(
    'SELECT ST_X(ST_PointOnSurface(geom)) AS lng, ST_Y(ST_PointOnSurface(geom)) AS lat FROM parcel ORDER BY id',
  )
  const seen = new Map<string, { z: number; x: number; y: number }>()
  for (const z of [12, 13, 14])
    for (const p of r.rows) seen.set(`${z}/${tileOf(p.lng, p.lat, z).x}/${tileOf(p.lng, p.lat, z).y}`, tileOf(p.lng, p.lat, z))
  return [...seen.values()].slice(0, 500)
}

async function tileP95(db: Db) {
  const set = await tileSet(db)
  const runs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const times: number[] = []
    for (const t of set) {
      const t0 = performance.now()
      await tile(db, 'parcels', t.z, t.x, t.y, { scope: { kind: 'all' } })
      times.push(performance.now() - t0)
    }
    runs.push(p95(times))
  }
  return { tiles: set.length, p95: median(runs) }
}

async function seeded(db: Db) {
  await migrate(db)
  await bootstrap(db, { demo: true, parcels: PARCELS, boundaries: COUNTY_OUTLINES })
  return db
}

function clusterBuild(n: number) {
  const pts = Array.from({ length: n }, (_, i) => ({
    type: 'Feature' as const,
    properties: { id: i },
    geometry: { type: 'Point' as const, coordinates: [118 + ((i * 7919) % 5000) / 1000, 27 + ((i * 104729) % 4000) / 1000] },
  }))
  const once = (opts: object) => {
    const t0 = performance.now()
    new Supercluster(opts).load(pts)
    return performance.now() - t0
  }
  // ours: the options of src/web/map/cluster-layer.tsx (radius 80, max zoom 18, min 2 points);
  // one warm-up each, then alternating runs so that neither side gets the JIT's warm-up alone
  const oursOpts = { radius: CLUSTER.radius, maxZoom: 18, minPoints: 2 }
  const rawOpts = { radius: CLUSTER.radius, maxZoom: 18 }
  once(oursOpts)
  once(rawOpts)
  const ours: number[] = []
  const raw: number[] = []
  for (let i = 0; i < RUNS; i++) {
    ours.push(once(oursOpts))
    raw.push(once(rawOpts))
  }
  return { n, ours: median(ours), raw: median(raw) }
}

const out: Record<string, unknown> = { runs: RUNS, parcels: PARCELS, at: new Date().toISOString() }
out.cluster = [clusterBuild(100_000), clusterBuild(1_000_000)]
out.browser = await browserBench(100_000, RUNS)
const lite = await seeded(await openPgliteMemory())
out.tilesPglite = await tileP95(lite)
await lite.close()
if (process.env.BENCH_DATABASE_URL) {
  const name = `ilp_bench_${process.pid}`
  const admin = await openPostgres(process.env.BENCH_DATABASE_URL)
  await admin.exec(`CREATE DATABASE ${name}`)
  const u = new URL(process.env.BENCH_DATABASE_URL)
  u.pathname = `/${name}`
  const pg = await seeded(await openPostgres(u.toString()))
  out.tilesPostgres = await tileP95(pg)
  await pg.close()
  await admin.exec(`DROP DATABASE ${name} WITH (FORCE)`)
  await admin.close()
}
const c = out.cluster as ReturnType<typeof clusterBuild>[]
const b = out.browser as Awaited<ReturnType<typeof browserBench>>
const tl = out.tilesPglite as { tiles: number; p95: number }
const tp = out.tilesPostgres as { tiles: number; p95: number } | undefined
/** how much faster ours is than the peer (or slower, below 1) */
const faster = (ours: number, peer: number) =>
  peer >= ours ? `${(peer / ours).toFixed(2)}× faster` : `${(ours / peer).toFixed(2)}× slower`
const md = [
  '| measure | ours | peer | ratio |',
  '|---|---|---|---|',
  ...c.map(
    (r) =>
      `| cluster index build, ${r.n.toLocaleString('en-US')} points (ms) | ${r.ours.toFixed(1)} | raw supercluster ${r.raw.toFixed(1)} | ${(r.ours / r.raw).toFixed(2)}× |`,
  ),
  `| clustering 100,000 points in Chromium, index + first view (ms) | ${b.oursCluster.toFixed(1)} | Leaflet.markercluster ${b.markercluster.toFixed(1)} | ${faster(b.oursCluster, b.markercluster)} |`,
  `| heat first render, 100,000 points (ms) | ${b.oursHeat.toFixed(1)} | leaflet.heat ${b.leafletHeat.toFixed(1)} | ${faster(b.oursHeat, b.leafletHeat)} |`,
  `| first render, 100,000 parcel polygons (ms; target < 1,500) | ${b.oursPolygons.toFixed(1)} | Leaflet L.geoJSON on canvas ${b.leafletPolygons.toFixed(1)} | ${faster(b.oursPolygons, b.leafletPolygons)} |`,
  `| tile p95, ${tl.tiles} tiles z12–14, PGlite (ms) | ${tl.p95.toFixed(1)} | ${tp ? `PostgreSQL ${tp.p95.toFixed(1)}` : '—'} | ${tp ? (tl.p95 / tp.p95).toFixed(2) + '×' : '—'} |`,
].join('\n')
const spread = (k: string) => `${k}: ${b.runs[k].map((v) => Math.round(v)).join(', ')}`
const runsMd = ['', `Every browser run (ms, in order): ${Object.keys(b.runs).map(spread).join('; ')}.`].join('\n')
fs.mkdirSync('test-results/bench', { recursive: true })
fs.writeFileSync('test-results/bench/map.json', JSON.stringify(out, null, 2))
fs.writeFileSync('test-results/bench/map.md', md + '\n' + runsMd + '\n')
process.stdout.write(md + '\n' + runsMd + '\n')

// issue 20: walls, reports and exports at the demo size and at 100 000 parcels (tests/bench/scale.ts)
process.stdout.write('\n' + (await scaleBench()) + '\n')

// issue 15: a 试算 batch over 100 000 enterprises (tests/bench/appraisal-batch.ts)
process.stdout.write('\n' + (await appraisalBench()) + '\n')
