/**
 * Links from the route table: the target page at the entry point the user stands in, default
 * children followed, the query carried, nothing when the table has no such page or the user may
 * not open it.
 */
import { describe, expect, it } from 'vitest'
import { TWO_D_MAPS } from '../../../../src/web/features/globe/use-map-href'
import { openableLink, pagePath, routeLink, withQuery, type LinkQuery } from '../../../../src/web/widgets/route-links'

const PATHS: [string, string, string | undefined, string | undefined][] = [
  ['a profile beside the other, under /systems', '/system/IndustryMap/Yddw', '/systems/IndustryMap/Dkxx', '/systems/IndustryMap/Yddw'],
  ['a profile from the 3D map', '/system/IndustryMap/Dkxx', '/system/3DMap', '/system/IndustryMap/Dkxx'],
  ['数据处理 beside 数据采集 stays in 数据仓库', '/system/data/center/sjcl', '/warehouse/data/center/sjcj', '/warehouse/data/center/sjcl'],
  ['an entry point without the page gives the page’s own', '/system/audit/gyyd', '/warehouse/data/center/input', '/system/audit/gyyd'],
  ['from another section', '/system/decision/zbqy', '/landLifeCycle/allLifeCycle', '/system/decision/zbqy'],
  ['without a place to stand', '/system/decision/zbqs', undefined, '/system/decision/zbqs'],
  ['a menu opens on its default child', '/system/IndustryMap', '/systems/decision/qyzb', '/systems/IndustryMap/Dkxx'],
  ['/systems opens /system/IndustryMap/Dkxx (docs/product.md §2)', '/systems', undefined, '/system/IndustryMap/Dkxx'],
  ['a page the table does not have', '/system/nowhere', '/system/core', undefined],
]

describe('pagePath', () => {
  it.each(PATHS)('%s', (_, target, from, path) => {
    expect(pagePath(target, from)).toBe(path)
  })
})

const LINKS: [string, string, LinkQuery | undefined, string | undefined][] = [
  ['the globe’s parcel: Dkxx opens the parcel of ?id=', '/system/IndustryMap/Dkxx', { id: 42 }, '/system/IndustryMap/Dkxx?id=42'],
  [
    'absent and empty values are left out',
    '/system/function/monitor/Qymonitor',
    { industry: 'C34', year: 2025, regionCode: undefined, keyword: '', id: null },
    '/system/function/monitor/Qymonitor?industry=C34&year=2025',
  ],
  ['no query, no question mark', '/system/core', {}, '/system/core'],
  ['no link to nowhere', '/system/nowhere', { id: 1 }, undefined],
]

describe('routeLink', () => {
  it.each(LINKS)('%s', (_, target, query, href) => {
    expect(routeLink(target, query)).toBe(href)
  })
  it('encodes values', () => {
    expect(withQuery('/system/decision/zbqy', { keyword: '杭州&湖州' })).toBe(
      '/system/decision/zbqy?keyword=%E6%9D%AD%E5%B7%9E%26%E6%B9%96%E5%B7%9E',
    )
  })
})

describe('openableLink', () => {
  const only =
    (...paths: string[]) =>
    (p: string) =>
      paths.includes(p)
  it('offers a page only to those who may open it, checked on the page finally shown', () => {
    expect(openableLink('/system/IndustryMap', { id: 7 }, '/system/3DMap', only('/system/IndustryMap/Dkxx'))).toBe(
      '/system/IndustryMap/Dkxx?id=7',
    )
    expect(openableLink('/system/IndustryMap', { id: 7 }, '/system/3DMap', only('/system/IndustryMap'))).toBeUndefined()
    expect(openableLink('/system/decision/zbqy', {}, '/systems/decision/qyzb', only('/system/decision/zbqy'))).toBeUndefined()
  })
  it('gives the globe’s no-WebGL notice 资源云图, else 产业地图, else nothing', () => {
    const first = (may: (p: string) => boolean) => TWO_D_MAPS.map((t) => openableLink(t, undefined, '/system/3DMap', may)).find(Boolean)
    expect(first(() => true)).toBe('/system/core')
    expect(first(only('/system/IndustryMap/Dkxx'))).toBe('/system/IndustryMap/Dkxx')
    expect(first(() => false)).toBeUndefined()
  })
})
