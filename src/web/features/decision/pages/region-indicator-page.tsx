/**
 * 区域指标 qyzb (docs/product.md §2 /system/decision/qyzb, a leader's landing page): the six 亩均 indicators
 * of the scope as figures with 同比, one indicator by district as bars against the 合计 line, and
 * the table of all six by district. A district with districts under it (city → counties) opens
 * one level down; the trail leads back up.
 */
import { ArrowLeftOutlined, RightOutlined } from '@ant-design/icons'
import { Breadcrumb, Button, Space, type TableColumnsType } from 'antd'
import { useMemo, useRef } from 'react'
import styled from 'styled-components'
import { INDICATORS, type IndicatorKey, type IndicatorRow } from '../../../../domain/contracts/decision'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useRegionIndicators } from '../api/get-region-indicators'
import { buildIndicatorBarSpec, describeBars, indicatorBars } from '../components/build-indicator-bar-spec'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { G2Host } from '../../../charts/g2-host'
import { IndicatorKpis } from '../components/indicator-kpis'
import { IndicatorPicker, isIndicatorKey } from '../components/indicator-picker'
import { IndicatorTable } from '../components/indicator-table'
import { Panel } from '../components/panel'
import { districtNoun, isDrillable } from '../components/region-tree'
import { useRegionPlace } from '../components/use-region-place'

const FILTERS = ['year', 'regionCode', 'indicator'] as const

const Trail = styled.nav`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: 14px;
  .ant-breadcrumb-link button {
    padding: 0;
    height: auto;
  }
`

/** 区域指标 */
export function RegionIndicatorPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const year = f.year ? Number(f.year) : undefined
  const key: IndicatorKey = isIndicatorKey(f.indicator) ? f.indicator : 'taxPerMu'
  const table = useRegionIndicators({ year, regionCode: f.regionCode })
  const { tree, trail, here } = useRegionPlace(f.regionCode)
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | number | undefined>>) => setFilters({ ...f, ...change })
  const open = (code: string | undefined) => set({ regionCode: code })
  const top = useRef<HTMLSpanElement>(null)
  /** Opens a district from the chart or the table, and brings its figures into view. */
  const drill = (code: string) => {
    open(code)
    top.current?.closest('section')?.scrollIntoView({ block: 'start' })
  }

  const rows = table.data?.rows ?? []
  const noun = districtNoun(rows[0]?.code)
  const reference = table.data?.total.values[key] ?? null
  const bars = useMemo(() => indicatorBars(table.data?.rows ?? [], key, reference), [table.data, key, reference])
  const spec = useMemo(() => buildIndicatorBarSpec(bars, { key, reference, maxLabel: 6 }), [bars, key, reference])
  const { name, unit } = INDICATORS[key]
  const shownYear = table.data?.year ?? year

  const leading: TableColumnsType<IndicatorRow> = [
    {
      title: '区域',
      key: 'name',
      width: 130,
      fixed: 'left',
      render: (_, r) =>
        isDrillable(tree, r.code) ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => drill(r.code)}
            data-testid={`drill-${r.code}`}
            aria-label={`查看${r.name}下级区县`}
          >
            <span data-testid="row-name">{r.name}</span>
            <RightOutlined style={{ fontSize: 10 }} />
          </Button>
        ) : (
          <span data-testid="row-name">{r.name}</span>
        ),
    },
  ]

  return (
    <ListShell
      title="区域指标"
      intro="亩均效益六项指标按地区比较，均与上年同比；点击有下级的地区可逐级查看"
      testId="decision-qyzb-page"
      error={table.error}
      onRetry={() => void table.refetch()}
      toolbar={
        <>
          <Space wrap>
            <YearSelect value={year} onChange={(y) => set({ year: y })} testId="filter-year" />
            <RegionPicker value={f.regionCode} onChange={open} testId="filter-region" />
          </Space>
          <Trail aria-label="当前区域">
            <span style={{ color: '#6b7280' }}>当前区域</span>
            <Breadcrumb
              data-testid="region-trail"
              items={trail.map((step, i) => ({
                title:
                  i < trail.length - 1 ? (
                    <Button type="link" size="small" onClick={() => open(step.code)}>
                      {step.name}
                    </Button>
                  ) : (
                    <strong>{step.name}</strong>
                  ),
              }))}
            />
            {trail.length > 1 && (
              <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => open(trail.at(-2)?.code)} data-testid="region-up">
                返回上级
              </Button>
            )}
          </Trail>
        </>
      }
    >
      <span ref={top} />
      <IndicatorKpis total={table.data?.total} selected={key} onSelect={(indicator) => set({ indicator })} />
      <Panel
        title={`${here}各${noun}${name}${shownYear ? `（${shownYear}年）` : ''}`}
        extra={<IndicatorPicker value={key} onChange={(indicator) => set({ indicator })} />}
        lead={describeBars(bars, key, noun)}
        caption={`单位：${unit}。柱按数值由高到低排列，红色虚线为${here}合计值，浅色柱低于合计值；点击有下级的地区可下钻。`}
        testId="region-chart-panel"
      >
        <G2Host
          spec={spec}
          count={bars.length}
          height={320}
          label={`${here}各${noun}${name}柱状图`}
          emptyText={table.isLoading ? '正在加载' : `${here}下级地区没有${name}数据`}
          onPick={(d) => {
            const code = String(d.code ?? '')
            if (isDrillable(tree, code)) drill(code)
          }}
          testId="indicator-chart"
        />
      </Panel>
      <Panel title={`${here}各${noun}六项指标`} caption="每格下方为同比变化：绿色上升、红色下降（六项指标均为越高越好）；“—”表示无数据。">
        <IndicatorTable
          data={table.data}
          loading={table.isFetching}
          leading={leading}
          selected={key}
          emptyText={table.error ? '加载失败' : `${here}没有下级地区的数据`}
          testId="indicator-table"
        />
      </Panel>
    </ListShell>
  )
}
