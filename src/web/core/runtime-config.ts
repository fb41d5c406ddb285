/**
 * The runtime configuration (docs/product.md §3 "Global application config"; docs/architecture.md "Runtime
 * configuration"): fetched once from /config.json at start, validated, then read synchronously.
 */
import { runtimeConfigSchema, type RuntimeConfig } from '../../domain/contracts/runtime-config'

/** Where the operator's config is served. */
export const CONFIG_URL = '/config.json'

let loaded: RuntimeConfig | null = null

/** Why the config could not be used; the message is Chinese and names each bad field. */
export class RuntimeConfigError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RuntimeConfigError'
  }
}

/** Validates raw JSON against the schema; throws a {@link RuntimeConfigError} naming each bad field. */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  const r = runtimeConfigSchema.safeParse(raw)
  if (!r.success) {
    const lines = r.error.issues.map((i) => `${i.path.join('.') || '(根)'}：${i.message}`)
    throw new RuntimeConfigError(`运行配置 ${CONFIG_URL} 有误：\n${lines.join('\n')}`)
  }
  return r.data
}

/** Fetches and validates /config.json once; later calls return the same config. */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (loaded) return loaded
  let response: Response
  try {
    response = await fetchImpl(CONFIG_URL, { cache: 'no-store' })
  } catch (err) {
    throw new RuntimeConfigError(`无法获取运行配置 ${CONFIG_URL}：${(err as Error).message}`)
  }
  if (!response.ok) throw new RuntimeConfigError(`无法获取运行配置 ${CONFIG_URL}：HTTP ${response.status}`)
  let raw: unknown
  try {
    raw = await response.json()
  } catch {
    throw new RuntimeConfigError(`运行配置 ${CONFIG_URL} 不是合法的 JSON`)
  }
  loaded = parseRuntimeConfig(raw)
  return loaded
}

/** Sets the config directly (tests, or a host that embeds it). */
export function setRuntimeConfig(config: RuntimeConfig): void {
  loaded = config
}

/** The loaded config; throws before {@link loadRuntimeConfig} has finished. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) throw new RuntimeConfigError('运行配置尚未加载')
  return loaded
}
