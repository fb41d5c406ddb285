/**
 * 行业监测 Hymonitor (docs/product.md §2 /system/function/monitor/Hymonitor): each manufacturing division's
 * 实缴税金, 工业增加值 and 营业收入 this year against the last, its 亩均税收 of both years and how
 * many of its enterprises give a warning signal; a division opens 企业监测 filtered by it.
 */
import { Space, Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import styled from 'styled-components'
import type { IndustryMonitor, IndustryMonitorRow } from '../../../../domain/contracts/decision'
import { formatFigure } from '../../../core/format-figure'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { FigureLabel } from '../../../ui/figure-tip'
import { useListParams } from '../../../ui/use-list-params'
import { useIndustryMonitor } from '../api/get-industry-monitor'
import { buildChangeSpec, changeBars, describeChanges } from '../components/build-change-spec'
import { ChangeText } from '../components/change-text'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { G2Host } from '../../../charts/g2-host'
import { formatValue } from '../components/indicator-format'
import { useRouteLink } from '../../../widgets/use-route-link'
import { Panel } from '../components/panel'
import { useRegionPlace } from '../components/use-region-place'

const FILTERS = ['year', 'regionCode'] as const

const Wrap = styled.div`
  .ant-table-summary td {
    font-weight: 600;
    background: #f7f9fc;
  }
  .warned {
    color: ${({ theme }) => theme.accent};
    font-weight: 600;
  }
`

type Money = 'tax' | 'valueAdded' | 'revenue'
const MONEY: { field: Money; name: string }[] = [
  { field: 'tax', name: '实缴税金' },
  { field: 'valueAdded', name: '工业增加值' },
  { field: 'revenue', name: '营业收入' },
]
const last = (f: Money): 'lastTax' | 'lastValueAdded' | 'lastRevenue' =>
  f === 'tax' ? 'lastTax' : f === 'valueAdded' ? 'lastValueAdded' : 'lastRevenue'
const change = (f: Money) => `${f}Change` as 'taxChange' | 'valueAddedChange' | 'revenueChange'

/** The figure cells of a row, in column order (shared by the rows and the 合计 row). */
function figureCells(r: IndustryMonitorRow) {
  return [
    formatFigure(r.enterpriseCount),
    ...MONEY.flatMap((m) => [
      formatValue(r[m.field]),
      formatValue(r[last(m.field)]),
      <ChangeText key={m.field} value={r[change(m.field)]} />,
    ]),
    formatValue(r.taxPerMu),
    formatValue(r.lastTaxPerMu),
  ]
}

/** The table of divisions with its 合计 row. */
function MonitorTable({
  data,
  loading,
  error,
  link,
}: {
  data?: IndustryMonitor
  loading: boolean
  error: boolean
  link: (code: string) => string | undefined
}) {
  const columns: TableColumnsType<IndustryMonitorRow> = [
    { title: '行业代码', dataIndex: 'code', width: 80, fixed: 'left', render: (v: string) => v || '—' },
    {
      title: '行业',
      dataIndex: 'name',
      width: 190,
      fixed: 'left',
      ellipsis: true,
      render: (name: string, r) => {
        const to = r.code ? link(r.code) : undefined
        return to ? (
          <Link to={to} title={`查看${name}的预警企业`} data-testid={`industry-link-${r.code}`}>
            {name}
          </Link>
        ) : (
          name
        )
      },
    },
    {
      title: <FigureLabel figure="ratedEnterpriseCount" />,
      dataIndex: 'enterpriseCount',
      width: 96,
      align: 'right',
      render: (v: number) => formatFigure(v),
    },
    ...MONEY.map((m) => ({
      title: `${m.name}（万元）`,
      children: [
        {
          title: '本年',
          dataIndex: m.field,
          width: 116,
          align: 'right' as const,
          render: formatValue,
          sorter: (a: IndustryMonitorRow, b: IndustryMonitorRow) => a[m.field] - b[m.field],
        },
        { title: '上年', dataIndex: last(m.field), width: 116, align: 'right' as const, render: formatValue },
        {
          title: '同比',
          dataIndex: change(m.field),
          width: 92,
          align: 'right' as const,
          sorter: (a: IndustryMonitorRow, b: IndustryMonitorRow) => (a[change(m.field)] ?? -Infinity) - (b[change(m.field)] ?? -Infinity),
          render: (v: number | null) => <ChangeText value={v} />,
        },
      ],
    })),
    {
      title: '亩均税收（万元/亩）',
      children: [
        { title: '本年', dataIndex: 'taxPerMu', width: 90, align: 'right', render: formatValue },
        { title: '上年', dataIndex: 'lastTaxPerMu', width: 90, align: 'right', render: formatValue },
      ],
    },
    {
      title: '预警企业',
      dataIndex: 'warned',
      width: 100,
      align: 'right',
      fixed: 'right',
      sorter: (a, b) => a.warned - b.warned,
      render: (v: number) => <span className={v > 0 ? 'warned' : undefined}>{formatFigure(v)}</span>,
    },
  ]
  const total = data?.total
  return (
    <Wrap>
      <Table<IndustryMonitorRow>
        data-testid="industry-monitor-table"
        rowKey={(r) => r.code || 'none'}
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 1620 }}
        locale={{ emptyText: emptyState(error ? '加载失败' : '所选区域没有行业数据') }}
        summary={() =>
          total && data?.rows.length ? (
            <Table.Summary>
              <Table.Summary.Row data-testid="total-row">
                <Table.Summary.Cell index={0} colSpan={2}>
                  合计
                </Table.Summary.Cell>
                {figureCells(total).map((cell, i) => (
                  <Table.Summary.Cell key={i} index={i + 2} align="right">
                    {cell}
                  </Table.Summary.Cell>
                ))}
                <Table.Summary.Cell index={14} align="right">
                  <span className="warned" data-testid="total-warned">
                    {formatFigure(total.warned)}
                  </span>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Wrap>
  )
}

/** 行业监测 */
export function IndustryMonitorPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const year = f.year ? Number(f.year) : undefined
  const monitor = useIndustryMonitor({ year, regionCode: f.regionCode })
  const { here } = useRegionPlace(f.regionCode)
  const linkTo = useRouteLink()
  const bars = useMemo(() => changeBars(monitor.data?.rows ?? []), [monitor.data])
  const spec = useMemo(() => buildChangeSpec(bars), [bars])
  const shownYear = monitor.data?.year ?? year
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | number | undefined>>) => setFilters({ ...f, ...change })

  return (
    <ListShell
      title="行业监测"
      intro="各制造业大类实缴税金、工业增加值、营业收入与上年对比，以及触发预警的企业数"
      testId="monitor-hy-page"
      error={monitor.error}
      onRetry={() => void monitor.refetch()}
      toolbar={
        <Space wrap>
          <YearSelect value={year} onChange={(y) => set({ year: y })} testId="filter-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} testId="filter-region" />
        </Space>
      }
    >
      <Panel
        title={`${here}各行业同比变化${shownYear ? `（${shownYear}年较${shownYear - 1}年）` : ''}`}
        lead={describeChanges(monitor.data?.rows ?? [], monitor.data?.total)}
        caption="横轴为行业代码（悬停查看行业名称），柱高于 0 为增长、低于 0 为下降；变化幅度特别大的柱在纵轴端点截断并标注实际数值；未分类企业不在图中。"
      >
        <G2Host
          spec={spec}
          count={bars.length}
          height={320}
          label={`${here}各行业同比变化柱状图`}
          emptyText={monitor.isLoading ? '正在加载' : '所选区域没有行业数据'}
          testId="change-chart"
        />
      </Panel>
      <Panel title={`${here}各行业运行情况`} caption="点击行业名称查看该行业的预警企业；同比：绿色上升、红色下降。">
        <MonitorTable
          data={monitor.data}
          loading={monitor.isFetching}
          error={!!monitor.error}
          link={(industry) => linkTo('/system/function/monitor/Qymonitor', { industry, year, regionCode: f.regionCode })}
        />
      </Panel>
    </ListShell>
  )
}
