/**
 * Zipped shapefiles: read in memory from the safe ZIP reader (nothing is extracted to disk).
 * Needs one layer's .shp + .dbf + .shx (same base name); reads .prj for the coordinate system
 * (CGCS2000 / 3-degree GK CM 120°E → EPSG:4549, CGCS2000 or WGS84 geographic; a declared GCJ-02
 * overrides) and .cpg for the attribute encoding (GBK tables decoded correctly). Shapes are
 * reprojected to EPSG:4326.
 */
import type { Geometry } from 'geojson'
import type { DeclaredCrs, SourceCrs } from '../../../../domain/datacenter/import-batch'
import { ZipError, type ZipArchive, type ZipEntry } from '../../../files/zip'
import { assertPlausible, crsOfPrj, firstPosition, mapGeometry, toWgs84 } from './crs'
import { parseDbf } from './dbf'
import {
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_ROWS,
  openSourceZip,
  SourceError,
  tooManyRows,
  uniqueHeaders,
  type SourceReader,
  type SourceRow,
} from './types'

/** Whether a ZIP holds a shapefile layer (a .shp entry). */
export function hasShapefile(entries: readonly ZipEntry[]): boolean {
  return entries.some((e) => isLayerFile(e.name, '.shp'))
}

function isLayerFile(name: string, ext: string): boolean {
  const base = name.split('/').pop() ?? ''
  return !name.startsWith('__MACOSX/') && !base.startsWith('.') && base.toLowerCase().endsWith(ext)
}

const stem = (name: string) => name.slice(0, name.length - 4)

/** Opens a zipped shapefile (`file` is the stored ZIP). */
export async function openShapefile(file: string, declared: DeclaredCrs): Promise<SourceReader> {
  const zip = await openSourceZip(file)
  try {
    return await readLayer(zip, declared)
  } catch (err) {
    if (err instanceof ZipError) throw new SourceError(err.message)
    if (err instanceof SourceError) throw err
    throw new SourceError('Shapefile 已损坏，无法读取图形（.shp）')
  } finally {
    await zip.close()
  }
}

/**
 * What the headers declare, checked before a body is inflated or a record built: the .dbf's record
 * count and the .shx's index count against the row limit (413) and against the sizes the entries
 * really have, and the .shp's declared length against its size (422). A 2 MB archive whose table
 * claims 99 000 000 records is refused here, having read 112 bytes.
 */
async function checkDeclaredCounts(zip: ZipArchive, e: { shp: ZipEntry; dbf: ZipEntry; shx: ZipEntry }, shown: string): Promise<void> {
  const dbf = await zip.readHead(e.dbf, 12)
  if (dbf.length < 12) throw new SourceError(`属性表 ${shown}.dbf 已损坏（文件过短）`, 422)
  const records = dbf.readUInt32LE(4)
  const headerLen = dbf.readUInt16LE(8)
  const recordLen = dbf.readUInt16LE(10)
  if (records > MAX_IMPORT_ROWS) throw tooManyRows(`属性表 ${shown}.dbf 声明的记录`, records)
  if (headerLen < 33 || recordLen < 1 || headerLen + records * recordLen > e.dbf.size + 1) {
    throw new SourceError(
      `属性表 ${shown}.dbf 声明有 ${records} 条记录（每条 ${recordLen} 字节），而文件只有 ${e.dbf.size} 字节：文件已损坏或被篡改`,
      422,
    )
  }
  const indexed = (e.shx.size - 100) / 8
  if (e.shx.size < 100 || !Number.isInteger(indexed)) throw new SourceError(`索引文件 ${shown}.shx 已损坏（大小不符合格式）`, 422)
  if (indexed > MAX_IMPORT_ROWS) throw tooManyRows(`索引文件 ${shown}.shx 声明的图形`, indexed)
  if (indexed !== records)
    throw new SourceError(`图形与属性记录数不一致：.shp ${indexed} 个图形，.dbf ${records} 条记录（按 .shx 索引与 .dbf 表头）`, 422)
  const shp = await zip.readHead(e.shp, 100)
  if (shp.length < 100 || shp.readUInt32BE(0) !== 9994) throw new SourceError(`${shown}.shp 不是有效的 Shapefile 图形文件`)
  const declaredBytes = shp.readUInt32BE(24) * 2
  if (declaredBytes > e.shp.size || e.shp.size < 100 + indexed * 12) {
    throw new SourceError(`${shown}.shp 声明长度 ${declaredBytes} 字节，而文件只有 ${e.shp.size} 字节：文件已损坏或被篡改`, 422)
  }
}

async function readLayer(zip: ZipArchive, declared: DeclaredCrs): Promise<SourceReader> {
  const shps = zip.entries.filter((e) => isLayerFile(e.name, '.shp'))
  if (shps.length === 0) throw new SourceError('压缩包中没有 .shp 图形文件')
  if (shps.length > 1)
    throw new SourceError(`压缩包中有 ${shps.length} 个图层（${shps.map((e) => e.name).join('、')}），请每次只导入一个图层`)
  const base = stem(shps[0].name)
  const part = (ext: string) => zip.entries.find((e) => e.name.toLowerCase() === `${base}${ext}`.toLowerCase())
  const dbfEntry = part('.dbf')
  const shxEntry = part('.shx')
  const prjEntry = part('.prj')
  const cpgEntry = part('.cpg')
  const shown = base.split('/').pop()
  if (!dbfEntry) throw new SourceError(`缺少属性表 ${shown}.dbf：Shapefile 须同时包含 .shp、.dbf 和 .shx`)
  if (!shxEntry) throw new SourceError(`缺少索引文件 ${shown}.shx：Shapefile 须同时包含 .shp、.dbf 和 .shx`)

  let crs: SourceCrs
  if (declared !== 'auto') crs = declared
  else if (prjEntry) crs = crsOfPrj(new TextDecoder('utf-8').decode(await zip.read(prjEntry)))
  else throw new SourceError(`缺少坐标系文件 ${shown}.prj：请放入 .prj，或上传时选择坐标系`)
  const cpg = cpgEntry ? new TextDecoder('utf-8').decode(await zip.read(cpgEntry)).trim() : null

  await checkDeclaredCounts(zip, { shp: shps[0], dbf: dbfEntry, shx: shxEntry }, shown ?? '')
  const table = parseDbf(await zip.read(dbfEntry), cpg)
  const shpBytes = await zip.read(shps[0])
  const shx = await zip.read(shxEntry)
  if (shpBytes.length < 100 || shpBytes.readUInt32BE(0) !== 9994) throw new SourceError(`${shown}.shp 不是有效的 Shapefile 图形文件`)
  let shapes: (Geometry | null)[]
  try {
    shapes = (await import('shpjs')).parseShp(shpBytes)
  } catch {
    throw new SourceError(`${shown}.shp 已损坏，无法读取图形`)
  }
  const indexed = (shx.length - 100) / 8
  if (shapes.length !== table.records.length || (Number.isInteger(indexed) && indexed !== shapes.length)) {
    throw new SourceError(
      `图形与属性记录数不一致：.shp ${shapes.length} 个图形，.dbf ${table.records.length} 条记录${Number.isInteger(indexed) ? `，.shx ${indexed} 条索引` : ''}`,
    )
  }
  if (shapes.length > MAX_IMPORT_ROWS) throw tooManyRows('Shapefile 的要素', shapes.length)
  if (table.fields.length > MAX_IMPORT_COLUMNS)
    throw new SourceError(`属性表有 ${table.fields.length} 个字段，超过上限 ${MAX_IMPORT_COLUMNS} 个`)

  const project = toWgs84(crs)
  const first = shapes.findIndex((g) => g && firstPosition(g))
  if (first >= 0) {
    const p = firstPosition(shapes[first] as Geometry)
    if (p) assertPlausible(p, project(p), crs, `第 ${first + 1} 个图形`)
  }
  const names = table.fields.map((f) => f.name)
  const headers = uniqueHeaders(names)
  let done = 0
  return {
    format: 'shapefile',
    headers,
    crs,
    fraction: () => (shapes.length ? done / shapes.length : 1),
    async *rows(): AsyncIterable<SourceRow> {
      for (let i = 0; i < shapes.length; i++) {
        done = i + 1
        const rec = table.records[i]
        if (rec === null) continue
        const values: SourceRow['values'] = {}
        names.forEach((n, j) => (values[headers[j]] = rec[n] ?? null))
        const g = shapes[i]
        yield { line: i + 1, values, geometry: g ? mapGeometry(g, project) : null }
      }
    },
    close: async () => {},
  }
}
