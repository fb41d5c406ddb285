// Builds the web app when its sources changed since the last build, so that a second
// `npm start` does not pay for a rebuild (foundation: second start ready in under 10 s).
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const inputs = ['src/web', 'src/domain', 'screens', 'public', 'index.html', 'vite.config.ts', 'package-lock.json']
const stampFile = path.join(root, 'dist', '.build-stamp')

function* files(p) {
  const full = path.join(root, p)
  if (!fs.existsSync(full)) return
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) yield* files(path.join(p, name))
  } else yield p
}

const hash = createHash('sha256')
for (const input of inputs) {
  for (const f of files(input)) {
    const st = fs.statSync(path.join(root, f))
    hash.update(`${f}:${st.size}:${st.mtimeMs}\n`)
  }
}
const stamp = hash.digest('hex')
const current = fs.existsSync(stampFile) ? fs.readFileSync(stampFile, 'utf8') : ''
if (current === stamp && fs.existsSync(path.join(root, 'dist', 'index.html')) && !process.argv.includes('--force')) {
  console.log('网页已是最新构建，跳过构建')
} else {
  console.log('正在构建网页 …')
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  })
  fs.writeFileSync(stampFile, stamp)
}
