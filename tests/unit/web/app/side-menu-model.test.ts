/** Side menu, breadcrumbs and page registry, all generated from the one route table. */
import { describe, expect, it } from 'vitest'
import { ROUTES } from '../../../../src/domain/route-table'
import { isGranted } from '../../../../src/web/core/permission'
import { PAGE_REGISTRY, pageComponent } from '../../../../src/web/app/page-registry'
import { breadcrumbsFor, buildSideMenu, openKeysFor, sectionPath } from '../../../../src/web/app/side-menu-model'

describe('buildSideMenu', () => {
  it('admin sees the whole /admin section from the table', () => {
    const menu = buildSideMenu('/admin', () => true)
    expect(menu).toHaveLength(1)
    expect(menu[0].label).toBe('系统设置')
    expect(menu[0].children?.map((c) => c.key)).toEqual([
      '/admin/setting/dict',
      '/admin/setting/dictitem',
      '/admin/setting/user',
      '/admin/setting/role',
      '/admin/setting/region',
      '/admin/setting/resource',
      '/admin/setting/organization',
      '/admin/setting/regionrecoup',
      '/admin/setting/device',
      '/admin/setting/app',
      '/admin/setting/rz',
      '/admin/setting/mapLayer',
      '/admin/setting/calendar',
    ])
  })

  it('keeps only granted leaves and the parents that still have a child', () => {
    const grants = [
      { menuRoute: '/system/core', hasChildren: false },
      { menuRoute: '/system/statisticalReport/gyyd', hasChildren: false },
    ]
    const menu = buildSideMenu('/system', (p) => isGranted(p, grants))
    expect(menu).toEqual([
      { key: '/system/core', label: '资源云图' },
      { key: '/system/statisticalReport', label: '统计报表', children: [{ key: '/system/statisticalReport/gyyd', label: '工业用地列表' }] },
    ])
  })

  it('a granted childless parent menu brings all its pages', () => {
    const menu = buildSideMenu('/system', (p) => isGranted(p, [{ menuRoute: '/system/function/monitor', hasChildren: false }]))
    expect(menu).toEqual([
      {
        key: '/system/function/monitor',
        label: '运行监测',
        children: [
          { key: '/system/function/monitor/Qymonitor', label: '企业监测' },
          { key: '/system/function/monitor/Hymonitor', label: '行业监测' },
        ],
      },
    ])
  })

  it('nothing granted, nothing shown', () => {
    expect(buildSideMenu('/land', () => false)).toEqual([])
  })
})

describe('breadcrumbs and open keys', () => {
  it('come from the entry trail, ancestors linked', () => {
    expect(breadcrumbsFor('/warehouse/data/center/foundGyyd')).toEqual([
      { title: '数据仓库', path: '/warehouse' },
      { title: '数据中心', path: '/warehouse/data/center' },
      { title: '地块认领' },
    ])
    expect(openKeysFor('/warehouse/data/center/foundGyyd')).toEqual(['/warehouse/data/center'])
    expect(sectionPath('/warehouse/data/center/foundGyyd')).toBe('/warehouse')
  })

  it('an unknown path has none', () => {
    expect(breadcrumbsFor('/nowhere')).toEqual([])
  })
})

describe('page registry', () => {
  it('has a component for every named page key; path keys fall back to the placeholder', () => {
    const keys = [...new Set(ROUTES.map((r) => r.page).filter((p): p is string => !!p))].sort()
    const named = keys.filter((k) => !k.startsWith('/'))
    expect(named).toEqual(['forbidden', 'lock', 'login', 'main', 'not-found'])
    for (const key of named) expect(PAGE_REGISTRY[key]).toBeDefined()
    expect(pageComponent('/no/such/page')).toBe(PAGE_REGISTRY.placeholder)
  })

  it('has a real page for each of the eleven /admin/setting routes (issue 3), 地图图层 (ADR 0011) and 工作日历 (ADR 0017)', () => {
    const admin = ROUTES.filter((r) => r.parent === '/admin/setting')
    expect(admin).toHaveLength(13)
    for (const r of admin) {
      expect(r.page).toBe(r.path)
      expect(pageComponent(r.page as string)).not.toBe(PAGE_REGISTRY.placeholder)
    }
  })

  it('folds the second entry points onto the /system pages', () => {
    expect(ROUTES.find((r) => r.path === '/systems/IndustryMap/Dkxx')?.page).toBe('/system/IndustryMap/Dkxx')
    expect(ROUTES.find((r) => r.path === '/warehouse/data/center/sjgf')?.page).toBe('/system/data/center/sjgf')
    expect(ROUTES.find((r) => r.path === '/bigData/park')?.page).toBe('/bigData/park')
  })
})
