/** Issue 5 "The engine": which imagery and terrain the globe uses, one row per rule. */
import { describe, expect, it } from 'vitest'
import { globeConfigSchema, runtimeConfigSchema } from '../../../../src/domain/contracts/runtime-config'
import { globeSourcesOf, imageryChoice, imageryFailureNotice, terrainChoice } from '../../../../src/web/globe/globe-sources'
import fs from 'node:fs'

const INTERNAL = 'http://10.1.2.3/img/{z}/{x}/{y}.png'
const cfg = (isInternalNetwork: boolean, tianditu: string, internalImageryUrl: string, terrainUrl = '') => ({
  isInternalNetwork,
  tileKeys: { tianditu, gaode: '' },
  globe: { internalImageryUrl, internalImageryScheme: 'webMercator' as const, terrainUrl },
})

describe('imagery choice', () => {
  it.each([
    ['internet, no key, no internal url → offline only', cfg(false, '', ''), { kind: 'none' }],
    ['internet, Tianditu key → the Tianditu pair', cfg(false, 'k1', ''), { kind: 'tianditu', key: 'k1' }],
    [
      'internet, key and internal url → Tianditu (the internal url is for the internal network only)',
      cfg(false, 'k1', INTERNAL),
      { kind: 'tianditu', key: 'k1' },
    ],
    ['internet, internal url but no key → offline only', cfg(false, '', INTERNAL), { kind: 'none' }],
    [
      'internal network with its url → the internal imagery',
      cfg(true, '', INTERNAL),
      { kind: 'internal', url: INTERNAL, scheme: 'webMercator' },
    ],
    [
      'internal network with url and key → the internal imagery, never public tiles',
      cfg(true, 'k1', INTERNAL),
      { kind: 'internal', url: INTERNAL, scheme: 'webMercator' },
    ],
    ['internal network without url → offline only, even with a key', cfg(true, 'k1', ''), { kind: 'none' }],
    ['a key of blanks counts as none', cfg(false, '   ', ''), { kind: 'none' }],
  ])('%s', (_, c, want) => {
    expect(imageryChoice(c)).toEqual(want)
  })

  it('keeps the geographic tiling of an internal CGCS2000 service', () => {
    expect(
      imageryChoice({
        ...cfg(true, '', INTERNAL),
        globe: { internalImageryUrl: INTERNAL, internalImageryScheme: 'geographic', terrainUrl: '' },
      }),
    ).toEqual({
      kind: 'internal',
      url: INTERNAL,
      scheme: 'geographic',
    })
  })

  it('names the failing source in the fallback notice', () => {
    expect(imageryFailureNotice({ kind: 'tianditu', key: 'k' })).toBe('天地图影像加载失败，已切换为离线底图（NaturalEarthII）')
    expect(imageryFailureNotice({ kind: 'internal', url: INTERNAL, scheme: 'webMercator' })).toBe(
      '内网影像加载失败，已切换为离线底图（NaturalEarthII）',
    )
  })
})

describe('terrain choice', () => {
  it('is the ellipsoid without a url and Cesium terrain with one, on either network', () => {
    expect(terrainChoice(cfg(false, '', ''))).toEqual({ kind: 'ellipsoid' })
    expect(terrainChoice(cfg(false, '', '', 'http://10.1.2.3/terrain'))).toEqual({ kind: 'cesium', url: 'http://10.1.2.3/terrain' })
    expect(globeSourcesOf(cfg(true, '', '', '/terrain/'))).toEqual({
      imagery: { kind: 'none' },
      terrain: { kind: 'cesium', url: '/terrain/' },
    })
  })
})

describe('runtime config: globe section', () => {
  const base = JSON.parse(fs.readFileSync('config/config.json', 'utf8')) as Record<string, unknown>

  it('ships empty in config/config.json (offline NaturalEarthII + ellipsoid)', () => {
    const c = runtimeConfigSchema.parse(base)
    expect(c.globe).toEqual({ internalImageryUrl: '', internalImageryScheme: 'webMercator', terrainUrl: '' })
    expect(globeSourcesOf(c)).toEqual({ imagery: { kind: 'none' }, terrain: { kind: 'ellipsoid' } })
  })

  it('defaults when an older config file has no globe section', () => {
    const { globe: _, ...old } = base
    expect(runtimeConfigSchema.parse(old).globe.terrainUrl).toBe('')
  })

  it.each([
    [
      { internalImageryUrl: 'ftp://x/{z}/{x}/{y}' },
      'internalImageryUrl',
      '内网影像地址须为 http(s) 地址或以 / 开头的瓦片模板，含 {z}、{x}、{y}',
    ],
    [
      { internalImageryUrl: 'http://10.1.2.3/img/tile.png' },
      'internalImageryUrl',
      '内网影像地址须为 http(s) 地址或以 / 开头的瓦片模板，含 {z}、{x}、{y}',
    ],
    [{ terrainUrl: 'terrain' }, 'terrainUrl', '地形服务地址须为 http(s) 地址或以 / 开头的路径'],
    [{ internalImageryScheme: 'mercator' }, 'internalImageryScheme', null],
  ])('rejects %o, naming %s', (bad, field, message) => {
    const r = globeConfigSchema.safeParse(bad)
    expect(r.success).toBe(false)
    expect(r.error!.issues[0].path).toEqual([field])
    if (message) expect(r.error!.issues[0].message).toBe(message)
  })

  it('accepts a reverseY template and a same-origin terrain path', () => {
    expect(globeConfigSchema.parse({ internalImageryUrl: '/img/{z}/{x}/{reverseY}.jpg', terrainUrl: '/terrain' }).internalImageryUrl).toBe(
      '/img/{z}/{x}/{reverseY}.jpg',
    )
  })
})
