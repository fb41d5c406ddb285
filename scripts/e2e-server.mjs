// Starts the product for the e2e run the way `npm start` does after its build (the test command
// builds first), on a throw-away data directory that is removed afterwards. With
// E2E_IMPORT_COUNTIES=FILE it first imports county outlines the way a deployment does
// (`npm run import:boundaries -- FILE --crs wgs84 --level county`), then starts.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const dataDir = path.resolve(root, process.env.DATA_DIR)
fs.rmSync(dataDir, { recursive: true, force: true })
const counties = process.env.E2E_IMPORT_COUNTIES
if (counties) {
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/import-boundaries.ts', counties, '--crs', 'wgs84', '--level', 'county'],
    {
      cwd: root,
      stdio: 'inherit',
      env: process.env,
    },
  )
  if (r.status !== 0) process.exit(r.status ?? 1)
}
const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { cwd: root, stdio: 'inherit', env: process.env })
const stop = () => child.kill('SIGTERM')
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
child.on('exit', (code) => {
  fs.rmSync(dataDir, { recursive: true, force: true })
  process.exit(code ?? 0)
})
