// The lint of `npm run lint` and `npm test`: typescript-eslint, the rules of hooks, and the rooms of
// docs/adr/0015-eslint-keeps-the-rooms.md — which room may import which, and which room alone imports
// each engine. Every import form counts: static, side-effect, type, re-export and dynamic import(),
// by any path that resolves (relative, /src/… or src/…).
import fs from 'node:fs'
import path from 'node:path'
import js from '@eslint/js'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const ROOT = import.meta.dirname
const WHY = 'docs/adr/0015-eslint-keeps-the-rooms.md'

/** Each engine and the one room that imports it; `regex` is tested against the import specifier. */
const ENGINES = [
  { room: 'src/web/map', what: '@antv/l7*', regex: '^@antv/l7' },
  { room: 'src/web/globe', what: 'cesium and resium', regex: '^(cesium|resium)(/|$)' },
  { room: 'src/web/charts', what: 'echarts* and @antv/g2*', regex: '^(echarts|@antv/g2)' },
]

/**
 * The web rooms from the bottom up. A room imports only rooms of the rows below its own and never a
 * sibling of its row; `features` is one row of one room per business area, read from the disk so a
 * new feature is kept without editing this file. `src/web/*.tsx` (main) sits above them all.
 */
const FEATURES = fs
  .readdirSync(path.join(ROOT, 'src/web/features'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `features/${e.name}`)
const WEB_ROWS = [['core'], ['ui'], ['map', 'globe', 'charts', 'screen'], ['widgets'], FEATURES, ['app']]
const WEB_MAIN = 'src/web/*.{ts,tsx}'
const ORDER = 'domain ← web/core ← web/ui ← web/{map,globe,charts,screen} ← web/widgets ← web/features/* ← web/app ← web/main'

const webZones = WEB_ROWS.flatMap((row, i) =>
  row.flatMap((room) => {
    const siblings = row.filter((r) => r !== room)
    const above = [
      ...WEB_ROWS.slice(i + 1)
        .flat()
        .map((r) => `src/web/${r}/**`),
      WEB_MAIN,
    ]
    const zones = [
      {
        target: `src/web/${room}`,
        from: above,
        message: `src/web/${room} imports only rooms below it (${ORDER}). See ${WHY}.`,
      },
    ]
    if (siblings.length)
      zones.push({
        target: `src/web/${room}`,
        from: siblings.map((r) => `src/web/${r}/**`),
        message: room.startsWith('features/')
          ? `A feature never imports another feature: move the shared piece down to src/web/widgets, ui or core. See ${WHY}.`
          : `src/web/${room} never imports its siblings (${row.join(', ')}): share through src/web/ui or core. See ${WHY}.`,
      })
    return zones
  }),
)

const roomZones = [
  {
    target: 'src/domain',
    from: ['src/web/**', 'src/server/**', 'screens/**'],
    message: `src/domain imports nothing from src/web, src/server or screens/. See ${WHY}.`,
  },
  {
    target: 'src/server',
    from: ['src/web/**', 'screens/**'],
    message: `src/server imports only src/domain, never src/web or screens/. See ${WHY}.`,
  },
  { target: 'src/web', from: ['src/server/**'], message: `src/web never imports src/server: share through src/domain. See ${WHY}.` },
  ...webZones,
]

/** `no-restricted-imports` patterns for the engines a room does not own. */
const enginePatterns = (owner) =>
  ENGINES.filter((e) => e.room !== owner).map((e) => ({
    regex: e.regex,
    message: `Only ${e.room} imports ${e.what}. See ${WHY}.`,
  }))

/** The same for dynamic import(), which no-restricted-imports does not see. */
const engineCalls = (owner) =>
  ENGINES.filter((e) => e.room !== owner).map((e) => ({
    selector: `ImportExpression[source.value=/${e.regex.replaceAll('/', '\\/')}/]`,
    message: `Only ${e.room} imports ${e.what}. See ${WHY}.`,
  }))

/** `dayjs()` is the browser's date; the product's dates are China's (src/web/core/product-today.ts). */
const BROWSER_TODAY = {
  selector: "CallExpression[callee.name='dayjs'][arguments.length=0]",
  message: "dayjs() is the browser's clock, a day off China's for part of the day elsewhere: a form's today is productToday().",
}

const engineRules = (owner) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns: enginePatterns(owner) }],
  'no-restricted-syntax': ['error', ...engineCalls(owner), BROWSER_TODAY],
})

/**
 * screens/ holds data and types: a value import names a sibling screen file or src/domain in a plain
 * path (no `..` after the first step); anything else is allowed only as `import type`.
 */
const SCREEN_VALUE_SOURCES = String.raw`\./[\w-]+|\.\./src/domain(/[\w-]+)*|/?src/domain(/[\w-]+)*`

export default tseslint.config(
  {
    ignores: ['dist/', 'data/', 'public/cesium/', 'test-results/', 'playwright-report/', '.tmp/', 'coverage/'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // the two rules of hooks; the React Compiler's diagnostics of the plugin's `recommended` are off
      // while the build has no React Compiler (docs/adr/0015-eslint-keeps-the-rooms.md)
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    rules: {
      // `_name` is the codebase's mark for a binding kept on purpose: a parameter a signature needs,
      // a field left out of a rest copy (`const { password: _p, ...safe } = row`)
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
      // `interface A extends B {}` is how a module augmentation adds B's fields to a library's type
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // the Chinese UI separates words with U+3000 in its texts on purpose
      'no-irregular-whitespace': ['error', { skipStrings: true, skipTemplates: true, skipJSXText: true, skipRegExps: true }],
      // the regexes that name control characters strip them on purpose (ANSI colours, file names)
      'no-control-regex': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'screens/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'],
          // anchored paths resolve too, so `src/web/…` and `/src/web/…` are judged like `../web/…`
          alias: { src: [path.join(ROOT, 'src')], screens: [path.join(ROOT, 'screens')] },
          roots: [ROOT],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      // one run parses each module once (the default cache expires after 30 s, mid-run)
      'import-x/cache': { lifetime: Infinity },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: roomZones }],
      ...engineRules(null),
    },
  },
  ...ENGINES.map((e) => ({ files: [`${e.room}/**/*.{ts,tsx}`], rules: engineRules(e.room) })),
  {
    files: ['screens/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            ...enginePatterns(null),
            {
              // not an engine (those are refused above, types included) and not a value source
              regex: `^(?!(${SCREEN_VALUE_SOURCES})$)(?!${ENGINES.map((e) => `(${e.regex.slice(1)})`).join('|')})`,
              allowTypeImports: true,
              message: `screens/ holds data and types only: values come from src/domain or a sibling screen file; anything else is \`import type\`. See ${WHY}.`,
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: `screens/ holds data and types only: no dynamic import(). See ${WHY}.` },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}', 'src/server/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
)
