/**
 * What every import source (xlsx, csv, zipped shapefile, GeoJSON) gives the batch staging: column
 * names, then rows one at a time with their geometry already in EPSG:4326, and how far it has read.
 */
import type { Geometry } from 'geojson'
import type { ImportFormat, SourceCrs } from '../../../../domain/datacenter/import-batch'
import { openZip, ZipError, type ZipArchive } from '../../../files/zip'

/** One data row (or feature) of a source. */
export interface SourceRow {
  /** where the clerk finds it: the Excel row number, the CSV line, the feature's position */
  line: number
  /** column → value as read (text, number, boolean, date text) */
  values: Record<string, string | number | boolean | null>
  /** the feature's shape in EPSG:4326 (spatial formats only) */
  geometry?: Geometry | null
}

/** An opened source. */
export interface SourceReader {
  format: ImportFormat
  /** column names in file order, unique and non-empty */
  headers: string[]
  /** the coordinate system the shapes were read in (null: no shapes) */
  crs: SourceCrs | null
  /** the data rows; can be iterated once */
  rows(): AsyncIterable<SourceRow>
  /** 0..1: how much of the source has been read */
  fraction(): number
  close(): Promise<void>
}

/**
 * A source that cannot be read, with the Chinese reason to show and the status to answer with:
 * 400 bad content, 413 more than the limits take, 422 a file that contradicts itself (a header
 * that declares more than the file holds) or that could not be read within the time budget.
 */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 422 = 400,
  ) {
    super(message)
  }
}

/** Most rows one batch takes (a 100 000-row sheet is accepted, streamed). */
export const MAX_IMPORT_ROWS = 200_000
/** Most columns a source may have. */
export const MAX_IMPORT_COLUMNS = 200

/**
 * Time budgets of a parse (it runs in a worker thread, see worker-reader.ts): opening a source
 * (format, header, the declared counts, a CSV's row count) and each chunk of rows after that.
 */
export const PARSE_BUDGET = { openMs: 60_000, chunkMs: 60_000 }
/** The heap a parse worker may grow to; past it the worker ends, never the server. */
export const PARSE_WORKER_HEAP_MB = 1024

/** 413 for a source with more rows than one batch takes. */
export const tooManyRows = (what: string, n: number) =>
  new SourceError(`${what}有 ${n} 条，超过单批上限 ${MAX_IMPORT_ROWS} 条，请拆分后分批导入`, 413)

/** Column names made usable: trimmed, empty ones named 列N, repeated ones numbered. */
export function uniqueHeaders(raw: readonly unknown[]): string[] {
  const seen = new Map<string, number>()
  return raw.map((h, i) => {
    let name =
      String(h ?? '')
        .replace(/\s+/g, ' ')
        .trim() || `列${i + 1}`
    const n = seen.get(name) ?? 0
    seen.set(name, n + 1)
    if (n > 0) name = `${name}(${n + 1})`
    return name
  })
}

/** Opens an archive of a source; a refused or broken archive becomes a {@link SourceError}. */
export async function openSourceZip(file: string): Promise<ZipArchive> {
  try {
    return await openZip(file)
  } catch (err) {
    if (err instanceof ZipError) throw new SourceError(err.message)
    throw err
  }
}
