/**
 * 滚动表格: a ranked list that advances one row every few seconds when it holds more rows than
 * fit, so a wall shows every row without a scrollbar.
 */
import { useEffect, useState } from 'react'
import styled from 'styled-components'
import type { FigureKey } from '../../domain/figures/catalogue'
import { formatFigure } from '../core/format-figure'
import { FigureTip } from '../ui/figure-tip'
import { dp, WALL } from './wall-styles'
import type { WidgetProps } from './widget-registry'

/** One column. */
export interface TableColumn {
  field: string
  title: string
  /** flex share of the width */
  flex?: number
  digits?: number
  align?: 'left' | 'right'
  /** the catalogue figure of the column: its 口径 on the header */
  figure?: FigureKey
}

/** View of a scrolling table. */
export interface TableView {
  columns: readonly TableColumn[]
  visibleRows: number
  /** show the rank (1, 2, 3 …) in front */
  rank?: boolean
  /** ms per step */
  stepMs?: number
}

const Table = styled.div`
  display: flex;
  flex-direction: column;
  height: 100%;
  font-size: ${dp(16)};
`
const Row = styled.div<{ $head?: boolean; $odd?: boolean }>`
  flex: 1;
  display: flex;
  align-items: center;
  min-height: 0;
  color: ${({ $head }) => ($head ? WALL.accent : WALL.text)};
  font-weight: ${({ $head }) => ($head ? 600 : 400)};
  background: ${({ $head, $odd }) => ($head ? 'rgba(47,155,255,0.18)' : $odd ? 'rgba(47,155,255,0.07)' : 'transparent')};
`
const Cell = styled.span<{ $flex: number; $right?: boolean }>`
  flex: ${({ $flex }) => $flex};
  min-width: 0;
  padding: 0 ${dp(8)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  text-align: ${({ $right }) => ($right ? 'right' : 'left')};
`
const Rank = styled.span<{ $top: boolean }>`
  flex: none;
  width: ${dp(30)};
  height: ${dp(22)};
  margin-left: ${dp(6)};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  border-radius: ${dp(3)};
  font-size: ${dp(14)};
  color: #fff;
  background: ${({ $top }) => ($top ? '#e8590c' : 'rgba(47,155,255,0.45)')};
`

/** The scrolling table widget. */
export function ScrollTableWidget({ def, data }: WidgetProps<TableView>) {
  const rows = Array.isArray(data) ? (data as Record<string, unknown>[]) : []
  const { columns, visibleRows, rank, stepMs = 3000 } = def.view
  const [offset, setOffset] = useState(0)
  const scrolls = rows.length > visibleRows
  useEffect(() => {
    if (!scrolls) return
    const t = setInterval(() => setOffset((o) => (o + 1) % rows.length), stepMs)
    return () => clearInterval(t)
  }, [scrolls, rows.length, stepMs])
  const start = scrolls ? offset % rows.length : 0
  const shown = Array.from({ length: Math.min(visibleRows, rows.length) }, (_, i) => ({
    row: rows[(start + i) % rows.length],
    index: (start + i) % rows.length,
  }))
  const cell = (c: TableColumn, v: unknown) => (typeof v === 'number' ? formatFigure(v, c.digits ?? 0) : String(v ?? ''))
  return (
    <Table data-testid={`table-${def.id}`}>
      <Row $head>
        {rank && <Rank $top={false}>序</Rank>}
        {columns.map((c) => (
          <Cell key={c.field} $flex={c.flex ?? 1} $right={c.align === 'right'}>
            {c.figure ? (
              <FigureTip figure={c.figure}>
                <span data-figure={c.figure}>{c.title}</span>
              </FigureTip>
            ) : (
              c.title
            )}
          </Cell>
        ))}
      </Row>
      {shown.map(({ row, index }, i) => (
        <Row key={index} $odd={i % 2 === 1} data-testid="table-row" data-index={index}>
          {rank && <Rank $top={index < 3}>{index + 1}</Rank>}
          {columns.map((c) => (
            <Cell key={c.field} $flex={c.flex ?? 1} $right={c.align === 'right'} data-field={c.field}>
              {cell(c, row[c.field])}
            </Cell>
          ))}
        </Row>
      ))}
      {Array.from({ length: Math.max(0, visibleRows - shown.length) }, (_, i) => (
        <Row key={`pad-${i}`} />
      ))}
    </Table>
  )
}
