/**
 * The state rules of the eight map controls, one row per sentence of docs/product.md §2 "Map controls",
 * §4, §5 and §9.
 */
import { describe, expect, it } from 'vitest'
import {
  initialGroupsOpen,
  initialOpacity,
  switchedOpacity,
  toggleGroup,
  sortedGroups,
  uuidV4,
  effectiveUrl,
} from '../../../../src/web/map/rules/layer-rules'
import { tilesFor, providerOf, tiandituTiles, GEOQ_STYLES, mapStyles, baseFor } from '../../../../src/web/map/rules/base-map-rules'
import { initialPicker, pick, setOpen, shownName, columns, browse, bboxOfTag } from '../../../../src/web/map/rules/district-rules'
import { toggleZone, parseShapes, newBuildStyle, reportOf, SELECTION_ITEMS } from '../../../../src/web/map/rules/zone-rules'
import type { ProvinceNode } from '../../../../src/domain/contracts/map'

const layer = { visible: true, opacity: 0.6 }

describe('layer switch (docs/product.md §4)', () => {
  it.each([
    ['Unchecking sets opacity to 0 (management)', switchedOpacity(layer, false, 'management'), 0],
    ['Unchecking sets opacity to 0 (control)', switchedOpacity(layer, false, 'control'), 0],
    ['Checking restores the configured opacity', switchedOpacity(layer, true, 'management'), 0.6],
    ['(1 in the second control)', switchedOpacity(layer, true, 'control'), 1],
    ['A layer with visible false starts at opacity 0', initialOpacity({ visible: false, opacity: 0.8 }), 0],
    ['a visible layer starts at its configured opacity', initialOpacity({ visible: true, opacity: 0.8 }), 0.8],
  ])('%s', (_sentence, got, want) => expect(got).toBe(want))
})

describe('groups (docs/product.md §3, §4)', () => {
  const groups = [
    { name: '规划', index: 2, open: false, layers: [] },
    {
      name: '现状',
      index: 1,
      open: true,
      layers: [
        { id: 'b', name: 'b', index: 2, visible: true, opacity: 1, type: 'title' as const, url: '' },
        { id: 'a', name: 'a', index: 1, visible: true, opacity: 1, type: 'title' as const, url: '' },
      ],
    },
  ]
  it('Group: open (initially expanded) as configured', () => expect(initialGroupsOpen(groups)).toEqual({ 规划: false, 现状: true }))
  it('open or closed, toggled by clicking its title', () => expect(toggleGroup({ 规划: false }, '规划')).toEqual({ 规划: true }))
  it('index is the sort order of groups and layers', () => {
    const s = sortedGroups(groups)
    expect(s.map((g) => g.name)).toEqual(['现状', '规划'])
    expect(s[0].layers.map((l) => l.id)).toEqual(['a', 'b'])
  })
  it('id is generated at runtime as a random version-4 style identifier', () => {
    expect(uuidV4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(uuidV4()).not.toBe(uuidV4())
  })
  it.each([
    ['On an internal network, imagery dynamic layers use their configured url', true, 'http://gis/arcgis/rest/services/img/MapServer'],
    ['Otherwise the url is empty', false, ''],
  ])('%s', (_s, internal, want) =>
    expect(effectiveUrl({ type: 'dynamic', base: 'img', url: 'http://gis/arcgis/rest/services/img/MapServer' }, internal)).toBe(want),
  )
})

describe('base map (docs/product.md §2.4, §4, §7, §9)', () => {
  const keys = (ts: { key: string }[]) => ts.map((t) => t.key)
  it.each([
    [
      'choosing imagery swaps in a satellite tile pair with annotations when not on the internal network',
      tilesFor('imagery', 'tianditu', false, 'k'),
      ['img', 'cia'],
    ],
    ['on the internal network imagery comes from the configured dynamic layer instead', tilesFor('imagery', 'tianditu', true, 'k'), []],
    ['Unchecking imagery adds the normal map tile pair', tilesFor('vector', 'tianditu', false, 'k'), ['vec', 'cva']],
    ['no provider configured: no request leaves the machine', tilesFor('imagery', 'offline', false), []],
    ['the commercial map shows its road map', tilesFor('vector', 'gaode', false), ['gaode-vec']],
  ])('%s', (_s, got, want) => expect(keys(got)).toEqual(want))
  it('Public tile layers: min zoom 5, max zoom 18', () => {
    for (const t of [...Object.values(tiandituTiles('k')), ...GEOQ_STYLES]) expect([t.minZoom, t.maxZoom]).toEqual([5, 18])
  })
  it('normal, satellite, terrain each with an annotation layer; five community styles', () => {
    expect(Object.keys(tiandituTiles('k'))).toEqual(['vec', 'cva', 'img', 'cia', 'ter', 'cta'])
    expect(GEOQ_STYLES.map((s) => s.name)).toEqual(['彩色版', '蓝黑版', '灰色版', '暖色版', '冷色版'])
    expect(tiandituTiles('k').vec.url).toContain('{x}')
    expect(tiandituTiles('k').vec.url).toMatch(/t\{0-7\}/)
  })
  it('a provider only when a key is configured', () => {
    expect(providerOf({ tianditu: '', gaode: '' })).toBe('offline')
    expect(providerOf({ tianditu: 'k', gaode: '' })).toBe('tianditu')
  })

  const none = {
    tileKeys: { tianditu: '', gaode: '' },
    geoqStyles: [] as ('colour' | 'purple-blue' | 'grey' | 'warm' | 'cold')[],
    isInternalNetwork: false,
  }
  it('nothing configured: only the offline outlines, for both choices, and no tiles at all', () => {
    expect(mapStyles(none).map((s) => s.key)).toEqual(['offline'])
    expect(baseFor('vector', null, none)).toEqual({ tiles: [], offline: true, gcj02: false, noImagery: false })
    expect(baseFor('imagery', null, none)).toEqual({ tiles: [], offline: true, gcj02: false, noImagery: true })
  })
  it('the community styles the config lists are offered in its order, after the keyed maps, with the offline outlines last', () => {
    const cfg = { ...none, tileKeys: { tianditu: 'k', gaode: '' }, geoqStyles: ['grey', 'colour'] as typeof none.geoqStyles }
    expect(mapStyles(cfg).map((s) => [s.key, s.name])).toEqual([
      ['tianditu', '天地图'],
      ['geoq-grey', 'GeoQ 灰色版'],
      ['geoq-colour', 'GeoQ 彩色版'],
      ['offline', '离线底图'],
    ])
  })
  it('a chosen community style draws its tiles from the community service, in GCJ-02 (overlays shift)', () => {
    const cfg = { ...none, geoqStyles: ['warm'] as typeof none.geoqStyles }
    const b = baseFor('vector', 'geoq-warm', cfg)
    expect(b.tiles.map((t) => t.url)).toEqual(['https://map.geoq.cn/ArcGIS/rest/services/ChinaOnlineStreetWarm/MapServer/tile/{z}/{y}/{x}'])
    expect(b.gcj02).toBe(true)
    // the first style is the default; an unknown key falls back to it
    expect(baseFor('vector', null, cfg).tiles[0].key).toBe('ChinaOnlineStreetWarm')
    expect(baseFor('vector', 'geoq-cold', cfg).tiles[0].key).toBe('ChinaOnlineStreetWarm')
    // the community service has no imagery: 影像 stays the offline dark tone
    expect(baseFor('imagery', 'geoq-warm', cfg).noImagery).toBe(true)
  })
  it.each([
    ['Gaode', { tianditu: '', gaode: 'k' }, true],
    ['Tianditu', { tianditu: 'k', gaode: '' }, false],
  ])('over %s imagery the overlays shift: %s', (_n, tileKeys, gcj02) =>
    expect(baseFor('imagery', null, { ...none, tileKeys }).gcj02).toBe(gcj02),
  )
})

describe('district picker (docs/product.md §2.5, §4, §9)', () => {
  const tree: ProvinceNode = {
    provinceName: '浙江省',
    provinceCode: '330000',
    tag: [{ name: '浙江省', code: '330000' }],
    bbox: [118, 27, 123, 31],
    citys: [
      {
        cityName: '杭州市',
        cityCode: '330100',
        tag: [],
        bbox: [118.3, 29.2, 120.7, 30.6],
        counties: [
          {
            countyName: '上城区',
            countyCode: '330102',
            tag: [],
            bbox: [120.1, 30.2, 120.3, 30.4],
            towns: [{ townName: '清波街道', townCode: '330102001', tag: [] }],
          },
        ],
      },
    ],
  }
  const countyTag = [
    { name: '浙江省', code: '330000' },
    { name: '杭州市', code: '330100' },
    { name: '上城区', code: '330102' },
  ]
  it('The selection starts as province 330000', () => expect(initialPicker(tree).selected).toEqual([{ name: '浙江省', code: '330000' }]))
  it('shows the current selection name', () => expect(shownName(initialPicker(tree).selected)).toBe('浙江省'))
  it('Its hover panel opens and closes', () => {
    expect(setOpen(initialPicker(tree), true).open).toBe(true)
    expect(setOpen(setOpen(initialPicker(tree), true), false).open).toBe(false)
  })
  it("Clicking any level sets the selection to that level's tag", () =>
    expect(pick(setOpen(initialPicker(tree), true), countyTag).selected).toEqual(countyTag))
  it('closes the panel', () => expect(pick(setOpen(initialPicker(tree), true), countyTag).open).toBe(false))
  it('and shows the last name', () => expect(shownName(pick(initialPicker(tree), countyTag).selected)).toBe('上城区'))
  it('four columns: province, city, county or district, town or street', () => {
    const c = columns(tree, browse(initialPicker(tree), countyTag).browsing)
    expect([c.provinces[0].provinceName, c.cities[0].cityName, c.counties[0].countyName, c.towns[0].townName]).toEqual([
      '浙江省',
      '杭州市',
      '上城区',
      '清波街道',
    ])
    expect(columns(tree, initialPicker(tree).selected).counties).toEqual([])
  })
  it('flies to the deepest level with an outline (a town flies to its county)', () => {
    expect(bboxOfTag(tree, [...countyTag, { name: '清波街道', code: '330102001' }])).toEqual([120.1, 30.2, 120.3, 30.4])
  })
})

describe('zone toggle (docs/product.md §2.7, §4, §5, §9)', () => {
  const square = JSON.stringify({
    type: 'Polygon',
    coordinates: [
      [
        [120, 30],
        [120.01, 30],
        [120.01, 30.01],
        [120, 30],
      ],
    ],
  })
  it.each([
    ['zjtx', '该地图没有上传指界图形'],
    ['djtx', '还没有上传勘测定界图形'],
    ['jgtx', '还没有上传竣工图形'],
  ] as const)('Toggling %s with no data warns with title 无法展示 and %s', (key, message) => {
    const r = toggleZone(new Set(), key, { [key]: '' })
    expect(r.effect).toEqual({ kind: 'warn', title: '无法展示', message })
    expect(r.selected.has(key)).toBe(false)
  })
  it.each([
    ['zjtx', '#bea221'],
    ['djtx', '#be3114'],
    ['jgtx', '#5755be'],
  ] as const)('selecting %s adds an outline layer coloured %s', (key, color) => {
    const r = toggleZone(new Set(), key, { [key]: square })
    expect(r.effect).toMatchObject({ kind: 'add', key, color })
    expect(r.selected.has(key)).toBe(true)
  })
  it('unselecting removes the layer', () =>
    expect(toggleZone(new Set(['djtx']), 'djtx', { djtx: square }).effect).toEqual({ kind: 'remove', key: 'djtx' }))

  // ADR 0010: with a district as the selection, its zones come from the tiles
  const extents = [
    { key: 'zjtx' as const, count: 12, bbox: [120, 30, 120.5, 30.4] as [number, number, number, number] },
    { key: 'djtx' as const, count: 0, bbox: null },
    { key: 'jgtx' as const, count: 3, bbox: [120.1, 30.1, 120.2, 30.2] as [number, number, number, number] },
    { key: 'jxtx' as const, count: 0, bbox: null },
  ]
  it('a district holding shapes of the kind draws them from tiles and flies to their extent', () => {
    const r = toggleZone(new Set(), 'zjtx', {}, { extents })
    expect(r.effect).toEqual({ kind: 'add-tiles', key: 'zjtx', color: '#bea221', count: 12, bbox: [120, 30, 120.5, 30.4] })
    expect(r.selected.has('zjtx')).toBe(true)
  })
  it('a district holding none of the kind warns 无法展示 with the spec message', () => {
    const r = toggleZone(new Set(), 'djtx', {}, { extents })
    expect(r.effect).toEqual({ kind: 'warn', title: '无法展示', message: '还没有上传勘测定界图形' })
    expect(r.selected.size).toBe(0)
  })
  it('while the district counts load it neither warns nor selects', () => {
    const r = toggleZone(new Set(), 'jgtx', {}, { extents: undefined })
    expect(r.effect.kind).toBe('wait')
    expect(r.selected.size).toBe(0)
  })
  it('shapes in the input win over the district (a typed or selected parcel shape)', () =>
    expect(toggleZone(new Set(), 'djtx', { djtx: square }, { extents }).effect.kind).toBe('add'))
  it('a parcel as the selection (no district) warns when the parcel has no such shape', () =>
    expect(toggleZone(new Set(), 'jgtx', { zjtx: square }, null).effect).toEqual({
      kind: 'warn',
      title: '无法展示',
      message: '还没有上传竣工图形',
    }))
  it('reads FeatureCollection, Feature, Geometry and arrays; not broken text', () => {
    expect(parseShapes(square)?.features).toHaveLength(1)
    expect(
      parseShapes(JSON.stringify([{ type: 'Feature', geometry: JSON.parse(square), properties: { landId: 1 } }]))?.features[0].properties,
    ).toEqual({ landId: 1 })
    expect(parseShapes('{not json')).toBeNull()
    expect(parseShapes('{"type":"FeatureCollection","features":[]}')).toBeNull()
  })
})

describe('selection control (docs/product.md §2.8)', () => {
  it('It has four items: 选点, 勘测, 竣工, 建新', () => expect(SELECTION_ITEMS).toEqual(['选点', '勘测', '竣工', '建新']))
  it('Clicking a shape reports its landId and name to the host screen', () =>
    expect(reportOf({ landId: 'L1', name: '一号地块', hook: 1 })).toEqual({ landId: 'L1', name: '一号地块' }))
  it.each([
    [0, { kind: 'outline', color: '#ff8c00', dashed: true }],
    ['0', { kind: 'outline', color: '#ff8c00', dashed: true }],
    [1, { kind: 'fill', color: '#ff69b4' }],
    [2, { kind: 'fill', color: '#ff69b4' }],
    [null, { kind: 'fill', color: '#ff69b4' }],
  ])('New-build hook %s gives %o', (hook, style) => expect(newBuildStyle(hook)).toEqual(style))
})
