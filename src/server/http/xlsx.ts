/**
 * The one xlsx writer of the server: every export (master and staging lists, reports, the
 * operation log) streams through {@link sendXlsx} — rows go from the database to the client page
 * by page through exceljs' streaming writer, so a list of any length never sits in memory whole —
 * and the generated import template writes its rows through {@link safeRow}. Either way a text
 * cell that a spreadsheet would read as a formula is escaped.
 */
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'

/** One column of an export: header text, the row key, and a width in characters. */
export interface XlsxColumn<R> {
  header: string
  /** the value of the cell (text, number, Date, boolean or blank) */
  value: (row: R) => string | number | boolean | Date | null | undefined
  width?: number
  /** a note on the header cell, read on hover (a figure's 口径) */
  note?: string
}

/**
 * First characters that make a spreadsheet evaluate a cell (CSV/formula injection, OWASP):
 * = + - @, and tab / carriage return which some programs strip before reading the rest.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** A cell value safe to open: text starting like a formula gets a leading apostrophe. */
export function escapeCell<T>(value: T): T | string {
  return typeof value === 'string' && FORMULA_START.test(value) ? `'${value}` : value
}

/** A row of values with every cell escaped (for workbooks built whole, like the import template). */
export function safeRow(values: readonly unknown[]): unknown[] {
  return values.map((v) => escapeCell(v))
}

/** An ISO time from the database as a date cell (empty when none). */
export const dateCell = (iso: string | null): Date | null => (iso ? new Date(iso) : null)

/** RFC 6266 / 5987 Content-Disposition for a (Chinese) file name. */
export function attachmentHeader(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`
}

/**
 * Sends an xlsx of one sheet: headers, then every row the pages yield. The reply starts at once;
 * a failure while rows are read ends the download (the client sees a broken file rather than a
 * silently short one) and is logged.
 */
export function sendXlsx<R>(
  reply: FastifyReply,
  opts: { filename: string; sheet: string; columns: XlsxColumn<R>[]; pages: AsyncIterable<R[]> | Iterable<R[]> },
): FastifyReply {
  const out = new PassThrough()
  reply.header('Content-Type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
  reply.header('Content-Disposition', attachmentHeader(opts.filename))
  reply.header('Cache-Control', 'no-store')
  const write = async () => {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false })
    const sheet = book.addWorksheet(opts.sheet)
    sheet.columns = opts.columns.map((c, i) => ({ header: c.header, key: String(i), width: c.width ?? 16 }))
    opts.columns.forEach((c, i) => {
      if (c.note) sheet.getRow(1).getCell(i + 1).note = c.note
    })
    for await (const rows of opts.pages) {
      for (const r of rows) sheet.addRow(opts.columns.map((c) => escapeCell(c.value(r) ?? null))).commit()
    }
    sheet.commit()
    await book.commit()
  }
  write().catch((err) => {
    reply.log.error({ err }, 'xlsx export failed')
    out.destroy(err as Error)
  })
  return reply.send(out)
}
