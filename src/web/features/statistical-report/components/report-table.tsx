/**
 * Report table parts: headers with the unit under the title; the figure columns of the grouped
 * reports (区域统计, 行业统计) — right-aligned, formatted, sortable in the browser (such a report is
 * one page) — and their 合计 row. A column of a catalogue figure shows its 口径 on the header's
 * hover, and a ratio's cell its numerator and denominator (ui/figure-tip).
 */
import { Table, type TableColumnType } from 'antd'
import type { TdHTMLAttributes } from 'react'
import styled from 'styled-components'
import { answerAsOfLabel, type FigureKey } from '../../../../domain/figures/catalogue'
import type { RatioParts } from '../../../../domain/figures/format'
import { todayInProductZone } from '../../../../domain/today'
import { FigureTip, type AnswerYears } from '../../../ui/figure-tip'

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
  /** the catalogue figure the column shows (its 口径 on hover) */
  figure?: FigureKey
  /** a ratio's numerator and denominator in the row (its cell's hover) */
  parts?: (row: T) => RatioParts | undefined
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : -Infinity)

/**
 * A column header with its unit on a second line, e.g. 用地面积 / （亩）; a catalogue figure's 口径 on
 * hover and, given the years the report counted, its as-of beside the unit: （亩，截至今日）.
 */
export function unitTitle(title: string, unit: string, figure?: FigureKey, years?: AnswerYears) {
  const asOf = figure && years?.year ? answerAsOfLabel(figure, years, todayInProductZone()) : null
  const head = (
    <Head title={figure ? undefined : `${title}（${unit}）`} data-figure={figure}>
      {title}
      <small data-testid={figure && asOf ? `as-of-${figure}` : undefined}>
        （{unit}
        {asOf ? `，${asOf}` : ''}）
      </small>
    </Head>
  )
  return figure ? (
    <FigureTip figure={figure} years={years}>
      {head}
    </FigureTip>
  ) : (
    head
  )
}

/** A figure's value as shown, with a ratio's working on hover when the row carries its parts. */
function figureCell<T>(def: FigureDef<T>, row: T, v: number | null) {
  const text = def.format(v)
  const parts = def.parts?.(row)
  return def.figure && parts ? (
    <FigureTip figure={def.figure} parts={parts}>
      <span>{text}</span>
    </FigureTip>
  ) : (
    text
  )
}

/** The table column of a figure; given the years the report counted, its header says its as-of. */
export function figureColumn<T>(def: FigureDef<T>, years?: AnswerYears): TableColumnType<T> {
  return {
    title: unitTitle(def.title, def.unit, def.figure, years),
    dataIndex: def.field,
    key: def.field,
    align: 'right',
    width: def.width ?? 96,
    sorter: (a, b) => num(a[def.field]) - num(b[def.field]),
    render: (v: number | null, row) => figureCell(def, row, v),
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
            <span data-field={f.field}>{figureCell(f, total, total[f.field] as number | null)}</span>
          </Table.Summary.Cell>
        ))}
      </Table.Summary.Row>
    </Table.Summary>
  )
}
