/**
 * CSV sources, streamed: the encoding is decided from the first 64 KB (UTF-8 with or without BOM,
 * else GBK), the delimiter from the header line (comma, tab or semicolon), and fields follow RFC
 * 4180 (quotes, doubled quotes, line breaks inside quotes). Rows are read as the file streams.
 */
import fs from 'node:fs'
import { detectTextEncoding } from './text-encoding'
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, SourceError, uniqueHeaders, type SourceReader, type SourceRow } from './types'

const SAMPLE = 64 * 1024

/** Splits decoded text into records of fields, keeping state across chunks. */
export class CsvSplitter {
  private field = ''
  private record: string[] = []
  private quoted = false
  /** the last char was a closing quote inside a quoted field (a doubled quote or the end) */
  private quoteSeen = false
  private lastCr = false
  /** line number where the current record started (1-based) */
  line = 1
  private recordLine = 1

  constructor(private readonly delimiter: string) {}

  /** Feeds text; returns the records completed by it with their first line number. */
  push(text: string): { line: number; fields: string[] }[] {
    const out: { line: number; fields: string[] }[] = []
    for (let i = 0; i < text.length; i++) {
      const c = text[i]
      if (this.quoted) {
        if (this.quoteSeen) {
          this.quoteSeen = false
          if (c === '"') {
            this.field += '"'
            continue
          }
          this.quoted = false
          // fall through: c ends the quoted part
        } else if (c === '"') {
          this.quoteSeen = true
          continue
        } else {
          if (c === '\n') this.line++
          this.field += c
          continue
        }
      }
      if (c === '\n' && this.lastCr) {
        this.lastCr = false
        continue
      }
      this.lastCr = false
      if (c === '"' && this.field === '') {
        this.quoted = true
      } else if (c === this.delimiter) {
        this.record.push(this.field)
        this.field = ''
      } else if (c === '\n' || c === '\r') {
        this.lastCr = c === '\r'
        this.record.push(this.field)
        out.push({ line: this.recordLine, fields: this.record })
        this.record = []
        this.field = ''
        this.line++
        this.recordLine = this.line
      } else {
        this.field += c
      }
    }
    return out
  }

  /** The last record when the text does not end with a line break. */
  end(): { line: number; fields: string[] } | null {
    if (this.quoted && this.quoteSeen) this.quoted = false
    if (this.quoted) throw new SourceError(`CSV 第 ${this.recordLine} 行的引号没有闭合`)
    if (this.field === '' && this.record.length === 0) return null
    this.record.push(this.field)
    return { line: this.recordLine, fields: this.record }
  }
}

function delimiterOf(firstLine: string): string {
  const counts = [',', '\t', ';'].map((d) => [d, firstLine.split(d).length] as const)
  counts.sort((a, b) => b[1] - a[1])
  return counts[0][1] > 1 ? counts[0][0] : ','
}

const isBlankRecord = (fields: string[]) => fields.every((f) => f.trim() === '')

/**
 * Counts the data records of a file (the first non-blank one is the header), stopping once past
 * the row limit: one streamed pass that keeps nothing but the splitter's current record.
 */
async function dataRecords(file: string, encoding: string, delimiter: string): Promise<number> {
  const splitter = new CsvSplitter(delimiter)
  const decoder = new TextDecoder(encoding)
  let records = 0
  const count = (rs: { fields: string[] }[]) => {
    for (const r of rs) if (!isBlankRecord(r.fields)) records++
  }
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 })
  try {
    for await (const chunk of stream) {
      count(splitter.push(decoder.decode(chunk as Buffer, { stream: true })))
      if (records > MAX_IMPORT_ROWS + 1) return records - 1
    }
  } finally {
    stream.destroy()
  }
  count(splitter.push(decoder.decode()))
  try {
    const last = splitter.end()
    if (last) count([last])
  } catch {
    // an unclosed quote is reported by the read itself, with its line
  }
  return Math.max(0, records - 1)
}

/**
 * Opens a CSV file: counts its records first (over the row limit: 413 before a row is staged),
 * then reads the header line at once, rows as they are iterated.
 */
export async function openCsv(file: string): Promise<SourceReader> {
  const size = fs.statSync(file).size
  const fh = await fs.promises.open(file, 'r')
  const sample = Buffer.alloc(Math.min(SAMPLE, size))
  await fh.read(sample, 0, sample.length, 0)
  await fh.close()
  const encoding = detectTextEncoding(sample)
  const sampleText = new TextDecoder(encoding).decode(sample).replace(/^\uFEFF/, '')
  const delimiter = delimiterOf(sampleText.split(/\r?\n/)[0] ?? '')
  const total = await dataRecords(file, encoding, delimiter)
  if (total > MAX_IMPORT_ROWS) throw new SourceError(`CSV 的数据行超过单批上限 ${MAX_IMPORT_ROWS} 条，请拆分后分批导入`, 413)
  const splitter = new CsvSplitter(delimiter)

  let read = 0
  const stream = fs.createReadStream(file, { highWaterMark: 256 * 1024 })
  const decoder = new TextDecoder(encoding, { ignoreBOM: false })
  const iterator = stream[Symbol.asyncIterator]()
  const pending: { line: number; fields: string[] }[] = []
  let done = false

  /** Fills `pending` with at least one record, or ends. */
  const fill = async () => {
    while (pending.length === 0 && !done) {
      const next = await iterator.next()
      if (next.done) {
        done = true
        const tail = splitter.push(decoder.decode())
        pending.push(...tail)
        const last = splitter.end()
        if (last) pending.push(last)
        break
      }
      read += (next.value as Buffer).length
      pending.push(...splitter.push(decoder.decode(next.value as Buffer, { stream: true })))
    }
  }

  let header: { line: number; fields: string[] } | undefined
  while (!header) {
    await fill()
    const r = pending.shift()
    if (!r) break
    if (!isBlankRecord(r.fields)) header = r
  }
  if (!header) {
    stream.destroy()
    throw new SourceError('CSV 文件是空的：第一行应为列名')
  }
  if (header.fields.length > MAX_IMPORT_COLUMNS) {
    stream.destroy()
    throw new SourceError(`CSV 有 ${header.fields.length} 列，超过上限 ${MAX_IMPORT_COLUMNS} 列`)
  }
  const headers = uniqueHeaders(header.fields)

  return {
    format: 'csv',
    headers,
    crs: null,
    fraction: () => (size ? Math.min(1, read / size) : 1),
    async *rows(): AsyncIterable<SourceRow> {
      for (;;) {
        await fill()
        const r = pending.shift()
        if (!r) return
        if (isBlankRecord(r.fields)) continue
        const values: SourceRow['values'] = {}
        headers.forEach((h, i) => {
          const v = r.fields[i]
          values[h] = v === undefined || v.trim() === '' ? null : v.trim()
        })
        yield { line: r.line, values }
      }
    },
    close: async () => {
      stream.destroy()
    },
  }
}
