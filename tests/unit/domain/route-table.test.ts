/** docs/product.md §2, line by line: every route exists with its default child (foundation point 5). */
import { describe, expect, it } from 'vitest'
import { ROUTES, findRoute, resolveRedirects } from '../../../src/domain/route-table'

const DATA_CENTER = ['sjgf', 'sjcj', 'sjcl', 'input', 'gyydInput', 'yddwInput', 'foundGyyd', 'foundYddw']
const SYSTEM_CHILDREN = [
  'core',
  'stock',
  'statisticalReport',
  ...['area', 'industry', 'yddw', 'gyyd', 'dxyd'].map((c) => `statisticalReport/${c}`),
  'IndustryMap',
  ...['Dkxx', 'Yddw', 'LandGroup', 'CompanyGroup'].map((c) => `IndustryMap/${c}`),
  'decision',
  ...['qyzb', 'zbhy', 'zbqy', 'zbqs'].map((c) => `decision/${c}`),
  'function/monitor',
  'function/monitor/Qymonitor',
  'function/monitor/Hymonitor',
  'data/center',
  ...DATA_CENTER.map((c) => `data/center/${c}`),
  'audit',
  'audit/gyyd',
  'audit/yddw',
  '3DMap',
]

/** [path, default child path or null] — one row per route the spec names. */
const SPEC_ROUTES: [string, string | null][] = [
  ['/', null],
  ['/login', null],
  ['/main', null],
  ['/show', null],
  ['/visual', null],
  ['/visualLogin', null],
  ['/h5', null],
  ['/lock', null],
  ['/403', null],
  ['/404', null],
  ['/system', '/system/core'],
  ['/systems', '/system/IndustryMap/Dkxx'],
  ...['system', 'systems'].flatMap((top) => SYSTEM_CHILDREN.map((c) => [`/${top}/${c}`, null] as [string, null])),
  ['/warehouse', '/warehouse/data/center/input'],
  ['/warehouse/data/center', '/warehouse/data/center/input'],
  ...DATA_CENTER.map((c) => [`/warehouse/data/center/${c}`, null] as [string, null]),
  ['/bigData', '/bigData/classify'],
  ...['classify', 'district', 'platform', 'city', 'park'].map((c) => [`/bigData/${c}`, null] as [string, null]),
  ['/enterprise', '/enterprise/appraise/monitoring'],
  ['/enterprise/appraise', '/enterprise/appraise/monitoring'],
  ...['monitoring', 'standard', 'result'].map((c) => [`/enterprise/appraise/${c}`, null] as [string, null]),
  ['/enterprise/regulation', '/enterprise/regulation/abstract'],
  ...['abstract', 'check', 'plan', 'regulatory'].map((c) => [`/enterprise/regulation/${c}`, null] as [string, null]),
  ['/land', '/land/evaluation/evaluationAbstract'],
  ['/land/evaluation', '/land/evaluation/evaluationAbstract'],
  ...['evaluationAbstract', 'evaluationModal', 'evaluationMap'].map((c) => [`/land/evaluation/${c}`, null] as [string, null]),
  ['/land/revitalize', '/land/revitalize/revitalizeAbstract'],
  ...['revitalizeAbstract', 'revitalizePlan', 'revitalizeRegulatory'].map((c) => [`/land/revitalize/${c}`, null] as [string, null]),
  ['/land/result', '/land/result/resultAbstract'],
  ...['resultAbstract', 'resultMap'].map((c) => [`/land/result/${c}`, null] as [string, null]),
  ...['dict', 'dictitem', 'user', 'role', 'region', 'resource', 'organization', 'regionrecoup', 'device', 'app', 'rz'].map(
    (c) => [`/admin/setting/${c}`, null] as [string, null],
  ),
  ['/landLifeCycle', '/landLifeCycle/allLifeCycle'],
  ['/landLifeCycle/projectManager', '/landLifeCycle/projectManager/xmqy'],
  ...['xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj'].map((c) => [`/landLifeCycle/projectManager/${c}`, null] as [string, null]),
  ['/landLifeCycle/allLifeCycle', null],
  ['/landLifeCycle/onebook', null],
]

describe('route table (docs/product.md §2)', () => {
  it.each(SPEC_ROUTES)('%s exists and opens %s', (path, child) => {
    const entry = findRoute(path)
    expect(entry, path).toBeDefined()
    expect(entry?.title).toMatch(/[\u4e00-\u9fa5]/)
    // every entry draws a page or goes to its default child
    expect(entry?.page ?? entry?.redirect).toBeTruthy()
    if (child) expect(resolveRedirects(path)).toBe(child)
  })

  it.each(['/system', '/systems'])('%s children open their spec defaults', (top) => {
    expect(resolveRedirects(`${top}/statisticalReport`)).toBe(`${top}/statisticalReport/area`)
    expect(resolveRedirects(`${top}/IndustryMap`)).toBe(`${top}/IndustryMap/Dkxx`)
    expect(resolveRedirects(`${top}/decision`)).toBe(`${top}/decision/qyzb`)
    expect(resolveRedirects(`${top}/function/monitor`)).toBe(`${top}/function/monitor/Qymonitor`)
    expect(resolveRedirects(`${top}/data/center`)).toBe(`${top}/data/center/input`)
    expect(resolveRedirects(`${top}/audit`)).toBe(`${top}/audit/gyyd`)
  })

  it('gives every page a title and has no path the spec does not name (besides /admin, /admin/setting, 地图图层 and the due-process pages, ADRs 0011 and 0017)', () => {
    const named = new Set(SPEC_ROUTES.map(([p]) => p))
    const extra = ROUTES.map((r) => r.path).filter((p) => !named.has(p))
    expect(extra).toEqual([
      '/enterprise/appraise/approve',
      '/land/approve',
      '/company',
      '/company/appraise',
      '/admin',
      '/admin/setting',
      '/admin/setting/mapLayer',
      '/admin/setting/calendar',
    ])
  })

  it('puts /system and /systems children in the same order with the same titles', () => {
    const kids = (top: string) => ROUTES.filter((r) => r.path.startsWith(`${top}/`)).map((r) => [r.path.slice(top.length), r.title])
    expect(kids('/systems')).toEqual(kids('/system'))
  })
})
