/** 年度指标 of an enterprise: 实缴税金 and 营业收入 as a chart, and every reported figure as a table (newest first). */
import { Empty, Table, Typography, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { m2ToMu } from '../../../../domain/codes/units'
import { EChartsHost } from '../../../charts/echarts-host'
import { buildYearlyOption } from '../../../charts/build-yearly-option'
import type { YearlyRow } from '../../../core/calls/query-parcel'
import { figure } from './profile-format'

const money = (v: number | null) => figure(v, 2)

const COLUMNS: TableColumnsType<YearlyRow> = [
  { title: '年度', dataIndex: 'year', width: 64 },
  { title: '实缴税金', dataIndex: 'tax', align: 'right', render: money },
  { title: '工业增加值', dataIndex: 'value_added', align: 'right', render: money },
  { title: '营业收入', dataIndex: 'revenue', align: 'right', render: money },
  { title: '综合能耗', dataIndex: 'energy', align: 'right', render: money },
  { title: '职工(人)', dataIndex: 'employees', align: 'right', render: (v: number | null) => figure(v, 0) },
  // no area reported: the year's 亩均 figures use the parcels held now
  {
    title: '用地(亩)',
    dataIndex: 'land_area_m2',
    align: 'right',
    render: (v: number | null) => (v === null ? '按年末在册地块' : figure(m2ToMu(v), 2)),
  },
]

/** The chart and the table; `emptyText` says why there are none (no holder, nothing reported). */
export function YearlyFigures({ rows, emptyText = '暂无年度指标' }: { rows: YearlyRow[]; emptyText?: string }) {
  const option = useMemo(() => buildYearlyOption(rows), [rows])
  const newestFirst = useMemo(() => [...rows].reverse(), [rows])
  if (!rows.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
  return (
    <div data-testid="yearly-figures">
      <div style={{ height: 240 }}>
        <EChartsHost option={option} testId="yearly-chart" />
      </div>
      <Table<YearlyRow> rowKey="year" size="small" pagination={false} dataSource={newestFirst} columns={COLUMNS} style={{ marginTop: 8 }} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        金额单位：万元；综合能耗：吨标准煤
      </Typography.Text>
    </div>
  )
}
