/**
 * 企业监测 Qymonitor (docs/product.md §2 /system/function/monitor/Qymonitor): the enterprises giving a
 * warning signal this year against the last (MONITOR_SIGNALS), counted per signal on cards that
 * filter the list, with 亩均税收 and 工业增加值 of both years. Filters, paging and order live in the
 * URL, so 行业监测 links here with its division.
 */
import { Button, Input, Space, Tag, Tooltip, type TableColumnsType } from 'antd'
import { Link } from 'react-router-dom'
import { MONITOR_SIGNALS, type EnterpriseMonitorRow, type MonitorSignal } from '../../../../domain/contracts/decision'
import { isIndustryCode } from '../../../../domain/codes/industry'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useEnterpriseMonitor } from '../api/get-enterprise-monitor'
import { ChangeText } from '../components/change-text'
import { IndustrySelect } from '../components/filters'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatValue } from '../components/indicator-format'
import { MonitorCards } from '../components/monitor-cards'
import { useRouteLink } from '../../../widgets/use-route-link'
import { SignalTags } from '../components/signal-tags'

const FILTERS = ['year', 'regionCode', 'industry', 'signal', 'keyword'] as const

const isSignal = (v: string | undefined): v is MonitorSignal => v !== undefined && Object.prototype.hasOwnProperty.call(MONITOR_SIGNALS, v)

/** 企业监测 */
export function EnterpriseMonitorPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const year = f.year ? Number(f.year) : undefined
  const signal = isSignal(f.signal) ? f.signal : undefined
  const industry = f.industry && isIndustryCode(f.industry) ? f.industry : undefined
  const monitor = useEnterpriseMonitor({
    year,
    regionCode: f.regionCode,
    industry,
    signal,
    keyword: f.keyword,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const linkTo = useRouteLink()
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | number | undefined>>) => setFilters({ ...f, ...change })
  const filtered = !!(f.regionCode || industry || f.keyword)
  const shownYear = monitor.data?.year ?? year

  const columns: TableColumnsType<EnterpriseMonitorRow> = [
    {
      title: '企业名称',
      dataIndex: 'name',
      key: 'name',
      width: 200,
      fixed: 'left',
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (name: string, r) => {
        const to = linkTo('/system/decision/zbqy', { id: r.id, year })
        return to ? (
          <Link to={to} title={`查看${name}的企业指标`}>
            {name}
          </Link>
        ) : (
          name
        )
      },
    },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 176 },
    { title: '区县', dataIndex: 'countyName', width: 80, render: (v: string | null) => v ?? '—' },
    {
      title: '行业',
      key: 'industry',
      width: 150,
      ellipsis: { showTitle: false },
      render: (_, r) =>
        r.industryCode ? (
          <Tooltip title={`${r.industryCode} ${r.industryName ?? ''}`}>
            {r.industryCode.slice(0, 3)} {r.industryName}
          </Tooltip>
        ) : (
          '—'
        ),
    },
    { title: '状态', dataIndex: 'status', width: 64 },
    { title: '预警', dataIndex: 'signals', width: 200, render: (s: MonitorSignal[]) => <SignalTags signals={s} /> },
    {
      title: '亩均税收（万元/亩）',
      children: [
        { title: '本年', dataIndex: 'taxPerMu', width: 80, align: 'right', render: formatValue },
        { title: '上年', dataIndex: 'lastTaxPerMu', width: 80, align: 'right', render: formatValue },
        {
          title: '同比',
          dataIndex: 'taxPerMuChange',
          key: 'taxPerMuChange',
          width: 92,
          align: 'right',
          sorter: true,
          sortOrder: sortOrderOf('taxPerMuChange'),
          render: (v: number | null) => <ChangeText value={v} />,
        },
      ],
    },
    {
      title: '工业增加值（万元）',
      children: [
        { title: '本年', dataIndex: 'valueAdded', width: 100, align: 'right', render: formatValue },
        { title: '上年', dataIndex: 'lastValueAdded', width: 100, align: 'right', render: formatValue },
        {
          title: '同比',
          dataIndex: 'valueAddedChange',
          key: 'valueAddedChange',
          width: 92,
          align: 'right',
          sorter: true,
          sortOrder: sortOrderOf('valueAddedChange'),
          render: (v: number | null) => <ChangeText value={v} />,
        },
      ],
    },
  ]

  return (
    <ListShell
      title="企业监测"
      intro={`企业亩均税收、工业增加值等与上年对比，按六类信号预警${shownYear ? `（${shownYear}年）` : ''}`}
      testId="monitor-qy-page"
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <YearSelect value={year} onChange={(y) => set({ year: y })} testId="filter-year" />
        <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} testId="filter-region" />
        <IndustrySelect value={industry} onChange={(v) => set({ industry: v })} />
        <Input.Search
          key={f.keyword ?? ''}
          aria-label="关键字"
          placeholder="企业名称或信用代码"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => set({ keyword: keyword.trim() || undefined })}
          style={{ width: 220 }}
          data-testid="monitor-keyword"
        />
        {(filtered || signal || year) && (
          <Button onClick={() => setFilters({})} data-testid="monitor-reset">
            重置
          </Button>
        )}
      </Space>
      <MonitorCards data={monitor.data} signal={signal} onSignal={(s) => set({ signal: s })} />
      {signal && (
        <div style={{ marginBottom: 8 }}>
          预警类型：
          <Tag closable onClose={() => set({ signal: undefined })} data-testid="signal-filter">
            {MONITOR_SIGNALS[signal]}
          </Tag>
        </div>
      )}
      <PagedTable<EnterpriseMonitorRow>
        data-testid="monitor-table"
        list={{ data: monitor.data?.page, error: monitor.error, isFetching: monitor.isFetching, refetch: monitor.refetch }}
        emptyText={signal || filtered ? '没有符合条件的预警企业，请调整筛选条件' : '本年度没有触发预警的企业'}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        scroll={{ x: 1430 }}
        bordered
      />
    </ListShell>
  )
}
