// `npm test`: every test — types, unit, API on the embedded engine, API on PostgreSQL + PostGIS
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

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`)
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  if (r.status !== 0) failedSteps.push(name)
  return r.status === 0
}

function vitest(name, project, env = {}) {
  const report = path.join(out, `vitest-${name}.json`)
  fs.rmSync(report, { force: true })
  run(name, process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${report}`], env)
  if (fs.existsSync(report)) {
    const j = JSON.parse(fs.readFileSync(report, 'utf8'))
    totals.passed += j.numPassedTests
    totals.failed += j.numFailedTests
    totals.skipped += j.numPendingTests + (j.numTodoTests ?? 0)
  }
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
      const s = JSON.parse(fs.readFileSync(report, 'utf8')).stats
      totals.passed += s.expected
      totals.failed += s.unexpected + s.flaky
      totals.skipped += s.skipped
    }
  }
}

console.log(`\n${failedSteps.length ? `失败的步骤：${failedSteps.join(', ')}` : '全部步骤通过'}`)
if (failedSteps.length && totals.failed === 0) totals.failed = failedSteps.length
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`)
process.exit(failedSteps.length ? 1 : 0)
