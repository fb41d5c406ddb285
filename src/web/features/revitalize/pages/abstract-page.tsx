/**
 * 盘活概况 (/land/revitalize/revitalizeAbstract): for a year, the 台账 and the plans as headline
 * figures (台账 by state, plans by state, area, 盘活任务 and its completion), a chart by county and
 * one by 盘活方式, and the county table with each county's task and completion rate. A county's bar
 * or row opens 盘活方案 filtered to that county.
 */
import { Card, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { useNavigate } from 'react-router-dom'
import styled from 'styled-components'
import type { CountyRow } from '../../../../domain/contracts/revitalize'
import { todayInProductZone } from '../../../../domain/today'
import { FIGURES, type FigureKey } from '../../../../domain/figures/catalogue'
import { EChartsHost } from '../../../charts/echarts-host'
import { formatFigure } from '../../../core/format-figure'
import { FigureLabel } from '../../../ui/figure-tip'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { RegionPicker } from '../../../widgets/region-picker'
import { useRouteLink } from '../../../widgets/use-route-link'
import { useLedger } from '../api/list-ledger'
import { useLowLand } from '../../../widgets/use-low-land'
import { useOverview } from '../api/get-overview'
import { CHART_COUNTIES, buildCountyOption, buildMethodOption, chartCounties } from '../components/build-overview-options'
import { LedgerStateTag, PlanStateTag } from '../components/revitalize-tags'

const FILTERS = ['year', 'regionCode'] as const
/** 盘活 is yearly work: a year not chosen is this calendar year (the server's default), and the four before it are on offer */
const thisYear = () => Number(todayInProductZone().slice(0, 4))
const PLAN_PAGE = '/land/revitalize/revitalizePlan'

const Kpis = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: 12px;
  margin-bottom: 12px;
`

const Kpi = styled.div<{ $warn?: boolean }>`
  padding: 12px 16px;
  background: #fff;
  border: 1px solid #e5e7eb;
  border-radius: 6px;
  .label {
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  .value {
    font-size: 24px;
    font-weight: 600;
    line-height: 1.3;
    color: ${({ $warn, theme }) => ($warn ? theme.accent : theme.text)};
  }
  .unit {
    margin-left: 4px;
    font-size: 13px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  .hint {
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
    min-height: 18px;
  }
`

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
  gap: 12px;
  margin-bottom: 12px;
`

const ChartBox = styled.div`
  height: 300px;
`

/** A figure of the catalogue, with its digits; a dash without a value. */
const fig = (key: FigureKey, v: number | null | undefined) => (v === null || v === undefined ? '—' : formatFigure(v, FIGURES[key].digits))

/** 盘活概况 */
export function RevitalizeAbstractPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const year = Number(f.year) || thisYear()
  const filter = { year, regionCode: f.regionCode }
  const overview = useOverview(filter)
  // the 台账 today by state (its counts come with any page of it)
  const ledger = useLedger({ regionCode: f.regionCode, page: 1, pageSize: 1 })
  // 低效用地 as the walls count it (the 台账 of record and 闲置) and 疑似低效 beside it (issue 29)
  const lowLand = useLowLand({ regionCode: f.regionCode, year })
  const low = lowLand.data
  const data = overview.data
  const k = data?.kpis
  const navigate = useNavigate()
  const link = useRouteLink()

  const countyOption = useMemo(() => buildCountyOption(data?.counties ?? []), [data?.counties])
  const methodOption = useMemo(() => buildMethodOption(data?.methods ?? []), [data?.methods])
  const shown = chartCounties(data?.counties ?? [])
  const drill = (code: string) => {
    const href = link(PLAN_PAGE, { regionCode: code })
    if (href) void navigate(href)
  }

  // the server lists counties with work of the year first; a column header re-sorts in the page
  const by =
    (k: 'ledgerCount' | 'ledgerAreaMu' | 'planCount' | 'overdueCount' | 'doneAreaMu' | 'taskMu' | 'completionRate') =>
    (a: CountyRow, b: CountyRow) =>
      (a[k] ?? -1) - (b[k] ?? -1)
  const columns: TableColumnsType<CountyRow> = [
    {
      title: '区县',
      dataIndex: 'name',
      fixed: 'left',
      width: 110,
      render: (v: string, r) =>
        link(PLAN_PAGE) ? (
          <Typography.Link onClick={() => drill(r.code)} data-testid={`county-drill-${r.code}`}>
            {v}
          </Typography.Link>
        ) : (
          v
        ),
    },
    {
      title: <FigureLabel figure="ledgerCount" label="台账入账（宗）" />,
      dataIndex: 'ledgerCount',
      align: 'right',
      width: 100,
      sorter: by('ledgerCount'),
    },
    {
      title: <FigureLabel figure="ledgerAreaMu" label="台账入账面积（亩）" />,
      dataIndex: 'ledgerAreaMu',
      align: 'right',
      sorter: by('ledgerAreaMu'),
      render: (v: number) => fig('ledgerAreaMu', v),
    },
    { title: '未纳入方案（宗）', dataIndex: 'unplannedCount', align: 'right' },
    { title: '方案（个）', dataIndex: 'planCount', align: 'right', sorter: by('planCount') },
    { title: '实施中', dataIndex: 'runningCount', align: 'right' },
    {
      title: '已逾期',
      dataIndex: 'overdueCount',
      align: 'right',
      sorter: by('overdueCount'),
      render: (v: number) => (v > 0 ? <Typography.Text type="danger">{v}</Typography.Text> : v),
    },
    { title: '已办结', dataIndex: 'doneCount', align: 'right' },
    {
      title: <FigureLabel figure="revitalizedAreaMu" label="盘活面积（亩）" />,
      dataIndex: 'doneAreaMu',
      align: 'right',
      sorter: by('doneAreaMu'),
      render: (v: number) => fig('revitalizedAreaMu', v),
    },
    {
      title: <FigureLabel figure="revitalizeTaskMu" label="盘活任务（亩）" />,
      dataIndex: 'taskMu',
      align: 'right',
      sorter: by('taskMu'),
      render: (v: number | null) => (v === null ? <Typography.Text type="secondary">未下达</Typography.Text> : fig('revitalizeTaskMu', v)),
    },
    {
      title: <FigureLabel figure="revitalizeCompletionRate" label="完成率" />,
      dataIndex: 'completionRate',
      align: 'right',
      sorter: by('completionRate'),
      width: 100,
      render: (v: number | null) => (v === null ? '—' : `${fig('revitalizeCompletionRate', v)}%`),
      onCell: (r) => ({ 'data-testid': `rate-${r.code}` }) as object,
    },
  ]

  const loading = overview.isLoading ? '正在加载…' : null
  return (
    <ListShell
      title="盘活概况"
      intro="低效用地台账、盘活方案与各区县年度盘活任务的完成情况；点击区县查看其盘活方案"
      testId="revitalize-abstract"
      error={overview.error}
      onRetry={() => void overview.refetch()}
      toolbar={
        <Space wrap>
          <Select<number>
            aria-label="年度"
            style={{ width: 110 }}
            value={year}
            onChange={(y) => setFilters({ ...f, year: String(y) })}
            options={[...new Set([thisYear(), year, ...[1, 2, 3, 4].map((n) => thisYear() - n)])]
              .sort((a, b) => b - a)
              .map((y) => ({ value: y, label: `${y}年` }))}
            data-testid="revitalize-year"
          />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="revitalize-region" />
        </Space>
      }
    >
      <Kpis data-testid="revitalize-kpis">
        <Kpi data-testid="kpi-lowEfficiencyCount">
          <div className="label">
            <FigureLabel figure="lowEfficiencyCount" label="低效用地" years={low} />
          </div>
          <div className="value">
            <span data-testid="kpi-lowEfficiencyCount-value">{low ? low.lowEfficiencyCount : '—'}</span>
            <span className="unit">宗</span>
          </div>
          <div className="hint" data-testid="kpi-suspectedLowCount">
            {low ? (
              <>
                含闲置 {low.idleCount} 宗；
                <FigureLabel figure="suspectedLowCount" label="疑似低效" /> {low.suspectedLowCount} 宗（未认定，不计入）
              </>
            ) : (
              ''
            )}
          </div>
        </Kpi>
        <Kpi data-testid="kpi-ledgerCount">
          <div className="label">
            <FigureLabel figure="ledgerCount" label="台账入账（含销号）" years={data} />
          </div>
          <div className="value">
            <span data-testid="kpi-ledgerCount-value">{k ? k.ledgerCount : '—'}</span>
            <span className="unit">宗</span>
          </div>
          <div className="hint">{k ? `${fig('ledgerAreaMu', k.ledgerAreaMu)} 亩` : ''}</div>
        </Kpi>
        <Kpi data-testid="kpi-planCount">
          <div className="label">盘活方案</div>
          <div className="value">
            <span data-testid="kpi-planCount-value">{k ? k.planCount : '—'}</span>
            <span className="unit">个</span>
          </div>
          <div className="hint">{k ? `实施中 ${k.runningCount} 个` : ''}</div>
        </Kpi>
        <Kpi $warn={Boolean(k?.overdueCount)} data-testid="kpi-overdueCount">
          <div className="label">已逾期</div>
          <div className="value">
            <span data-testid="kpi-overdueCount-value">{k ? k.overdueCount : '—'}</span>
            <span className="unit">个</span>
          </div>
          <div className="hint">过完成期限未办结</div>
        </Kpi>
        <Kpi data-testid="kpi-doneCount">
          <div className="label">
            <FigureLabel figure="freedAreaMu" label="办结方案 · 腾出面积" />
          </div>
          <div className="value">
            <span data-testid="kpi-doneCount-value">{k ? k.doneCount : '—'}</span>
            <span className="unit">个</span>
          </div>
          <div className="hint" data-testid="kpi-freedAreaMu">
            {k ? `腾出 ${fig('freedAreaMu', k.freedAreaMu)} 亩` : ''}
          </div>
        </Kpi>
        <Kpi data-testid="kpi-taskMu">
          <div className="label">
            <FigureLabel figure="revitalizeTaskMu" label="盘活任务" />
          </div>
          <div className="value">
            <span data-testid="kpi-taskMu-value">{k ? fig('revitalizeTaskMu', k.taskMu) : '—'}</span>
            <span className="unit">亩</span>
          </div>
          <div className="hint">{data ? `${data.year}年下达` : ''}</div>
        </Kpi>
        <Kpi data-testid="kpi-completionRate">
          <div className="label">
            <FigureLabel figure="revitalizeCompletionRate" />
          </div>
          <div className="value">
            <span data-testid="kpi-completionRate-value">{k ? fig('revitalizeCompletionRate', k.completionRate) : '—'}</span>
            <span className="unit">%</span>
          </div>
          <div className="hint">{k && k.completionRate === null ? '当年未下达任务' : '盘活面积 ÷ 盘活任务'}</div>
        </Kpi>
      </Kpis>
      <Card size="small" style={{ marginBottom: 12 }} data-testid="revitalize-states">
        <Space wrap size={[24, 8]}>
          <Space size={4} wrap>
            <Typography.Text type="secondary">台账（今日）：</Typography.Text>
            {(ledger.data?.counts ?? []).map((c) => (
              <span key={c.state} data-testid={`ledger-state-${c.state}`} data-count={c.count}>
                <LedgerStateTag state={c.state} />
                {c.count}
              </span>
            ))}
          </Space>
          <Space size={4} wrap>
            <Typography.Text type="secondary">方案（今日）：</Typography.Text>
            {(data?.states ?? []).map((s) => (
              <span key={s.state} data-testid={`plan-state-${s.state}`} data-count={s.count}>
                <PlanStateTag state={s.state} />
                {s.count}
              </span>
            ))}
          </Space>
        </Space>
      </Card>
      <Charts>
        <Card
          size="small"
          title={
            data ? `${data.year}年 台账面积前${CHART_COUNTIES}的区县：台账面积、盘活面积与盘活任务（点击柱子查看该区县方案）` : '各区县'
          }
        >
          <ChartBox>
            {shown.length ? (
              <EChartsHost
                option={countyOption}
                replace
                testId="revitalize-county-chart"
                onClick={(e) => {
                  const c = shown.find((r) => r.name === e.name)
                  if (c) drill(c.code)
                }}
              />
            ) : (
              emptyState(loading ?? '该年度没有台账、方案或盘活任务，请选择其他年度或区域')
            )}
          </ChartBox>
        </Card>
        <Card size="small" title="按盘活方式">
          <ChartBox>
            {data?.methods.some((m) => m.count > 0) ? (
              <EChartsHost option={methodOption} replace testId="revitalize-method-chart" />
            ) : (
              emptyState(loading ?? '尚无盘活方案：在“盘活方案”中为已认定的低效用地制定方案')
            )}
          </ChartBox>
        </Card>
      </Charts>
      <Table<CountyRow>
        data-testid="revitalize-county-table"
        rowKey="code"
        size="small"
        bordered
        columns={columns}
        dataSource={data?.counties}
        loading={overview.isFetching}
        pagination={false}
        scroll={{ x: 'max-content', y: 420 }}
        locale={{ emptyText: emptyState(overview.error ? '加载失败' : '数据范围内没有区县，请选择其他区域') }}
        footer={() => (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            台账与面积为统计年度末数，方案数为当前状态；完成率 = 年度内办结方案的盘活面积 ÷ 当年盘活任务。
            {k && k.overdueCount > 0 && (
              <Tag color="error" style={{ marginLeft: 8 }}>
                {k.overdueCount} 个方案逾期，请在“盘活监管”中督办
              </Tag>
            )}
          </Typography.Text>
        )}
      />
    </ListShell>
  )
}
