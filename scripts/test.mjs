// `npm test`: every test — lint, types, unit, API on the embedded engine, API on PostgreSQL + PostGIS
// (when TEST_DATABASE_URL is set; required under CI), and e2e in Chromium against the built app.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'test-results')
fs.mkdirSync(out, { recursive: true })
const only = process.argv.slice(2) // e.g. `npm test -- unit api`
const want = (step) => only.length === 0 || only.includes(step)
const totals = { passed: 0, failed: 0, skipped: 0 }
const failedSteps = []
/** `step › file › test: first line of the failure`, repeated at the end where a log's tail shows it */
const failedTests = []
const firstLine = (text = '') =>
  text
    .replace(/\x1b\[[0-9;]*m/g, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300)

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) failedSteps.push(name)
  return r.status === 0
}

function vitest(name, project, env = {}) {
  const report = path.join(out, `vitest-${name}.json`)
  fs.rmSync(report, { force: true })
  run(
    name,
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${report}`],
    env,
  )
  if (fs.existsSync(report)) {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'))
    totals.passed += j.numPassedTests
    totals.failed += j.numFailedTests
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0)
    for (const file of j.testResults) {
      const where = path.relative(root, file.name)
      for (const t of file.assertionResults)
        if (t.status === 'failed') failedTests.push(`${name} › ${where} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`)
      if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
        failedTests.push(`${name} › ${where}: ${firstLine(file.message)}`)
    }
  }
}

// lint: ESLint keeps the rooms, the rules of hooks and typescript-eslint's rules (docs/adr/0015-eslint-keeps-the-rooms.md);
// Prettier checks the code style (`npm run format` writes it).
if (want('lint')) {
  run('lint', process.execPath, ['node_modules/eslint/bin/eslint.js', '--max-warnings', '0', '.'])
  run('format', process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.'])
}
if (want('types')) run('types', process.execPath, ['node_modules/typescript/bin/tsc', '--noEmit', '-p', '.'])
if (want('unit')) vitest('unit', 'unit')
if (want('api')) vitest('api-pglite', 'api', { TEST_DATABASE_URL: '' })
if (want('api')) {
  const url = process.env.TEST_DATABASE_URL
  if (url) vitest('api-postgres', 'api', { TEST_DATABASE_URL: url })
  else if (process.env.CI) {
    console.error('CI 中必须设置 TEST_DATABASE_URL（PostgreSQL + PostGIS），API 测试要在两种数据库上运行')
    failedSteps.push('api-postgres')
  } else console.log('\n未设置 TEST_DATABASE_URL：跳过 PostgreSQL 上的 API 测试')
}
if (want('e2e')) {
  if (run('build', process.execPath, ['scripts/build-web.mjs'])) {
    const report = path.join(out, 'playwright.json')
    fs.rmSync(report, { force: true })
    run('e2e', process.execPath, ['node_modules/@playwright/test/cli.js', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: report })
    if (fs.existsSync(report)) {
      const j = JSON.parse(fs.readFileSync(report, 'utf8'))
      const s = j.stats
      totals.passed += s.expected
      totals.failed += s.unexpected + s.flaky
      totals.skipped += s.skipped
      const walk = (suite, outer) => {
        const titles = suite.title && !/\.tsx?$/.test(suite.title) ? [...outer, suite.title] : outer
        for (const spec of suite.specs ?? [])
          for (const t of spec.tests)
            if (t.status === 'unexpected' || t.status === 'flaky')
              failedTests.push(
                `e2e › ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')} (${t.status}): ${firstLine(t.results.at(-1)?.error?.message)}`,
              )
        for (const child of suite.suites ?? []) walk(child, titles)
      }
      for (const suite of j.suites) walk(suite, [])
    }
  }
}

if (failedTests.length) console.log(`\n失败的测试：\n${failedTests.map((t) => `  ${t}`).join('\n')}`)
console.log(`\n${failedSteps.length ? `失败的步骤：${failedSteps.join(', ')}` : '全部步骤通过'}`)
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
