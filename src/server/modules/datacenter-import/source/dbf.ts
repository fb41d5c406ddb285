/**
 * dBASE (.dbf) attribute tables of shapefiles, decoded in the table's own encoding: the .cpg
 * when there is one, else the language driver byte (0x4D / 0x7A = GBK, as ArcGIS writes for
 * Chinese), else UTF-8 when it decodes cleanly, else GBK.
 */
import { encodingOfLabel } from './text-encoding'
import { SourceError } from './types'

/** One field descriptor. */
export interface DbfField {
  name: string
  type: string
  length: number
  decimals: number
}

/** A parsed table: fields, and records (null for a deleted record) in file order. */
export interface DbfTable {
  fields: DbfField[]
  encoding: string
  records: (Record<string, string | number | boolean | null> | null)[]
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true })

/** The encoding to read a table in. */
export function dbfEncoding(buf: Buffer, cpg: string | null): string {
  const fromCpg = cpg ? encodingOfLabel(cpg) : null
  if (fromCpg) return fromCpg
  const ldid = buf[29]
  if (ldid === 0x4d || ldid === 0x7a) return 'gb18030'
  const headerLen = buf.readUInt16LE(8)
  try {
    utf8Strict.decode(buf.subarray(headerLen))
    return 'utf-8'
  } catch {
    return 'gb18030'
  }
}

/** Parses a .dbf (dBASE III/IV as shapefiles use). Throws {@link SourceError} when it is not one. */
export function parseDbf(buf: Buffer, cpg: string | null): DbfTable {
  if (buf.length < 33) throw new SourceError('.dbf 属性表已损坏（文件过短）')
  const count = buf.readUInt32LE(4)
  const headerLen = buf.readUInt16LE(8)
  const recordLen = buf.readUInt16LE(10)
  if (headerLen < 33 || recordLen < 1 || headerLen > buf.length || headerLen + count * recordLen > buf.length + 1) {
    throw new SourceError('.dbf 属性表已损坏（记录数与文件大小不符）')
  }
  const encoding = dbfEncoding(buf, cpg)
  const decoder = new TextDecoder(encoding)
  const fields: DbfField[] = []
  for (let p = 32; p + 32 <= headerLen && buf[p] !== 0x0d; p += 32) {
    const raw = buf.subarray(p, p + 11)
    const end = raw.indexOf(0)
    fields.push({
      name: decoder.decode(raw.subarray(0, end < 0 ? 11 : end)).trim(),
      type: String.fromCharCode(buf[p + 11]),
      length: buf[p + 16],
      decimals: buf[p + 17],
    })
  }
  if (fields.length === 0) throw new SourceError('.dbf 属性表没有字段')
  const width = fields.reduce((n, f) => n + f.length, 1)
  if (width > recordLen) throw new SourceError('.dbf 属性表已损坏（字段宽度超过记录长度）')
  const records: DbfTable['records'] = []
  for (let i = 0; i < count; i++) {
    const start = headerLen + i * recordLen
    if (start + recordLen > buf.length) break
    if (buf[start] === 0x2a) {
      records.push(null)
      continue
    }
    const rec: Record<string, string | number | boolean | null> = {}
    let at = start + 1
    for (const f of fields) {
      const cell = buf.subarray(at, at + f.length)
      at += f.length
      rec[f.name] = cellOf(f, cell, decoder)
    }
    records.push(rec)
  }
  return { fields, encoding, records }
}

function cellOf(f: DbfField, cell: Buffer, decoder: TextDecoder): string | number | boolean | null {
  switch (f.type) {
    case 'N':
    case 'F': {
      const s = cell.toString('latin1').trim()
      if (!s || /^\*+$/.test(s)) return null
      const n = Number(s)
      return Number.isFinite(n) ? n : null
    }
    case 'D': {
      const s = cell.toString('latin1').trim()
      return /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null
    }
    case 'L': {
      const s = cell.toString('latin1').trim().toUpperCase()
      return s === 'T' || s === 'Y' ? true : s === 'F' || s === 'N' ? false : null
    }
    default: {
      const s = decoder.decode(cell).replace(/\0/g, '').trim()
      return s === '' ? null : s
    }
  }
}
