/**
 * 成效概况 (/land/result/resultAbstract, docs/product.md §2): the effects of the plans done in a year —
 * KPIs from the figures catalogue with their 口径, 腾出面积 by year, county and method, and the done
 * plans with their effects before and after, paginated; filters (year, county, method) live in the
 * URL; export as xlsx with the same filters.
 */
import { Card, Col, Row, Select, Space, Table, Tag, Typography } from 'antd'
import { useMemo } from 'react'
import type { EffectRow } from '../../../../domain/contracts/revitalize'
import type { FigureKey } from '../../../../domain/figures/catalogue'
import { formatFigureValue } from '../../../../domain/figures/format'
import { PLAN_METHODS, type PlanMethod } from '../../../../domain/revitalize'
import { todayInProductZone } from '../../../../domain/today'
import { EChartsHost } from '../../../charts/echarts-host'
import { ExportButton } from '../../../ui/export-button'
import { FigureLabel } from '../../../ui/figure-tip'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { RegionPicker } from '../../../widgets/region-picker'
import { exportEffect } from '../api/export-effect'
import { useEffectSummary, type EffectFilter } from '../api/get-effect'
import { buildCountyOption, buildMethodOption, buildYearOption } from '../components/build-effect-options'
import { METHOD_COLORS } from '../components/effect-colors'
import { EffectKpis } from '../components/effect-kpis'
import { useYears } from '../../../widgets/use-years'

const CHART_HEIGHT = 260
const thisYear = () => Number(todayInProductZone().slice(0, 4))

const num = (figure: FigureKey, field: keyof EffectRow) => ({
  title: <FigureLabel figure={figure} />,
  dataIndex: field,
  key: field,
  align: 'right' as const,
  render: (v: number | null) => formatFigureValue(figure, v, { unit: false }),
})

const change = (label: string, before: FigureKey, after: FigureKey, b: keyof EffectRow, a: keyof EffectRow) => ({
  title: (
    <span>
      {label}（<FigureLabel figure={before} label="前" /> → <FigureLabel figure={after} label="后" />）
    </span>
  ),
  key: a,
  align: 'right' as const,
  render: (_: unknown, r: EffectRow) =>
    `${formatFigureValue(before, r[b] as number | null, { unit: false })} → ${formatFigureValue(after, r[a] as number | null, { unit: false })}`,
})

/** 成效概况 */
export function ResultAbstractPage() {
  const { params, setFilters, onTableChange, pagination } = useListParams(['year', 'regionCode', 'method'] as const)
  const f = params.filters
  const filter: EffectFilter = useMemo(
    () => ({ year: Number(f.year) || thisYear(), regionCode: f.regionCode, method: f.method as PlanMethod | undefined }),
    [f.year, f.regionCode, f.method],
  )
  const q = useEffectSummary(filter)
  const s = q.data
  // this year (done so far), the years with done plans and the statistical years (issue 29: not this year only)
  const statYears = useYears().data?.years
  const years = useMemo(() => {
    const all = new Set([thisYear(), filter.year, ...(s?.byYear.map((y) => y.year) ?? []), ...(statYears ?? [])])
    return [...all].sort((a, b) => b - a)
  }, [s, filter.year, statYears])
  const options = useMemo(() => (s ? { year: buildYearOption(s), county: buildCountyOption(s), method: buildMethodOption(s) } : null), [s])
  const rows = useMemo(
    () => [...(s?.plans ?? [])].sort((a, b) => b.completedDate.localeCompare(a.completedDate) || b.planId - a.planId),
    [s],
  )
  const shown = rows.slice((params.page - 1) * params.pageSize, params.page * params.pageSize)
  const set = (k: keyof EffectFilter, v: string | number | undefined) => setFilters({ ...f, [k]: v })

  return (
    <ListShell
      title="成效概况"
      intro="已办结（含已验收）盘活方案的实际成效：按办结年度统计，可按区县和盘活方式筛选；悬停指标名称查看口径"
      testId="result-abstract-page"
      error={q.error}
      onRetry={() => void q.refetch()}
      toolbar={
        <Space wrap>
          <Select<number>
            aria-label="办结年度"
            style={{ width: 120 }}
            value={filter.year}
            onChange={(v) => set('year', v)}
            options={years.map((y) => ({ value: y, label: y === thisYear() ? `${y}年（截至今日）` : `${y}年` }))}
            data-testid="result-year"
          />
          <RegionPicker value={f.regionCode} onChange={(v) => set('regionCode', v)} testId="result-region" />
          <Select
            allowClear
            placeholder="盘活方式"
            style={{ width: 150 }}
            value={f.method}
            onChange={(v) => set('method', v)}
            options={PLAN_METHODS.map((m) => ({ value: m, label: m }))}
            data-testid="result-method"
          />
          <ExportButton onExport={() => exportEffect(filter)} testId="result-export" disabled={!s?.plans.length} />
        </Space>
      }
    >
      {s && (
        <div data-testid="effect-loaded" data-year={s.year} data-fetching={q.isFetching ? 'true' : 'false'}>
          <EffectKpis total={s.total} />
          <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
            <Col xs={24} xl={8}>
              <Card size="small" title={<span>历年{<FigureLabel figure="freedAreaMu" />}</span>}>
                <div style={{ height: CHART_HEIGHT }}>
                  {s.byYear.length ? <EChartsHost option={options!.year} testId="chart-years" /> : emptyState('还没有办结的盘活方案')}
                </div>
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card
                size="small"
                title={
                  <span>
                    各区县{<FigureLabel figure="freedAreaMu" />}（{s.year}年）
                  </span>
                }
              >
                <div style={{ height: CHART_HEIGHT }}>
                  {s.byCounty.length ? (
                    <EChartsHost option={options!.county} testId="chart-counties" />
                  ) : (
                    emptyState(`${s.year}年没有办结的方案，可选择其他年度`)
                  )}
                </div>
              </Card>
            </Col>
            <Col xs={24} xl={8}>
              <Card
                size="small"
                title={
                  <span>
                    各盘活方式{<FigureLabel figure="freedAreaMu" />}（{s.year}年）
                  </span>
                }
              >
                <div style={{ height: CHART_HEIGHT }}>
                  {s.byMethod.length ? (
                    <EChartsHost option={options!.method} testId="chart-methods" />
                  ) : (
                    emptyState(`${s.year}年没有办结的方案，可选择其他年度`)
                  )}
                </div>
              </Card>
            </Col>
          </Row>
        </div>
      )}
      <Card
        size="small"
        title={`${filter.year}年办结的盘活方案`}
        extra={s && <span data-testid="result-plan-count">共 {s.plans.length} 个</span>}
      >
        <Table<EffectRow>
          size="small"
          rowKey="planId"
          data-testid="result-list"
          scroll={{ x: 1300 }}
          dataSource={shown}
          loading={q.isFetching}
          onChange={onTableChange}
          pagination={pagination(rows.length)}
          locale={{
            emptyText: emptyState(q.error ? '加载失败，请点击上方重试' : '没有符合条件的已办结方案，可选择其他年度、区县或盘活方式'),
          }}
          columns={[
            { title: '方案', dataIndex: 'name', key: 'name', width: 220, fixed: 'left' },
            {
              title: '盘活方式',
              dataIndex: 'method',
              key: 'method',
              width: 120,
              render: (m: PlanMethod) => <Tag color={METHOD_COLORS[m]}>{m}</Tag>,
            },
            { title: '区县', dataIndex: 'countyName', key: 'county', width: 100, render: (v: string | null) => v ?? '—' },
            { title: '办结日期', dataIndex: 'completedDate', key: 'completedDate', width: 110 },
            num('freedAreaMu', 'freedAreaMu'),
            num('newBuildingArea', 'newBuildingM2'),
            num('newInvestment', 'newInvestment'),
            num('newTax', 'newTax'),
            num('newOutput', 'newOutput'),
            change('亩均税收', 'taxPerMuBefore', 'taxPerMuAfter', 'taxPerMuBefore', 'taxPerMuAfter'),
            change('容积率', 'plotRatioBefore', 'plotRatioAfter', 'plotRatioBefore', 'plotRatioAfter'),
          ]}
        />
      </Card>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
        金额单位为万元、面积单位为亩或平方米；新增税收、新增产值为用地单位方案开始前一年与最近完整年度之差；“—”表示没有数据。
      </Typography.Paragraph>
    </ListShell>
  )
}
