/**
 * The spreadsheets of the import pages (数据采集 / 数据处理 导出): the batch list; a staged batch's
 * rows — every field of the standard as the row shows it, with the row's state, its errors and
 * warnings and where the audit has got to — and its issue list, one line per issue. Streamed by
 * `sendXlsx` page by page.
 */
import type { BatchRowView, BatchView } from '../../../domain/contracts/datacenter-import'
import {
  IMPORT_FORMATS,
  LINK_RULES,
  RULE_LABELS,
  SOURCE_CRS,
  rowLevelText,
  rowValue,
  type RowIssue,
} from '../../../domain/datacenter/import-batch'
import { RECORD_KIND_LABEL, type StandardField } from '../../../domain/datacenter/standard'
import { dateCell, type XlsxColumn } from '../../http/xlsx'
import type { BatchRecord } from './repo'

/** A spreadsheet to stream: file name, sheet, columns and the pages of its rows. */
export interface XlsxTable<R> {
  filename: string
  sheet: string
  columns: XlsxColumn<R>[]
  pages: AsyncIterable<R[]>
}

/** The identifying field and the name field of a kind (the issue list's first columns). */
const KEY = { parcel: ['land_code', 'name'], enterprise: ['credit_code', 'name'] } as const

const ACTION_TEXT = { create: '新增', update: '修改已有记录' } as const

/** A stored value as a spreadsheet cell (objects as JSON text). */
function cell(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined || v === '') return null
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return v
  return JSON.stringify(v)
}

const issueText = (i: RowIssue) => `[${RULE_LABELS[i.rule] ?? i.rule}] ${i.message}`
const issuesOf = (r: BatchRowView, level: RowIssue['level']) =>
  r.issues
    .filter((i) => i.level === level)
    .map(issueText)
    .join('；\n') || null

/** The file name of a batch's export: the source's name without its extension, the batch, the part. */
function fileName(batch: BatchRecord, part: string): string {
  const base = batch.name.replace(/\.[^.]+$/, '').replace(/[\\/:*?"<>|]/g, '_')
  return `${base}_批次${batch.id}_${part}_${new Date().toISOString().slice(0, 10)}.xlsx`
}

/** The label of a field (the county, which the checks place, is named even outside the standard). */
export function labelOf(fields: readonly StandardField[], name: string): string {
  return fields.find((f) => f.name === name)?.label ?? (name === 'county_code' ? '所在县（市、区）' : name)
}

/** 数据行: every row with the standard's fields and its check result. */
export function rowsTable(
  batch: BatchRecord,
  fields: readonly StandardField[],
  pages: AsyncIterable<BatchRowView[]>,
): XlsxTable<BatchRowView> {
  const geometry = fields.find((f) => f.type === 'geometry')
  const columns: XlsxColumn<BatchRowView>[] = [
    { header: '序号', value: (r) => r.rowNo, width: 7 },
    { header: batch.format === 'shapefile' || batch.format === 'geojson' ? '要素号' : '源文件行号', value: (r) => r.sourceLine, width: 10 },
    { header: '检查结果', value: (r) => rowLevelText(r), width: 9 },
    { header: '操作', value: (r) => (r.action ? ACTION_TEXT[r.action] : null), width: 12 },
    ...fields
      .filter((f) => f.type !== 'geometry')
      .map((f) => ({
        header: f.unit ? `${f.label}（${f.unit}）` : f.label,
        value: (r: BatchRowView) => cell(rowValue(r, batch.mapping, f.name)),
        width: Math.max(10, f.label.length * 2 + 4),
      })),
    ...(geometry ? [{ header: geometry.label, value: (r: BatchRowView) => (r.hasGeometry ? '有' : '无'), width: 8 }] : []),
    ...(batch.kind === 'parcel'
      ? [
          {
            header: '关联用地单位',
            value: (r: BatchRowView) =>
              r.link?.rule
                ? `${r.link.name}（${r.link.creditCode}，${LINK_RULES[r.link.rule]}）`
                : r.link?.ownerName
                  ? `未关联（源数据：${r.link.ownerName}）`
                  : null,
            width: 30,
          },
        ]
      : []),
    { header: '错误', value: (r) => issuesOf(r, 'error'), width: 50 },
    { header: '警告', value: (r) => issuesOf(r, 'warning'), width: 40 },
    { header: '提交编号', value: (r) => r.submission?.id ?? null, width: 9 },
    { header: '审核状态', value: (r) => r.submission?.state ?? null, width: 9 },
  ]
  return { filename: fileName(batch, '数据行'), sheet: '数据行', columns, pages }
}

/** One line of the issue list. */
export interface IssueLine {
  row: BatchRowView
  issue: RowIssue
}

/** 问题清单: one line per issue of the rows (only the issues of `only`'s field or rule when given). */
export function issuesTable(
  batch: BatchRecord,
  fields: readonly StandardField[],
  pages: AsyncIterable<BatchRowView[]>,
  only: { field?: string; rule?: string } = {},
): XlsxTable<IssueLine> {
  const [key, name] = KEY[batch.kind]
  async function* lines(): AsyncGenerator<IssueLine[]> {
    for await (const rows of pages) {
      yield rows.flatMap((row) =>
        row.issues
          .filter((i) => (!only.field || i.field === only.field) && (!only.rule || i.rule === only.rule))
          .map((issue) => ({ row, issue })),
      )
    }
  }
  const columns: XlsxColumn<IssueLine>[] = [
    { header: '序号', value: (l) => l.row.rowNo, width: 7 },
    {
      header: batch.format === 'shapefile' || batch.format === 'geojson' ? '要素号' : '源文件行号',
      value: (l) => l.row.sourceLine,
      width: 10,
    },
    { header: labelOf(fields, key), value: (l) => cell(rowValue(l.row, batch.mapping, key)), width: 22 },
    { header: labelOf(fields, name), value: (l) => cell(rowValue(l.row, batch.mapping, name)), width: 26 },
    { header: '字段', value: (l) => labelOf(fields, l.issue.field), width: 16 },
    { header: '规则', value: (l) => RULE_LABELS[l.issue.rule] ?? l.issue.rule, width: 14 },
    { header: '级别', value: (l) => (l.issue.level === 'error' ? '错误' : '警告'), width: 7 },
    { header: '问题说明', value: (l) => l.issue.message, width: 60 },
    { header: '行状态', value: (l) => rowLevelText(l.row), width: 9 },
  ]
  return { filename: fileName(batch, '问题清单'), sheet: '问题清单', columns, pages: lines() }
}

/** 导入批次: one line per batch of the list's filters — its file, state, check result and submission. */
export function batchesTable(pages: AsyncIterable<BatchView[]>): XlsxTable<BatchView> {
  const columns: XlsxColumn<BatchView>[] = [
    { header: '批次号', value: (b) => b.id, width: 8 },
    { header: '文件名', value: (b) => b.name, width: 34 },
    { header: '数据类型', value: (b) => RECORD_KIND_LABEL[b.kind], width: 9 },
    { header: '格式', value: (b) => IMPORT_FORMATS[b.format] ?? b.format, width: 30 },
    { header: '坐标系', value: (b) => (b.sourceCrs ? (SOURCE_CRS[b.sourceCrs] ?? b.sourceCrs) : null), width: 30 },
    { header: '行数', value: (b) => b.rowCount, width: 8 },
    { header: '状态', value: (b) => b.status, width: 9 },
    { header: '错误行', value: (b) => (b.checkedAt ? b.errorRows : null), width: 8 },
    { header: '警告行', value: (b) => (b.checkedAt ? b.warningRows : null), width: 8 },
    { header: '已排除行', value: (b) => b.excludedRows, width: 9 },
    { header: '检查时间', value: (b) => dateCell(b.checkedAt), width: 20 },
    { header: '已提交行', value: (b) => b.submittedCount, width: 9 },
    { header: '提交时间', value: (b) => dateCell(b.submittedAt), width: 20 },
    { header: '上传人', value: (b) => b.createdBy, width: 12 },
    { header: '上传时间', value: (b) => dateCell(b.createdAt), width: 20 },
    { header: '说明', value: (b) => b.message || null, width: 40 },
  ]
  return { filename: `导入批次_${new Date().toISOString().slice(0, 10)}.xlsx`, sheet: '导入批次', columns, pages }
}
