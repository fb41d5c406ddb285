/**
 * Excel sources, streamed: exceljs's streaming workbook reader parses the first worksheet row by
 * row, fed from our safe ZIP reader (src/server/files/zip.ts) in the order it needs (relations,
 * workbook, shared strings, styles, then the sheet). So a 100 000-row sheet is never held in
 * memory, exceljs never writes a temporary copy of a sheet to the system's temp folder, and every
 * entry is cut off at its declared size (zip bombs stop at the limit, not at the disk's end).
 */
import { StringDecoder } from 'node:string_decoder'
import { ZipError, type ZipArchive } from '../../../files/zip'
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

/** The parts of exceljs's WorkbookReader this reader drives (stable in exceljs 4). */
interface WorkbookInternals {
  model: { sheets?: { name: string; rId: string; state?: string }[] }
  workbookRels?: { Id: string; Target: string }[]
  _parseRels(stream: NodeJS.ReadableStream): Promise<void>
  _parseWorkbook(stream: NodeJS.ReadableStream): Promise<void>
  _parseSharedStrings(stream: NodeJS.ReadableStream): AsyncGenerator<unknown>
  _parseStyles(stream: NodeJS.ReadableStream): Promise<void>
  _parseWorksheet(iterator: AsyncIterable<unknown>, sheetNo: string): Generator<{ eventType: string; value: AsyncIterable<ExcelRow> }>
}
interface ExcelRow {
  number: number
  values: unknown[]
}

/** A cell value as plain data: rich text joined, formulas by their result, dates as text. */
export function cellValue(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v.trim() === '' ? null : v.trim()
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v === 'boolean') return v
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) return null
    const iso = v.toISOString()
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19).replace('T', ' ')
  }
  if (typeof v === 'object') {
    const o = v as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown; formula?: unknown }
    if (Array.isArray(o.richText)) return cellValue(o.richText.map((r) => r.text).join(''))
    if ('result' in o) return cellValue(o.result)
    if ('error' in o) return null
    if (typeof o.text === 'string') return cellValue(o.text)
  }
  return null
}

async function entryStream(zip: ZipArchive, name: string, onBytes?: (n: number) => void): Promise<NodeJS.ReadableStream | null> {
  const e = zip.find(name)
  return e ? zip.openStream(e, onBytes) : null
}

/** Opens the first worksheet of an .xlsx file: the header row at once, data rows as iterated. */
export async function openXlsx(file: string): Promise<SourceReader> {
  const zip = await openSourceZip(file)
  try {
    // loaded on first use: exceljs takes most of a second to load, which the server's start should not pay
    const ExcelJS = (await import('exceljs')).default
    const reader = new ExcelJS.stream.xlsx.WorkbookReader(file, {
      sharedStrings: 'cache',
      styles: 'cache',
      hyperlinks: 'ignore',
      worksheets: 'emit',
      entries: 'ignore',
    }) as unknown as WorkbookInternals
    const rels = await entryStream(zip, 'xl/_rels/workbook.xml.rels')
    const book = await entryStream(zip, 'xl/workbook.xml')
    if (!rels || !book) throw new SourceError('不是有效的 Excel（.xlsx）文件：缺少工作簿。若是 .xls 旧格式，请在 Excel 中另存为 .xlsx')
    await reader._parseRels(rels)
    await reader._parseWorkbook(book)
    const strings = await entryStream(zip, 'xl/sharedStrings.xml')
    if (strings) for await (const _ of reader._parseSharedStrings(strings)) void _
    const styles = await entryStream(zip, 'xl/styles.xml')
    if (styles) await reader._parseStyles(styles)

    const sheet = (reader.model.sheets ?? []).find((s) => s.state !== 'hidden') ?? reader.model.sheets?.[0]
    const target = sheet && reader.workbookRels?.find((r) => r.Id === sheet.rId)?.Target
    const path = target && (target.startsWith('/') ? target.slice(1) : `xl/${target}`)
    const sheetEntry = path ? zip.find(path) : undefined
    const sheetNo = /sheet(\d+)\.xml$/i.exec(path ?? '')?.[1]
    if (!sheetEntry || !sheetNo) throw new SourceError('Excel 文件中没有可读取的工作表')

    // the sheet's <dimension ref="A1:K250001"/> (when written) declares its last row: checked before reading rows
    const dimension = /<dimension\s+ref="[A-Z]+\d+:[A-Z]+(\d+)"/.exec((await zip.readHead(sheetEntry, 4096)).toString('utf8'))
    if (dimension && Number(dimension[1]) - 1 > MAX_IMPORT_ROWS) throw tooManyRows(`工作表声明的数据行`, Number(dimension[1]) - 1)

    let inflated = 0
    const sheetStream = await zip.openStream(sheetEntry, (n) => (inflated += n))
    const emitted = reader._parseWorksheet(utf8Text(sheetStream as unknown as AsyncIterable<Buffer>), sheetNo).next().value
    if (!emitted) throw new SourceError('Excel 文件中没有可读取的工作表')
    const rowIterator = emitted.value[Symbol.asyncIterator]()

    const nextRow = async (): Promise<ExcelRow | null> => {
      try {
        const r = await rowIterator.next()
        return r.done ? null : r.value
      } catch (err) {
        if (err instanceof ZipError) throw new SourceError(err.message)
        throw new SourceError(`Excel 工作表「${sheet?.name ?? ''}」已损坏，无法读取`)
      }
    }
    let header: ExcelRow | null = null
    for (;;) {
      header = await nextRow()
      if (!header || header.values.some((v) => cellValue(v) !== null)) break
    }
    if (!header) throw new SourceError(`工作表「${sheet?.name ?? ''}」是空的：第一行应为列名`)
    const width = header.values.length - 1
    if (width > MAX_IMPORT_COLUMNS) throw new SourceError(`工作表有 ${width} 列，超过上限 ${MAX_IMPORT_COLUMNS} 列`)
    const headers = uniqueHeaders(Array.from({ length: width }, (_, i) => cellValue(header.values[i + 1]) ?? ''))

    return {
      format: 'xlsx',
      headers,
      crs: null,
      fraction: () => (sheetEntry.size ? Math.min(1, inflated / sheetEntry.size) : 1),
      async *rows(): AsyncIterable<SourceRow> {
        for (;;) {
          const r = await nextRow()
          if (!r) return
          const values: SourceRow['values'] = {}
          let any = false
          headers.forEach((h, i) => {
            const v = cellValue(r.values[i + 1])
            values[h] = v
            if (v !== null) any = true
          })
          if (any) yield { line: r.number, values }
        }
      },
      close: () => zip.close(),
    }
  } catch (err) {
    await zip.close()
    if (err instanceof SourceError) throw err
    if (err instanceof ZipError) throw new SourceError(err.message)
    throw new SourceError('不是有效的 Excel（.xlsx）文件，或文件已损坏。若是 .xls 旧格式，请在 Excel 中另存为 .xlsx')
  }
}

/**
 * The worksheet XML as text, decoded across chunk boundaries: ExcelJS turns each chunk into a string
 * on its own, which broke a Chinese character whose UTF-8 bytes straddled two chunks into U+FFFD
 * (about one cell in 2 400 of a large sheet).
 */
async function* utf8Text(chunks: AsyncIterable<Buffer>): AsyncIterable<string> {
  const decoder = new StringDecoder('utf8')
  for await (const chunk of chunks) {
    const text = decoder.write(chunk)
    if (text) yield text
  }
  const rest = decoder.end()
  if (rest) yield rest
}
