/**
 * The import sources (issue 7, 数据采集): safe ZIP reading, CSV in UTF-8 and GBK, streamed xlsx,
 * zipped GBK shapefiles in EPSG:4549, GeoJSON with its crs member — each bad input a Chinese message.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import vm from 'node:vm'
import ExcelJS from 'exceljs'
import proj4 from 'proj4'
import gcoord from 'gcoord'
import { afterAll, describe, expect, it } from 'vitest'
import { openZip, ZIP_LIMITS } from '../../../../src/server/files/zip'
import { openCsv, CsvSplitter } from '../../../../src/server/modules/datacenter-import/source/csv'
import { openXlsx } from '../../../../src/server/modules/datacenter-import/source/xlsx'
import { openShapefile } from '../../../../src/server/modules/datacenter-import/source/shapefile'
import { openGeoJson } from '../../../../src/server/modules/datacenter-import/source/geojson'
import { crsOfPrj } from '../../../../src/server/modules/datacenter-import/source/crs'
import { shapeProblem } from '../../../../src/server/modules/datacenter-import/source/shape-check'
import { formatOf } from '../../../../src/server/modules/datacenter-import/source'
import { geometryReason } from '../../../../src/server/modules/datacenter-import/checks'
import type { SourceReader, SourceRow } from '../../../../src/server/modules/datacenter-import/source/types'
import { buildZip } from '../../../fixtures/make/zip-writer'
import { encodeGbk } from '../../../fixtures/make/gbk'
import { PRJ_4490, PRJ_4549, writeDbf, writeShp, type ShapeRecord } from '../../../fixtures/make/shapefile-writer'

// a full collection on demand, without starting the test process with --expose-gc
v8.setFlagsFromString('--expose-gc')
const collect = vm.runInNewContext('gc') as () => void

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-sources-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
let n = 0
const tmp = (bytes: Uint8Array | string, ext = '.bin') => {
  const f = path.join(dir, `f${n++}${ext}`)
  fs.writeFileSync(f, bytes)
  return f
}
async function all(r: SourceReader): Promise<SourceRow[]> {
  const out: SourceRow[] = []
  for await (const row of r.rows()) out.push(row)
  await r.close()
  return out
}

describe('safe ZIP reader', () => {
  it('reads deflated and stored entries with UTF-8 names', async () => {
    const zip = await openZip(
      buildZip([
        { name: '地块/说明.txt', data: Buffer.from('你好') },
        { name: 'b.bin', data: Buffer.from([1, 2, 3]), method: 0 },
      ]),
    )
    expect(zip.entries.map((e) => e.name)).toEqual(['地块/说明.txt', 'b.bin'])
    expect((await zip.read(zip.entries[0])).toString()).toBe('你好')
    expect([...(await zip.read(zip.entries[1]))]).toEqual([1, 2, 3])
    await zip.verify()
  })

  it('refuses a bomb by its ratio before inflating anything', async () => {
    await expect(openZip(buildZip([{ name: 'zeros.bin', data: new Uint8Array(64 * 1024 * 1024) }]))).rejects.toThrow(
      /压缩比 \d+:1 异常（上限 200:1），疑似压缩炸弹/,
    )
    // The same sizes over a body that is not deflate at all: inflating a byte of it would fail
    // with another message, so the ratio message proves the reader never inflated.
    const notDeflate = new Uint8Array(4096).fill(0xff)
    await expect(
      openZip(buildZip([{ name: 'zeros.bin', data: new Uint8Array(0), declaredSize: 64 * 1024 * 1024, body: notDeflate }])),
    ).rejects.toThrow('压缩比 16384:1 异常（上限 200:1），疑似压缩炸弹')
  })

  it('cuts off a bomb that lies about its size', async () => {
    const liar = buildZip([{ name: 'sheet.xml', data: new Uint8Array(8 * 1024 * 1024), declaredSize: 1000 }])
    const zip = await openZip(liar)
    await expect(zip.read(zip.entries[0])).rejects.toThrow('解压后超过其声明的大小，疑似压缩炸弹')
    await expect(zip.verify()).rejects.toThrow('解压后超过其声明的大小，疑似压缩炸弹')
  })

  it('refuses too many entries, too large a total, traversal, absolute paths, symlinks and corrupt archives', async () => {
    const many = buildZip(Array.from({ length: 5 }, (_, i) => ({ name: `${i}.txt`, data: Buffer.from('x') })))
    await expect(openZip(many, { ...ZIP_LIMITS, maxEntries: 4 })).rejects.toThrow('压缩包中的文件过多（5 个，上限 4 个）')
    const big = buildZip([{ name: 'a.txt', data: Buffer.alloc(3000, 'a'), method: 0 }])
    await expect(openZip(big, { ...ZIP_LIMITS, maxTotalBytes: 2000 })).rejects.toThrow('解压后总大小超过上限')
    await expect(openZip(buildZip([{ name: 'a/../../x', data: Buffer.from('x') }]))).rejects.toThrow('试图跳出所在文件夹')
    await expect(openZip(buildZip([{ name: 'C:\\Windows\\x', data: Buffer.from('x') }]))).rejects.toThrow('是绝对路径')
    await expect(openZip(buildZip([{ name: 'link', data: Buffer.from('/etc'), unixMode: 0o120777 }]))).rejects.toThrow('是符号链接')
    await expect(openZip(Buffer.from('PK\x03\x04 truncated'))).rejects.toThrow('压缩包已损坏或不是 ZIP 格式')
  })
})

describe('CSV', () => {
  it('splits quotes, doubled quotes, line breaks in quotes and CRLF', () => {
    const s = new CsvSplitter(',')
    const rows = [...s.push('a,"b ""x""",c\r\n1,"line1\nline2",3\r\n'), ...s.push('4,5,6')]
    const last = s.end()
    expect(rows.map((r) => r.fields)).toEqual([
      ['a', 'b "x"', 'c'],
      ['1', 'line1\nline2', '3'],
    ])
    expect(rows.map((r) => r.line)).toEqual([1, 2])
    expect(last).toEqual({ line: 4, fields: ['4', '5', '6'] })
  })

  it('reads UTF-8 with a BOM and GBK alike, skipping blank lines', async () => {
    const text = '企业名称,统一社会信用代码,从业人数\r\n杭州甲乙科技有限公司,91330106MA2B0K8Q1X,120\r\n\r\n宁波丙丁机械厂,,\r\n'
    for (const bytes of [Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), encodeGbk(text)]) {
      const r = await openCsv(tmp(bytes, '.csv'))
      expect(r.headers).toEqual(['企业名称', '统一社会信用代码', '从业人数'])
      const rows = await all(r)
      expect(rows).toEqual([
        { line: 2, values: { 企业名称: '杭州甲乙科技有限公司', 统一社会信用代码: '91330106MA2B0K8Q1X', 从业人数: '120' } },
        { line: 4, values: { 企业名称: '宁波丙丁机械厂', 统一社会信用代码: null, 从业人数: null } },
      ])
    }
  })

  it('takes tab-separated text and names empty or repeated headers', async () => {
    const r = await openCsv(tmp('名称\t\t名称\nA\tB\tC\n', '.csv'))
    expect(r.headers).toEqual(['名称', '列2', '名称(2)'])
    expect((await all(r))[0].values).toEqual({ 名称: 'A', 列2: 'B', '名称(2)': 'C' })
  })

  it('says when a file is empty or a quote never closes', async () => {
    await expect(openCsv(tmp('\n\n', '.csv'))).rejects.toThrow('CSV 文件是空的：第一行应为列名')
    const r = await openCsv(tmp('a,b\n1,"open\n', '.csv'))
    await expect(all(r)).rejects.toThrow('CSV 第 2 行的引号没有闭合')
  })
})

describe('xlsx (streamed)', () => {
  async function workbook(rows: unknown[][], sheetName = '企业'): Promise<string> {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet(sheetName)
    for (const r of rows) ws.addRow(r)
    return tmp(Buffer.from(await wb.xlsx.writeBuffer()), '.xlsx')
  }

  it('reads the header row and typed cells: text, numbers, dates, rich text, formulas', async () => {
    const file = await workbook([
      ['名称', '成立日期', '人数', '备注'],
      ['杭州甲乙科技有限公司', new Date(Date.UTC(2015, 2, 5)), 120, { richText: [{ text: '重点' }, { text: '企业' }] }],
      [null, null, null, null],
      ['宁波丙丁机械厂', '2016/7/1', { formula: '1+1', result: 2 }, ''],
    ])
    const r = await openXlsx(file)
    expect(r.headers).toEqual(['名称', '成立日期', '人数', '备注'])
    const rows = await all(r)
    expect(rows).toEqual([
      { line: 2, values: { 名称: '杭州甲乙科技有限公司', 成立日期: '2015-03-05', 人数: 120, 备注: '重点企业' } },
      { line: 4, values: { 名称: '宁波丙丁机械厂', 成立日期: '2016/7/1', 人数: 2, 备注: null } },
    ])
    expect(r.fraction()).toBe(1)
  })

  it('streams 100 000 rows without holding the sheet', async () => {
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'big.xlsx'), useSharedStrings: true })
    const ws = wb.addWorksheet('data')
    ws.addRow(['编号', '名称', '数值']).commit()
    for (let i = 1; i <= 100_000; i++) ws.addRow([i, `企业${i % 997}`, i * 1.5]).commit()
    ws.commit()
    await wb.commit()
    // what the reader keeps alive, not the garbage it has not yet collected: a collection before each look
    const live = () => (collect(), process.memoryUsage().heapUsed)
    const before = live()
    const r = await openXlsx(path.join(dir, 'big.xlsx'))
    let count = 0
    let last: SourceRow | null = null
    let peak = 0
    for await (const row of r.rows()) {
      count++
      last = row
      if (count % 10_000 === 0) peak = Math.max(peak, live() - before)
    }
    await r.close()
    expect(count).toBe(100_000)
    expect(last?.values).toEqual({ 编号: 100_000, 名称: '企业300', 数值: 150_000 })
    // measured: the stream keeps ≈ 1.3 MB alive; holding the 100 000 rows keeps ≈ 13 MB, the inflated
    // sheet XML alone is ~10 MB
    expect(peak).toBeLessThan(6 * 1024 * 1024)
  }, 120_000)

  it('refuses an old .xls, a ZIP without a workbook, and a workbook whose sheet lies about its size', async () => {
    expect(await formatOf(tmp(buildZip([{ name: 'xl/workbook.xml', data: Buffer.from('<x/>') }])), 'zip')).toBe('xlsx')
    await expect(formatOf(tmp('x'), 'ole')).rejects.toThrow('不支持 .xls 旧格式，请在 Excel 中另存为 .xlsx 后上传')
    await expect(formatOf(tmp(buildZip([{ name: 'readme.txt', data: Buffer.from('x') }])), 'zip')).rejects.toThrow(
      '既没有 Excel 工作簿，也没有 Shapefile',
    )
    const good = fs.readFileSync(await workbook([['a'], [1]]))
    const zip = await openZip(good)
    const parts = await Promise.all(zip.entries.map(async (e) => ({ name: e.name, data: await zip.read(e) })))
    await zip.close()
    const sheet = parts.find((p) => p.name.includes('worksheets/sheet'))!
    const padded = Buffer.concat([
      sheet.data.subarray(0, sheet.data.length - 12),
      Buffer.alloc(4 * 1024 * 1024, 0x20),
      sheet.data.subarray(sheet.data.length - 12),
    ])
    const liar = buildZip(parts.map((p) => (p === sheet ? { name: p.name, data: padded, declaredSize: sheet.data.length } : p)))
    await expect(openXlsx(tmp(liar, '.xlsx')).then(all)).rejects.toThrow('疑似压缩炸弹')
  })
})

describe('zipped shapefile', () => {
  const gk = proj4('+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs')
  // a 100 m square in Hangzhou, in EPSG:4549 metres
  const [x0, y0] = gk.forward([120.2, 30.25])
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [x0, y0],
        [x0, y0 + 100],
        [x0 + 100, y0 + 100],
        [x0 + 100, y0],
        [x0, y0],
      ],
    ],
  }
  const records: ShapeRecord[] = [
    { geometry: square, properties: { 宗地代码: '330102001001GB00001', 名称: '杭州湾新材料地块', 容积率: 1.8 } },
    { geometry: null, properties: { 宗地代码: '330102001001GB00002', 名称: '无图形地块', 容积率: null } },
  ]
  const fields = [
    { name: '宗地代码', type: 'C' as const, length: 19 },
    { name: '名称', type: 'C' as const, length: 60 },
    { name: '容积率', type: 'N' as const, length: 8, decimals: 2 },
  ]
  const { shp, shx } = writeShp(records)
  const dbf = writeDbf(fields, records, 'gbk')
  const layer = (extra: { name: string; data: Uint8Array }[] = [], skip: string[] = []) =>
    tmp(
      buildZip(
        [
          { name: '地块/parcels.shp', data: shp },
          { name: '地块/parcels.shx', data: shx },
          { name: '地块/parcels.dbf', data: dbf },
          { name: '地块/parcels.prj', data: Buffer.from(PRJ_4549) },
          { name: '地块/parcels.cpg', data: Buffer.from('GBK') },
          ...extra,
        ].filter((e) => !skip.some((s) => e.name.endsWith(s))),
      ),
      '.zip',
    )

  it('decodes a GBK table and reprojects EPSG:4549 to lon/lat', async () => {
    const file = layer()
    expect(await formatOf(file, 'zip')).toBe('shapefile')
    const r = await openShapefile(file, 'auto')
    expect([r.format, r.crs, r.headers]).toEqual(['shapefile', '4549', ['宗地代码', '名称', '容积率']])
    const rows = await all(r)
    expect(rows.map((x) => x.values)).toEqual(records.map((x) => x.properties))
    const ring = (rows[0].geometry as { coordinates: number[][][] }).coordinates[0]
    const corner = ring.find((p) => Math.abs(p[0] - 120.2) < 1e-6 && Math.abs(p[1] - 30.25) < 1e-6)
    expect(corner).toBeDefined()
    expect(rows[1].geometry).toBeNull()
  })

  it('decodes the GBK table without a .cpg from the language-driver byte', async () => {
    const rows = await all(await openShapefile(layer([], ['.cpg']), 'auto'))
    expect(rows[0].values.名称).toBe('杭州湾新材料地块')
  })

  it('takes a declared GCJ-02 over the .prj and a CGCS2000 geographic .prj as 4490', async () => {
    const lonlat = writeShp([{ geometry: { type: 'Point', coordinates: [120.2, 30.25] }, properties: {} }])
    const pointsDbf = writeDbf([{ name: 'ID', type: 'N', length: 4 }], [{ geometry: null, properties: { ID: 1 } }], 'utf-8')
    const zip = (prj: string) =>
      tmp(
        buildZip([
          { name: 'p.shp', data: lonlat.shp },
          { name: 'p.shx', data: lonlat.shx },
          { name: 'p.dbf', data: pointsDbf },
          { name: 'p.prj', data: Buffer.from(prj) },
        ]),
      )
    const geo = await openShapefile(zip(PRJ_4490), 'auto')
    expect(geo.crs).toBe('4490')
    expect((await all(geo))[0].geometry).toEqual({ type: 'Point', coordinates: [120.2, 30.25] })
    const gcj = await openShapefile(zip(PRJ_4490), 'gcj02')
    const wgs = gcoord.transform([120.2, 30.25], gcoord.GCJ02, gcoord.WGS84) as number[]
    const p = ((await all(gcj))[0].geometry as { coordinates: number[] }).coordinates
    expect(p[0]).toBeCloseTo(wgs[0], 7)
    expect(p[1]).toBeCloseTo(wgs[1], 7)
  })

  it.each([
    ['.dbf', '缺少属性表 parcels.dbf：Shapefile 须同时包含 .shp、.dbf 和 .shx'],
    ['.shx', '缺少索引文件 parcels.shx：Shapefile 须同时包含 .shp、.dbf 和 .shx'],
    ['.prj', '缺少坐标系文件 parcels.prj：请放入 .prj，或上传时选择坐标系'],
  ])('refuses a layer without %s', async (missing, message) => {
    await expect(openShapefile(layer([], [missing]), 'auto')).rejects.toThrow(message)
  })

  it('refuses two layers, mismatched record counts, and coordinates that do not fit the declared system', async () => {
    await expect(openShapefile(layer([{ name: 'other.shp', data: shp }]), 'auto')).rejects.toThrow('压缩包中有 2 个图层')
    const oneRecord = writeDbf(fields, records.slice(0, 1), 'gbk')
    const mismatched = tmp(
      buildZip([
        { name: 'p.shp', data: shp },
        { name: 'p.shx', data: shx },
        { name: 'p.dbf', data: oneRecord },
        { name: 'p.prj', data: Buffer.from(PRJ_4549) },
      ]),
    )
    await expect(openShapefile(mismatched, 'auto')).rejects.toThrow('图形与属性记录数不一致：.shp 2 个图形，.dbf 1 条记录')
    await expect(openShapefile(layer(), '4326')).rejects.toThrow('按WGS84 经纬度（EPSG:4326）换算后不在中国范围内')
  })
})

describe('GeoJSON', () => {
  const gk = proj4('+proj=tmerc +lat_0=0 +lon_0=120 +k=1 +x_0=500000 +y_0=0 +ellps=GRS80 +units=m +no_defs')
  it('honours a crs member naming EPSG:4549', async () => {
    const [x, y] = gk.forward([121.55, 29.87])
    const doc = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'urn:ogc:def:crs:EPSG::4549' } },
      features: [
        { type: 'Feature', properties: { 名称: '宁波', 面积: 12.5, 标签: ['a'] }, geometry: { type: 'Point', coordinates: [x, y] } },
      ],
    }
    const r = await openGeoJson(tmp(JSON.stringify(doc), '.geojson'), 'auto')
    expect(r.crs).toBe('4549')
    const [row] = await all(r)
    expect(row.values).toEqual({ 名称: '宁波', 面积: 12.5, 标签: '["a"]' })
    const p = (row.geometry as { coordinates: number[] }).coordinates
    expect(p[0]).toBeCloseTo(121.55, 7)
    expect(p[1]).toBeCloseTo(29.87, 7)
  })

  it('assumes WGS84 without a crs member and refuses what is not a FeatureCollection', async () => {
    const r = await openGeoJson(
      tmp(JSON.stringify({ type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry: null }] })),
      'auto',
    )
    expect(r.crs).toBe('4326')
    await expect(openGeoJson(tmp('{"type":"Polygon"}'), 'auto')).rejects.toThrow('GeoJSON 应为 FeatureCollection')
    await expect(openGeoJson(tmp('{"type":'), 'auto')).rejects.toThrow('GeoJSON 不是合法的 JSON 文本')
    await expect(openGeoJson(tmp('{"type":"FeatureCollection","features":[]}'), 'auto')).rejects.toThrow('GeoJSON 中没有要素')
    const unsupported = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'EPSG:3857' } },
      features: [{ type: 'Feature', properties: {}, geometry: null }],
    }
    await expect(openGeoJson(tmp(JSON.stringify(unsupported)), 'auto')).rejects.toThrow('GeoJSON 声明了不支持的坐标系「EPSG:3857」')
  })
})

describe('coordinate systems and shapes', () => {
  it('identifies .prj files', () => {
    expect(crsOfPrj(PRJ_4549)).toBe('4549')
    expect(crsOfPrj(PRJ_4490)).toBe('4490')
    expect(crsOfPrj('GEOGCS["GCS_WGS_1984",DATUM["D_WGS_1984",SPHEROID["WGS_1984",6378137.0,298.257223563]]]')).toBe('4326')
    expect(() => crsOfPrj(PRJ_4549.replace('"Central_Meridian",120.0', '"Central_Meridian",117.0'))).toThrow('中央经线 117°')
    expect(() => crsOfPrj('PROJCS["WGS_1984_Web_Mercator_Auxiliary_Sphere",GEOGCS["GCS_WGS_1984"]]')).toThrow(
      '不支持的坐标系「WGS_1984_Web_Mercator_Auxiliary_Sphere」',
    )
  })

  it('names structural problems of shapes', () => {
    expect(
      shapeProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [0, 1],
            [1, 1],
            [0, 0],
          ],
        ],
      }),
    ).toBeNull()
    expect(
      shapeProblem({
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [0, 1],
            [1, 1],
            [1, 0],
          ],
        ],
      }),
    ).toBe('外环未闭合（首尾点不同）')
    expect(
      shapeProblem({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [0, 1],
              [0, 0],
            ],
          ],
        ],
      }),
    ).toBe('第 1 个面的外环只有 3 个点，至少需要 4 个（首尾相同）')
    expect(shapeProblem({ type: 'Point', coordinates: [NaN, 1] })).toBe('点坐标无效')
  })
})

describe('geometry reasons', () => {
  it('speaks Chinese with the place', () => {
    expect(geometryReason('Self-intersection[120.1234567 30.7654321]')).toBe('边界自相交（位置 120.123457, 30.765432）')
    expect(geometryReason('Ring Self-intersection[1 2]')).toBe('环自相交（位置 1.000000, 2.000000）')
    expect(geometryReason('Hole lies outside shell')).toBe('内环（洞）在外环之外')
    expect(geometryReason('Something new')).toBe('Something new')
  })
})
