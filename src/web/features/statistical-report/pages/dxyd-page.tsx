/**
 * 低效用地 (docs/product.md §2 /system/statisticalReport/dxyd; dxyd = 低效用地): the parcels found 低效 or 闲置
 * in the user's scope — how many and how large, how many of each, and per 认定原因 (a criterion
 * filters the list) — then the parcels with the criteria they meet and their holder's 亩均税收 of
 * the year, sorted and paged on the server, exported as xlsx with the same filters.
 */
import { Card, Col, Form, Input, Row, Select, Statistic, type TableColumnsType } from 'antd'
import type { LowEfficiencyRow } from '../../../../domain/contracts/statistical-report'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { FigureLabel } from '../../../ui/figure-tip'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportLowEfficiencyReport } from '../api/export-low-efficiency-report'
import { useLowEfficiencyReport, type LowEfficiencyParams } from '../api/get-low-efficiency-report'
import { parcelColumns } from '../components/parcel-columns'
import { ReasonBreakdown } from '../components/reason-breakdown'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { answerAsOfLabel } from '../../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../../domain/today'
import { NO_FIGURE, formatAmount, formatCount, formatText } from '../components/report-format'
import { LOW_STATUS_CHOICES, REASON_CHOICES } from '../components/report-options'
import { ReportSearchForm } from '../components/report-search-form'
import { unitTitle } from '../components/report-table'
import { ReasonTags } from '../components/report-tags'

const FILTERS = ['year', 'regionCode', 'keyword', 'status', 'reason'] as const
type Filters = Partial<Record<(typeof FILTERS)[number], string>>

/** the columns the server sorts by (contract lowEfficiencyQuery) */
const SORTABLE = new Set(['landCode', 'areaMu'])

/** 低效用地 */
export function LowEfficiencyReportPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f: Filters = params.filters
  const filter = { ...f, year: f.year ? Number(f.year) : undefined, sortField: params.sortField, sortOrder: params.sortOrder } as Omit<
    LowEfficiencyParams,
    'page' | 'pageSize'
  >
  const report = useLowEfficiencyReport({ ...filter, page: params.page, pageSize: params.pageSize })
  const data = report.data
  const filtered = FILTERS.some((k) => k !== 'year' && f[k])
  const sortable = (key: string) => (SORTABLE.has(key) ? { key, sorter: true, sortOrder: sortOrderOf(key) } : {})

  const columns: TableColumnsType<LowEfficiencyRow> = [
    ...parcelColumns<LowEfficiencyRow>(sortable),
    { title: '认定原因', dataIndex: 'reasons', width: 340, render: (_: unknown, r) => <ReasonTags reasons={r.reasons} /> },
    { title: unitTitle('亩均税收', '万元/亩', 'taxPerMu', data), dataIndex: 'taxPerMu', width: 130, align: 'right', render: formatAmount },
    { title: '区县', dataIndex: 'countyName', width: 100, render: formatText },
    { title: '用地单位', dataIndex: 'enterpriseName', width: 220, ellipsis: true, render: formatText },
  ]
  const figure = (v: number | undefined, format: (n: number) => string) => (v === undefined ? NO_FIGURE : format(v))

  return (
    <ListShell
      title="低效用地"
      intro={`${data ? `${answerAsOfLabel('lowEfficiencyCount', data, todayInProductZone())}：` : ''}低效用地台账已认定、尚未销号的工业用地与闲置土地，及其认定原因`}
      testId="report-dxyd"
      toolbar={
        <ReportSearchForm<Filters>
          values={f}
          onSearch={(v) => setFilters(v)}
          extra={<ExportButton onExport={() => exportLowEfficiencyReport(filter)} testId="report-export" />}
          testId="report-dxyd-form"
        >
          <Form.Item name="year" label="年度">
            <YearSelect stock testId="report-year" />
          </Form.Item>
          <Form.Item name="regionCode" label="区域">
            <RegionPicker testId="report-region" />
          </Form.Item>
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="宗地代码或地块名称" allowClear style={{ width: 200 }} maxLength={100} />
          </Form.Item>
          <Form.Item name="status" label="认定状态">
            <Select allowClear placeholder="全部" style={{ width: 90 }} options={LOW_STATUS_CHOICES} />
          </Form.Item>
          <Form.Item name="reason" label="认定原因">
            <Select allowClear placeholder="全部原因" style={{ width: 230 }} options={REASON_CHOICES} />
          </Form.Item>
        </ReportSearchForm>
      }
    >
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        <Col xs={24} xl={10}>
          <Row gutter={[12, 12]}>
            <Col span={12}>
              <Card size="small">
                <Statistic
                  title={<FigureLabel years={data} figure="lowEfficiencyCount" label="低效用地（宗）" />}
                  value={figure(data?.count, formatCount)}
                  loading={report.isLoading}
                  data-testid="dxyd-count"
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic
                  title={<FigureLabel years={data} figure="lowEfficiencyAreaMu" label="低效用地面积（亩）" />}
                  value={figure(data?.areaMu, formatAmount)}
                  loading={report.isLoading}
                  data-testid="dxyd-area"
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic
                  title={<FigureLabel years={data} figure="idleCount" label="其中闲置（宗）" />}
                  value={figure(data?.idleCount, formatCount)}
                  loading={report.isLoading}
                  styles={{ content: { color: '#e03131' } }}
                  data-testid="dxyd-idle"
                />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic
                  title="其中低效（宗）"
                  value={figure(data?.lowCount, formatCount)}
                  loading={report.isLoading}
                  styles={{ content: { color: '#ae3ec9' } }}
                  data-testid="dxyd-low"
                />
              </Card>
            </Col>
          </Row>
        </Col>
        <Col xs={24} xl={14}>
          <Card size="small" title="按认定原因（一宗地可符合多项）" style={{ height: '100%' }}>
            <ReasonBreakdown
              stats={data?.byReason ?? []}
              total={data?.count ?? 0}
              active={f.reason}
              onPick={(reason) => setFilters({ ...f, reason })}
            />
          </Card>
        </Col>
      </Row>
      <PagedTable<LowEfficiencyRow>
        data-testid="report-dxyd-table"
        list={{ data: data?.page, error: report.error, isFetching: report.isFetching, refetch: report.refetch }}
        emptyText={filtered ? '没有符合条件的低效用地，请放宽筛选条件' : '本账号的数据范围内没有认定为低效或闲置的地块'}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
      />
    </ListShell>
  )
}
