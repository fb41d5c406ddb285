/**
 * The rooms of docs/adr/0015-eslint-keeps-the-rooms.md bite: probe snippets are linted with the
 * project's eslint.config.js as if they sat at a path in the repository, and each wrong import is
 * refused by the rule meant for it, whatever its form (side-effect, dynamic, type, relative, anchored).
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ESLint } from 'eslint'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
const eslint = new ESLint({ cwd: ROOT })

/** The rule ids and messages ESLint reports for `code` placed at `file` (relative to the repository). */
async function lint(file: string, code: string): Promise<{ ruleId: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) })
  return result.messages.map((m) => ({ ruleId: m.ruleId, message: m.message }))
}

/** A module of a room as an import path without extension, relative to the repository: the probes import real files. */
function someModule(dir: string): string {
  const found = fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .sort()[0]
  if (!found) throw new Error(`no module in ${dir}`)
  return `${dir}/${found.replace(/\.tsx?$/, '')}`.split(path.sep).join('/')
}

/** The import path of `target` (relative to the repository) from a file at `from`. */
function relative(from: string, target: string): string {
  const p = path.posix.relative(path.posix.dirname(from), target)
  return p.startsWith('.') ? p : `./${p}`
}

const FEATURES = fs
  .readdirSync(path.join(ROOT, 'src/web/features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort()
const [A, B] = FEATURES
const PROBE = `src/web/features/${A}/lint-probe.ts`
const rules = (messages: { ruleId: string | null }[]) => messages.map((m) => m.ruleId)

describe('lint: the engines stay in their rooms', () => {
  it('refuses a side-effect import of echarts/core in a feature', async () => {
    const messages = await lint(PROBE, "import 'echarts/core'\n")
    expect(rules(messages)).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(messages[0].message).toMatch(/Only src\/web\/charts imports echarts/)
  })

  it('refuses type imports, re-exports and dynamic import() of an engine outside its room', async () => {
    const messages = await lint(
      PROBE,
      "import type { Viewer } from 'cesium'\nexport { Scene } from '@antv/l7'\nexport const load = () => import('@antv/g2')\nexport type V = Viewer\n",
    )
    expect(rules(messages)).toEqual([
      '@typescript-eslint/no-restricted-imports',
      '@typescript-eslint/no-restricted-imports',
      'no-restricted-syntax',
    ])
    expect(messages.map((m) => /Only src\/web\/\w+ imports [^.]+/.exec(m.message)?.[0])).toEqual([
      'Only src/web/globe imports cesium and resium',
      'Only src/web/map imports @antv/l7*',
      'Only src/web/charts imports echarts* and @antv/g2*',
    ])
  })

  it('lets the owner import its engine', async () => {
    expect(
      await lint('src/web/charts/lint-probe.ts', "import 'echarts/core'\nimport * as echarts from 'echarts'\nexport const e = echarts\n"),
    ).toEqual([])
    expect(
      await lint(
        'src/web/globe/lint-probe.ts',
        "import { Viewer } from 'resium'\nexport const load = () => import('cesium')\nexport const v = Viewer\n",
      ),
    ).toEqual([])
  })
})

describe('lint: imports point down', () => {
  const other = someModule(`src/web/features/${B}`)

  it('refuses a feature importing another feature, by a relative or an anchored path', async () => {
    for (const spec of [relative(PROBE, other), other, `/${other}`]) {
      const messages = await lint(PROBE, `import '${spec}'\n`)
      expect(rules(messages), spec).toEqual(['import-x/no-restricted-paths'])
      expect(messages[0].message).toMatch(/A feature never imports another feature/)
    }
  })

  it('refuses core importing a feature, and widgets importing a feature', async () => {
    for (const file of ['src/web/core/lint-probe.ts', 'src/web/widgets/lint-probe.ts']) {
      const messages = await lint(file, `export { } from '${relative(file, other)}'\n`)
      expect(rules(messages), file).toEqual(['import-x/no-restricted-paths'])
      expect(messages[0].message).toMatch(/^Unexpected path .* src\/web\/(core|widgets) imports only rooms below it/)
    }
  })

  it('refuses domain importing server, and server importing web', async () => {
    const server = someModule('src/server/http')
    const domain = await lint(
      'src/domain/lint-probe.ts',
      `import type { X } from '${relative('src/domain/lint-probe.ts', server)}'\nexport type Y = X\n`,
    )
    expect(rules(domain)).toEqual(['import-x/no-restricted-paths'])
    expect(domain[0].message).toMatch(/src\/domain imports nothing from src\/web, src\/server or screens/)

    const web = someModule('src/web/core')
    const fromServer = await lint(
      'src/server/lint-probe.ts',
      `export const load = () => import('${relative('src/server/lint-probe.ts', web)}')\n`,
    )
    expect(rules(fromServer)).toEqual(['import-x/no-restricted-paths'])
    expect(fromServer[0].message).toMatch(/src\/server imports only src\/domain/)
  })

  it('lets a feature import the rooms below it', async () => {
    // a room not made yet has nothing to import
    const below = ['src/domain', 'src/web/core', 'src/web/ui', 'src/web/map', 'src/web/charts', 'src/web/widgets']
      .filter((room) => fs.existsSync(path.join(ROOT, room)))
      .map(someModule)
    const code =
      below.map((m, i) => `import * as m${i} from '${relative(PROBE, m)}'\n`).join('') +
      `export const all = [${below.map((_, i) => `m${i}`).join(', ')}]\n`
    expect(await lint(PROBE, code)).toEqual([])
  })
})

describe('lint: screens/ hold data and types', () => {
  it('refuses a value import of web code in a screen', async () => {
    const web = someModule('src/web/screen')
    const messages = await lint('screens/x.ts', `import * as w from '${relative('screens/x.ts', web)}'\nexport const x = w\n`)
    expect(rules(messages)).toEqual(['@typescript-eslint/no-restricted-imports'])
    expect(messages[0].message).toMatch(/screens\/ holds data and types only/)
  })

  it('refuses an engine even as a type, and any dynamic import()', async () => {
    const messages = await lint(
      'screens/x.ts',
      "import type { EChartsOption } from 'echarts'\nexport type O = EChartsOption\nexport const d = () => import('./parts')\n",
    )
    expect(rules(messages)).toEqual(['@typescript-eslint/no-restricted-imports', 'no-restricted-syntax'])
  })

  it('lets a screen import types from web, and values from domain and its siblings', async () => {
    const web = someModule('src/web/screen')
    const domain = someModule('src/domain/figures')
    const code = `import type * as W from '${relative('screens/x.ts', web)}'\nimport * as d from '${relative('screens/x.ts', domain)}'\nimport * as p from './parts'\nexport const x: [typeof W | null, unknown, unknown] = [null, d, p]\n`
    expect(await lint('screens/x.ts', code)).toEqual([])
  })
})

describe('lint: no import cycles', () => {
  // two modules that import each other, in a scratch copy of the web room outside the repository
  let dir = ''
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-cycle-'))
    fs.mkdirSync(path.join(dir, 'src/web/core'), { recursive: true })
    fs.writeFileSync(path.join(dir, 'src/web/core/a.ts'), "import { b } from './b'\nexport const a = () => b\n")
    fs.writeFileSync(path.join(dir, 'src/web/core/b.ts'), "import { a } from './a'\nexport const b = () => a\n")
  })
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

  it('refuses two web modules that import each other', async () => {
    const scratch = new ESLint({ cwd: dir, overrideConfigFile: path.join(ROOT, 'eslint.config.js') })
    const [result] = await scratch.lintFiles(['src/web/core/a.ts'])
    expect(result.messages.map((m) => m.ruleId)).toEqual(['import-x/no-cycle'])
  })
})

describe("lint: a form's today is the product's", () => {
  it("refuses dayjs() (the browser's clock) in a feature and in a room that owns an engine, not productToday() nor a given date", async () => {
    const bad = "import dayjs from 'dayjs'\nexport const d = dayjs()\n"
    for (const file of [PROBE, 'src/web/charts/lint-probe.ts']) {
      const messages = await lint(file, bad)
      expect(rules(messages)).toEqual(['no-restricted-syntax'])
      expect(messages[0].message).toMatch(/productToday\(\)/)
    }
    const good =
      "import dayjs from 'dayjs'\nimport { productToday } from '../../core/product-today'\nexport const d = [productToday(), dayjs('2026-01-01'), dayjs(Date.now())]\n"
    expect(await lint(PROBE, good)).toEqual([])
  })
})
