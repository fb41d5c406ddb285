/** Runtime config (docs/product.md §3 global config): fetched once from /config.json, validated, then synchronous. */
import fs from 'node:fs'
import { describe, expect, it, vi } from 'vitest'

const GOOD = JSON.parse(fs.readFileSync('config/config.json', 'utf8'))
const respond = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status })

async function fresh() {
  vi.resetModules()
  return import('../../../../src/web/core/runtime-config')
}

describe('runtime config', () => {
  it('loads /config.json once and then reads it synchronously', async () => {
    const m = await fresh()
    expect(() => m.getRuntimeConfig()).toThrow('运行配置尚未加载')
    const fetchImpl = vi.fn(async () => respond(GOOD))
    const config = await m.loadRuntimeConfig(fetchImpl)
    await m.loadRuntimeConfig(fetchImpl)
    expect(fetchImpl).toHaveBeenCalledTimes(1)
    expect(fetchImpl).toHaveBeenCalledWith('/config.json', { cache: 'no-store' })
    expect(config.tokenKey).toBe('Authorization')
    expect(m.getRuntimeConfig()).toBe(config)
  })

  it('names each bad field in Chinese', async () => {
    const m = await fresh()
    const err = await m.loadRuntimeConfig(async () => respond({ ...GOOD, tokenKey: '', portalHost: 1 })).catch((e: Error) => e)
    expect(err).toBeInstanceOf(m.RuntimeConfigError)
    expect((err as Error).message).toMatch(/^运行配置 \/config\.json 有误：/)
    expect((err as Error).message).toContain('tokenKey：')
    expect((err as Error).message).toContain('portalHost：')
  })

  it('offers no community styles unless listed; names a bad or repeated one', async () => {
    const m = await fresh()
    const { geoqStyles: _none, ...withoutStyles } = GOOD
    expect(m.parseRuntimeConfig(withoutStyles).geoqStyles).toEqual([])
    expect(m.parseRuntimeConfig({ ...GOOD, geoqStyles: ['colour', 'cold'] }).geoqStyles).toEqual(['colour', 'cold'])
    expect(() => m.parseRuntimeConfig({ ...GOOD, geoqStyles: ['sepia'] })).toThrow(
      /geoqStyles\.0：社区底图样式应为 colour、purple-blue、grey、warm、cold 之一/,
    )
    expect(() => m.parseRuntimeConfig({ ...GOOD, geoqStyles: ['grey', 'grey'] })).toThrow(/geoqStyles：社区底图样式不能重复/)
  })

  it('says when the file cannot be fetched or is not JSON', async () => {
    const m = await fresh()
    await expect(m.loadRuntimeConfig(async () => respond({}, 404))).rejects.toThrow('无法获取运行配置 /config.json：HTTP 404')
    await expect(m.loadRuntimeConfig(async () => new Response('<html>', { status: 200 }))).rejects.toThrow(
      '运行配置 /config.json 不是合法的 JSON',
    )
    await expect(
      m.loadRuntimeConfig(async () => {
        throw new TypeError('Failed to fetch')
      }),
    ).rejects.toThrow('无法获取运行配置 /config.json：Failed to fetch')
  })
})
