/**
 * Opens an import source by its content (never by its name): a ZIP holding an Excel workbook or
 * a shapefile layer, JSON (GeoJSON) or text (CSV).
 */
import type { DeclaredCrs, ImportFormat } from '../../../../domain/datacenter/import-batch'
import type { FileKind } from '../../../../domain/files/file-type'
import { openCsv } from './csv'
import { openGeoJson } from './geojson'
import { hasShapefile, openShapefile } from './shapefile'
import { openSourceZip, SourceError, type SourceReader } from './types'
import { openXlsx } from './xlsx'

/** The import format of stored content, or a {@link SourceError} saying why it is none. */
export async function formatOf(file: string, kind: FileKind): Promise<ImportFormat> {
  switch (kind) {
    case 'zip': {
      const zip = await openSourceZip(file)
      try {
        if (zip.find('xl/workbook.xml')) return 'xlsx'
        if (hasShapefile(zip.entries)) return 'shapefile'
        throw new SourceError('压缩包中既没有 Excel 工作簿，也没有 Shapefile 图形文件（.shp）')
      } finally {
        await zip.close()
      }
    }
    case 'json':
      return 'geojson'
    case 'text':
      return 'csv'
    case 'ole':
      throw new SourceError('不支持 .xls 旧格式，请在 Excel 中另存为 .xlsx 后上传')
    case 'shp':
      throw new SourceError('请把 .shp、.dbf、.shx、.prj（和 .cpg）一起压缩为 .zip 后上传')
    default:
      throw new SourceError('不支持的文件内容：请上传 .xlsx、.csv、Shapefile 压缩包（.zip）或 GeoJSON')
  }
}

/** Opens stored content as an import source of the given format. */
export function openSource(file: string, format: ImportFormat, crs: DeclaredCrs): Promise<SourceReader> {
  switch (format) {
    case 'xlsx':
      return openXlsx(file)
    case 'csv':
      return openCsv(file)
    case 'geojson':
      return openGeoJson(file, crs)
    case 'shapefile':
      return openShapefile(file, crs)
  }
}
