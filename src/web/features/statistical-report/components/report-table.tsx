/**
 * Report table parts: headers with the unit under the title; the figure columns of the grouped
 * reports (区域统计, 行业统计) — right-aligned, formatted, sortable in the browser (such a report is
 * one page) — and their 合计 row.
 */
import { Table, type TableColumnType } from 'antd'
import type { TdHTMLAttributes } from 'react'
import styled from 'styled-components'

/** the title on one line, the unit under it */
const Head = styled.span`
  white-space: nowrap;
  small {
    display: block;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** A figure of a report row. */
export interface FigureDef<T> {
  field: keyof T & string
  /** e.g. 用地面积 */
  title: string
  /** e.g. 亩; shown under the title */
  unit: string
  format: (v: number | null) => string
  width?: number
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : -Infinity)

/** A column header with its unit on a second line, e.g. 用地面积 / （亩）. */
export function unitTitle(title: string, unit: string) {
  return (
    <Head title={`${title}（${unit}）`}>
      {title}
      <small>（{unit}）</small>
    </Head>
  )
}

/** The table column of a figure. */
export function figureColumn<T>(def: FigureDef<T>): TableColumnType<T> {
  return {
    title: unitTitle(def.title, def.unit),
    dataIndex: def.field,
    key: def.field,
    align: 'right',
    width: def.width ?? 96,
    sorter: (a, b) => num(a[def.field]) - num(b[def.field]),
    render: (v: number | null) => def.format(v),
    // the field on the cell, so a figure can be found by what it is rather than by column position
    onCell: () => ({ 'data-field': def.field }) as TdHTMLAttributes<HTMLTableCellElement>,
  }
}

/** Props of {@link TotalRow}. */
export interface TotalRowProps<T> {
  total: T
  /** how many columns come before the figures (names and codes): 合计 spans them */
  lead: number
  figures: FigureDef<T>[]
  testId: string
}

/** The 合计 row under a report table, kept in view while the rows scroll. */
export function TotalRow<T>({ total, lead, figures, testId }: TotalRowProps<T>) {
  return (
    <Table.Summary fixed>
      <Table.Summary.Row data-testid={testId} style={{ fontWeight: 600, background: '#fafbfd' }}>
        <Table.Summary.Cell index={0} colSpan={lead}>
          合计
        </Table.Summary.Cell>
        {figures.map((f, i) => (
          <Table.Summary.Cell key={f.field} index={lead + i} align="right">
            <span data-field={f.field}>{f.format(total[f.field] as number | null)}</span>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  )
}
