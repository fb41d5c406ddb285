/**
 * Map layer groups and layers (docs/product.md §3): every map screen reads them grouped; 地图图层
 * (/admin/setting/mapLayer) lists, adds, edits and deletes them. Bad input answers 400 with a
 * Chinese message naming the field and writes nothing; only holders of the page may write.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { grantPage } from './admin-helpers'
import { startServer, type TestServer } from './harness'

let s: TestServer
let admin: string
let clerk: string
let ops: string
type Groups = {
  name: string
  open: boolean
  layers: { key: number; name: string; visible: boolean; opacity: number; type: string; url: string; base: string }[]
}[]
type Layer = {
  id: number
  groupId: number
  groupName: string
  name: string
  type: string
  url: string
  opacity: number
  visible: boolean
  sort: number
  base: string
}
type Group = { id: number; name: string; sort: number; open: boolean; layerCount: number }

const count = async (table: string) => (await s.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n
const logged = async (path: string) =>
  (
    await s.db.query<{ module: string; action: string; target: string; success: boolean }>(
      `SELECT module, action, target, success FROM operation_log WHERE path = $1 ORDER BY id`,
      [path],
    )
  ).rows
let groupId: number

beforeAll(async () => {
  s = await startServer()
  admin = await s.login('admin', 'Admin@2026')
  // the clerk is given 资源云图, a page that shows the map, but not 地图图层
  await grantPage(s, 'clerk', '/system/core')
  clerk = await s.login('clerk', 'Clerk@2026')
  ops = await s.login('ops', 'Ops@2026')
  groupId = (await s.db.query<{ id: number }>(`SELECT id FROM map_layer_group WHERE name = '业务图层'`)).rows[0].id
})
afterAll(() => s?.close())

describe('what the map screens read', () => {
  it('lists the groups with their layers in order, to holders of a page that shows the map', async () => {
    const r = await s.get<Groups>('/api/map/layers', clerk)
    expect(r.status).toBe(200)
    expect(r.body.data.map((g) => [g.name, g.open])).toEqual([
      ['业务图层', true],
      ['参考图层', false],
    ])
    expect(r.body.data[0].layers.map((l) => [l.name, l.visible, l.opacity])).toEqual([
      ['工业用地', true, 0.75],
      ['企业聚合', true, 1],
      ['亩均税收热力', false, 0.85],
    ])
    expect(r.body.data[1].layers[0]).toMatchObject({ type: 'dynamic', base: 'img' })
  })
})

describe('地图图层 administration', () => {
  it('pages and searches layers by keyword, group and type', async () => {
    const all = await s.get<{ list: Layer[]; total: number }>('/api/map/layer/query?pageSize=2', admin)
    expect(all.status).toBe(200)
    expect(all.body.data.total).toBe(await count('map_layer'))
    expect(all.body.data.list.map((l) => l.name)).toEqual(['工业用地', '企业聚合'])
    const page2 = await s.get<{ list: Layer[] }>('/api/map/layer/query?pageSize=2&page=2', admin)
    expect(page2.body.data.list.map((l) => l.name)).toEqual(['亩均税收热力', '影像（内网动态服务）'])
    const byUrl = await s.get<{ list: Layer[]; total: number }>('/api/map/layer/query?keyword=tiles/parcels', admin)
    expect(byUrl.body.data.list.map((l) => l.name)).toEqual(['工业用地'])
    const dynamic = await s.get<{ list: Layer[]; total: number }>('/api/map/layer/query?type=dynamic', admin)
    expect(dynamic.body.data.list.map((l) => [l.name, l.groupName])).toEqual([['影像（内网动态服务）', '参考图层']])
    const ofGroup = await s.get<{ total: number }>(`/api/map/layer/query?groupId=${groupId}`, admin)
    expect(ofGroup.body.data.total).toBe(3)
    const groups = await s.get<{ list: Group[]; total: number }>('/api/map/group/query?keyword=参考', admin)
    expect(groups.body.data.list).toEqual([expect.objectContaining({ name: '参考图层', layerCount: 1, open: false })])
  })

  it('adds a tile layer that the map screens then list, logged', async () => {
    const url = 'https://t{0-7}.example.gov.cn/vec_w/wmts?TILEMATRIX={z}&TILEROW={y}&TILECOL={x}'
    const r = await s.postJson<Layer>(
      '/api/map/layer/add',
      { groupId, name: '规划路网', type: 'title', url, opacity: 0.6, visible: false, sort: 9 },
      admin,
    )
    expect(r.status).toBe(200)
    expect(r.body.data).toMatchObject({
      groupId,
      groupName: '业务图层',
      name: '规划路网',
      type: 'title',
      url,
      opacity: 0.6,
      visible: false,
      sort: 9,
      base: '',
    })
    const shown = await s.get<Groups>('/api/map/layers', clerk)
    expect(shown.body.data[0].layers.at(-1)).toMatchObject({
      key: r.body.data.id,
      name: '规划路网',
      visible: false,
      opacity: 0.6,
      type: 'title',
      url,
    })
    expect(await logged('/api/map/layer/add')).toEqual([{ module: 'mapLayer', action: '新增图层', target: '规划路网', success: true }])
    const twice = await s.postJson('/api/map/layer/add', { groupId, name: '规划路网', type: 'title', url }, admin)
    expect(twice.status).toBe(409)
    expect(twice.body.message).toBe('图层组“业务图层”中已有图层“规划路网”')
  })

  const ok = { name: '测试图层', type: 'title', url: 'https://tiles.example.cn/{z}/{x}/{y}.png', opacity: 0.5 }
  it.each([
    ['opacity above 1', { opacity: 1.5 }, 'opacity', '透明度应在0到1之间'],
    ['opacity below 0', { opacity: -0.1 }, 'opacity', '透明度应在0到1之间'],
    ['opacity not a number', { opacity: '半透明' }, 'opacity', '透明度应为0到1之间的数字'],
    ['a tile url without {x}{y}{z}', { url: 'https://tiles.example.cn/tile.png' }, 'url', '瓦片服务地址应含 {x}、{y}、{z} 占位符'],
    [
      'a url of another scheme',
      { url: 'ftp://tiles.example.cn/{z}/{x}/{y}.png' },
      'url',
      '地址应以 http://、https:// 或 / 开头，且不含空格',
    ],
    ['an unknown placeholder', { url: 'https://tiles.example.cn/{z}/{x}/{y}.png?k={key}' }, 'url', '地址中的占位符 {key} 无法识别'],
    ['unbalanced braces', { url: 'https://tiles.example.cn/{z}/{x}/{y.png' }, 'url', '地址中的花括号不成对'],
    ['an empty url for tiles', { url: '' }, 'url', '地址不能为空（只有动态服务可以留空）'],
    [
      'a feature url with only some tile placeholders',
      { type: 'feature', url: '/api/tiles/parcels/{z}/{x}.pbf' },
      'url',
      '地址含瓦片占位符时应同时含 {x}、{y}、{z}',
    ],
    ['an empty name', { name: ' ' }, 'name', '图层名称不能为空'],
    ['an unknown type', { type: 'wms' }, 'type', '图层类型应为 title（瓦片）、feature（要素）或 dynamic（动态）'],
    ['a base mark with capitals', { base: 'IMG' }, 'base', '底图标记只用小写字母'],
    ['a group that does not exist', { groupId: 999999 }, 'groupId', '图层组 999999 不存在'],
  ])('refuses %s: 400 naming %s, nothing written', async (_case, patch, field, message) => {
    const before = [await count('map_layer'), (await logged('/api/map/layer/add')).filter((l) => l.success).length]
    const r = await s.postJson('/api/map/layer/add', { groupId, ...ok, ...patch }, admin)
    expect(r.status).toBe(400)
    expect(r.body.message).toContain(message)
    expect((r.body as { details?: { field: string; message: string }[] }).details?.map((d) => d.field)).toContain(field)
    expect([await count('map_layer'), (await logged('/api/map/layer/add')).filter((l) => l.success).length]).toEqual(before)
  })

  it('edits a layer partly or fully; the url is checked against the type it will have', async () => {
    const heat = (await s.db.query<{ id: number }>(`SELECT id FROM map_layer WHERE name = '亩均税收热力'`)).rows[0].id
    const part = await s.postJson<Layer>('/api/map/layer/edit', { id: heat, visible: true, opacity: 0.5 }, admin)
    expect(part.status).toBe(200)
    expect(part.body.data).toMatchObject({ visible: true, opacity: 0.5, url: '/api/cloudChart/points?view=heat', type: 'feature' })
    // turning it into tiles with its non-tile url is refused and changes nothing
    const bad = await s.postJson('/api/map/layer/edit', { id: heat, type: 'title' }, admin)
    expect(bad.status).toBe(400)
    expect(bad.body.message).toContain('url：瓦片服务地址应含 {x}、{y}、{z} 占位符')
    expect((bad.body as { details?: { field: string }[] }).details).toEqual([
      { field: 'url', message: '瓦片服务地址应含 {x}、{y}、{z} 占位符' },
    ])
    const badOpacity = await s.postJson('/api/map/layer/edit', { id: heat, opacity: 2 }, admin)
    expect(badOpacity.status).toBe(400)
    expect(badOpacity.body.message).toMatch(/透明度/)
    const row = (await s.db.query<{ type: string; opacity: number }>('SELECT type, opacity FROM map_layer WHERE id = $1', [heat])).rows[0]
    expect(row).toEqual({ type: 'feature', opacity: 0.5 })
    const other = (await s.db.query<{ id: number }>(`SELECT id FROM map_layer_group WHERE name = '参考图层'`)).rows[0].id
    const moved = await s.postJson<Layer>('/api/map/layer/edit', { id: heat, groupId: other, name: '热力（参考）', sort: 3 }, admin)
    expect(moved.body.data).toMatchObject({ groupName: '参考图层', name: '热力（参考）', sort: 3 })
    expect((await s.postJson('/api/map/layer/edit', { id: 999999, visible: true }, admin)).status).toBe(404)
  })

  it('deletes a layer after the page confirms, logged with its name', async () => {
    const id = (await s.db.query<{ id: number }>(`SELECT id FROM map_layer WHERE name = '规划路网'`)).rows[0].id
    const r = await s.postJson('/api/map/layer/delete', { id }, admin)
    expect(r.status).toBe(200)
    expect(await s.db.query('SELECT 1 FROM map_layer WHERE id = $1', [id]).then((x) => x.rows.length)).toBe(0)
    expect((await logged('/api/map/layer/delete')).at(-1)).toEqual({
      module: 'mapLayer',
      action: '删除图层',
      target: '业务图层/规划路网',
      success: true,
    })
    expect((await s.postJson('/api/map/layer/delete', { id }, admin)).status).toBe(404)
  })

  it('adds, renames and deletes a group with its layers; names are unique', async () => {
    const g = await s.postJson<Group>('/api/map/group/add', { name: '规划图层', sort: 5, open: false }, admin)
    expect(g.status).toBe(200)
    expect(g.body.data).toMatchObject({ name: '规划图层', sort: 5, open: false, layerCount: 0 })
    expect((await s.postJson('/api/map/group/add', { name: '规划图层' }, admin)).status).toBe(409)
    const empty = await s.postJson('/api/map/group/add', { name: '' }, admin)
    expect(empty.status).toBe(400)
    expect(empty.body.message).toContain('图层组名称不能为空')
    const badSort = await s.postJson('/api/map/group/add', { name: '排序错', sort: -1 }, admin)
    expect(badSort.body.message).toContain('排序应在0到9999之间')
    expect(await count('map_layer_group')).toBe(3)
    await s.postJson(
      '/api/map/layer/add',
      { groupId: g.body.data.id, name: '控规', type: 'dynamic', url: 'https://gis.example.cn/arcgis/rest/services/kg/MapServer' },
      admin,
    )
    const renamed = await s.postJson<Group>('/api/map/group/edit', { id: g.body.data.id, name: '规划', sort: 5, open: true }, admin)
    expect(renamed.body.data).toMatchObject({ name: '规划', open: true, layerCount: 1 })
    expect((await s.postJson('/api/map/group/edit', { id: g.body.data.id, name: '业务图层' }, admin)).status).toBe(409)
    const del = await s.postJson('/api/map/group/delete', { id: g.body.data.id }, admin)
    expect(del.status).toBe(200)
    expect(await s.db.query(`SELECT 1 FROM map_layer WHERE name = '控规'`).then((x) => x.rows.length)).toBe(0)
    expect((await logged('/api/map/group/delete')).at(-1)?.target).toBe('规划（含 1 个图层）')
    expect((await s.postJson('/api/map/group/delete', { id: g.body.data.id }, admin)).status).toBe(404)
  })

  it('is open to holders of 地图图层 (ops holds 系统设置) and refused to others, before validation', async () => {
    expect((await s.get('/api/map/layer/query', ops)).status).toBe(200)
    expect((await s.get('/api/map/group/all', ops)).status).toBe(200)
    for (const [path, body] of [
      ['/api/map/layer/add', { groupId, ...ok }],
      ['/api/map/layer/edit', { id: 1, opacity: 9 }],
      ['/api/map/layer/delete', { id: 1 }],
      ['/api/map/group/add', { name: '越权' }],
      ['/api/map/group/delete', { id: groupId }],
    ] as const) {
      const r = await s.postJson(path, body, clerk)
      expect(r.status, path).toBe(403)
      expect(r.body.message).toBe('权限不足')
    }
    expect((await s.get('/api/map/layer/query', clerk)).status).toBe(403)
    expect(await count('map_layer_group')).toBe(2)
  })
})
