/**
 * The six indicators of each district or division with 同比 under every figure, sortable, and the
 * scope's 合计 as a summary row. The page supplies the leading columns (区域 with drill-down, or
 * 行业代码 and 行业).
 */
import { Table, type TableColumnsType } from 'antd'
import styled from 'styled-components'
import { INDICATORS, type IndicatorKey, type IndicatorRow, type IndicatorTable as Data } from '../../../../domain/contracts/decision'
import { formatFigure } from '../../../core/format-figure'
import { emptyState } from '../../../ui/list-shell'
import { FigureLabel, FigureTip } from '../../../ui/figure-tip'
import { ChangeText } from './change-text'
import { INDICATOR_KEYS, formatValue, indicatorChange } from './indicator-format'

/** Column widths of the figures: the header's name on one line with its sort arrows. */
const WIDTH: Record<IndicatorKey, number> = {
  taxPerMu: 104,
  valueAddedPerMu: 112,
  laborProductivity: 126,
  energyEfficiency: 126,
  emissionEfficiency: 126,
  rdRatio: 180,
}
const COUNT_WIDTH = 96

const Wrap = styled.div`
  .ant-table-thead > tr > th {
    white-space: normal;
    line-height: 1.35;
    font-size: 13px;
  }
  .unit {
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  .figure {
    display: flex;
    flex-direction: column;
    align-items: flex-end;
    font-variant-numeric: tabular-nums;
  }
  .chosen {
    background: #f5f8fd;
  }
  .ant-table-summary td {
    font-weight: 600;
    background: #f7f9fc;
  }
`

/** A figure and its change, right-aligned in two lines. */
function Figure({ row, k }: { row: IndicatorRow; k: IndicatorKey }) {
  return (
    <span className="figure">
      {/* the ratio's numerator and denominator on hover (catalogue 口径) */}
      <FigureTip figure={k} parts={row.parts?.[k]}>
        <span data-testid={`cell-${k}`}>{formatValue(row.values[k])}</span>
      </FigureTip>
      {row.values[k] !== null && <ChangeText value={indicatorChange(row.values, row.lastYear, k)} />}
    </span>
  )
}

/** Props of {@link IndicatorTable}. */
export interface IndicatorTableProps {
  data: Data | undefined
  loading: boolean
  /** the page's columns before the figures */
  leading: TableColumnsType<IndicatorRow>
  /** the indicator the chart shows, shaded */
  selected: IndicatorKey
  emptyText: string
  testId: string
}

/** The indicator table with its 合计 row. */
export function IndicatorTable({ data, loading, leading, selected, emptyText, testId }: IndicatorTableProps) {
  const shade = (k: IndicatorKey) => (k === selected ? 'chosen' : undefined)
  const columns: TableColumnsType<IndicatorRow> = [
    ...leading,
    {
      // the enterprises counted in the indicators: 参评企业, not every enterprise holding land
      title: <FigureLabel figure="ratedEnterpriseCount" />,
      dataIndex: 'enterpriseCount',
      width: COUNT_WIDTH,
      align: 'right',
      sorter: (a, b) => a.enterpriseCount - b.enterpriseCount,
      render: (v: number) => formatFigure(v),
    },
    ...INDICATOR_KEYS.map((k): TableColumnsType<IndicatorRow>[number] => ({
      key: k,
      title: (
        <>
          <FigureLabel figure={k} label={INDICATORS[k].name} />
          <span className="unit">{INDICATORS[k].unit}</span>
        </>
      ),
      align: 'right',
      width: WIDTH[k],
      className: shade(k),
      sorter: (a, b) => (a.values[k] ?? -Infinity) - (b.values[k] ?? -Infinity),
      sortDirections: ['descend', 'ascend'],
      render: (_, row) => <Figure row={row} k={k} />,
    })),
  ]
  const total = data?.total
  const scrollX =
    leading.reduce((sum, c) => sum + Number(c.width ?? 120), COUNT_WIDTH) + INDICATOR_KEYS.reduce((sum, k) => sum + WIDTH[k], 0)
  return (
    <Wrap>
      <Table<IndicatorRow>
        data-testid={testId}
        rowKey={(r) => r.code || 'none'}
        size="middle"
        columns={columns}
        dataSource={data?.rows}
        loading={loading}
        pagination={false}
        scroll={{ x: scrollX }}
        locale={{ emptyText: emptyState(emptyText) }}
        summary={() =>
          total && data?.rows.length ? (
            <Table.Summary>
              <Table.Summary.Row data-testid="total-row">
                <Table.Summary.Cell index={0} colSpan={leading.length}>
                  合计
                </Table.Summary.Cell>
                <Table.Summary.Cell index={leading.length} align="right">
                  {formatFigure(total.enterpriseCount)}
                </Table.Summary.Cell>
                {INDICATOR_KEYS.map((k, i) => (
                  <Table.Summary.Cell key={k} index={leading.length + 1 + i} align="right" className={shade(k)}>
                    <Figure row={total} k={k} />
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Wrap>
  )
}
