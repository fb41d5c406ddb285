/**
 * The operator's /config.json (docs/product.md §3 global application config). Validated at start so a bad
 * file stops the server with a message naming the field; re-read when the file changes so an
 * edit applies without a restart.
 */
import fs from 'node:fs'
import { runtimeConfigSchema, type RuntimeConfig } from '../domain/contracts/runtime-config'

/** Where the current config comes from. */
export interface RuntimeConfigSource {
  get(): RuntimeConfig
}

/** Reads and validates the file; throws a Chinese message naming the file and each bad field. */
export function readRuntimeConfig(file: string): RuntimeConfig {
  let raw: unknown
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'))
  } catch (err) {
    throw new Error(`运行配置文件 ${file} 无法读取或不是合法JSON：${(err as Error).message}`, { cause: err })
  }
  const r = runtimeConfigSchema.safeParse(raw)
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  - ${i.path.join('.') || '(根)'}: ${i.message}`)
    throw new Error(`运行配置文件 ${file} 有误：\n${lines.join('\n')}`)
  }
  return r.data
}

/** A source that re-reads the file when its mtime changes; a broken edit keeps the last good config. */
export function fileConfigSource(file: string, onError: (err: Error) => void = () => {}): RuntimeConfigSource {
  let current = readRuntimeConfig(file)
  let mtime = fs.statSync(file).mtimeMs
  return {
    get() {
      try {
        const m = fs.statSync(file).mtimeMs
        if (m !== mtime) {
          mtime = m
          current = readRuntimeConfig(file)
        }
      } catch (err) {
        onError(err as Error)
      }
      return current
    },
  }
}

/** A fixed config (tests). */
export function staticConfigSource(config: RuntimeConfig): RuntimeConfigSource {
  return { get: () => config }
}
