/**
 * The dependency direction of docs/architecture.md "Rooms", enforced on every import:
 * domain ← server; domain ← web/core ← web/{map,globe,charts,screen,ui} ← web/features ← web/app,
 * a feature never imports another feature, and only web/map, web/globe and web/charts import
 * their engines.
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const SRC = path.resolve('src')

function* sourceFiles(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name)
    if (e.isDirectory()) yield* sourceFiles(p)
    else if (/\.(ts|tsx)$/.test(e.name)) yield p
  }
}

/** 'domain', 'server', 'web/core', 'web/features/auth' … */
function roomOf(file: string): string {
  const rel = path.relative(SRC, file).split(path.sep)
  if (rel[0] !== 'web') return rel[0]
  if (rel[1] === 'features') return `web/features/${rel[2]}`
  return rel.length > 2 ? `web/${rel[1]}` : 'web'
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(/(?:import|export)[^'"`]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1] ?? m[2])
}

const RANK: Record<string, number> = {
  domain: 0,
  'web/core': 1,
  'web/map': 2,
  'web/globe': 2,
  'web/charts': 2,
  'web/screen': 2,
  'web/ui': 2,
  'web/features': 3,
  'web/app': 4,
  web: 5,
}

/** Why an import from one room into another is not allowed, or null. */
function violation(from: string, to: string): string | null {
  if (from === to) return null
  if (from === 'domain') return 'domain imports nothing from web or server'
  if (from === 'server') return to === 'domain' ? null : 'server imports only domain'
  if (to === 'server') return 'web never imports server'
  if (from.startsWith('web/features/') && to.startsWith('web/features/')) return 'a feature never imports another feature'
  const rank = (r: string) => RANK[r.startsWith('web/features/') ? 'web/features' : r]
  if (rank(to) === undefined || rank(from) === undefined) return null
  if (rank(to) >= rank(from) && !(rank(to) === 2 && rank(from) === 2 && to === 'web/ui')) return `${from} may not import ${to}`
  return null
}

const ENGINE_OWNERS: [RegExp, string][] = [
  [/^@antv\/l7/, 'web/map'],
  [/^(cesium|resium)$/, 'web/globe'],
  [/^(echarts|echarts-gl|@antv\/g2)$/, 'web/charts'],
]

describe('architecture: dependency direction', () => {
  const problems: string[] = []
  for (const file of sourceFiles(SRC)) {
    const from = roomOf(file)
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.')) {
        const target = path.resolve(path.dirname(file), spec)
        if (!target.startsWith(SRC)) continue
        const why = violation(from, roomOf(target + '.ts'))
        if (why) problems.push(`${path.relative(SRC, file)} → ${spec}: ${why}`)
      } else {
        for (const [re, owner] of ENGINE_OWNERS) {
          if (re.test(spec) && from !== owner) problems.push(`${path.relative(SRC, file)} imports ${spec}: only ${owner} may`)
        }
      }
    }
  }
  it('has no import against the direction', () => {
    expect(problems).toEqual([])
  })
  it('knows a wrong import when it sees one', () => {
    expect(violation('domain', 'server')).toMatch(/domain/)
    expect(violation('web/core', 'web/features/auth')).toMatch(/may not/)
    expect(violation('web/features/auth', 'web/features/portal')).toMatch(/another feature/)
    expect(violation('web/app', 'web/features/auth')).toBeNull()
    expect(violation('server', 'domain')).toBeNull()
  })
})
