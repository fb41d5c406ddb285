/**
 * 行业指标 zbhy (docs/product.md §2 /system/decision/zbhy): the six 亩均 indicators by GB/T 4754
 * manufacturing division inside the chosen district — the leading divisions of one indicator as
 * bars against the 合计 line, and the table of all six with 同比. Each division opens its
 * 指标趋势.
 */
import { LineChartOutlined } from '@ant-design/icons'
import { Select, Space, Tooltip, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { INDICATORS, type IndicatorKey, type IndicatorRow } from '../../../../domain/contracts/decision'
import { ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useIndustryIndicators } from '../api/get-industry-indicators'
import { buildIndicatorBarSpec, describeBars, indicatorBars } from '../components/build-indicator-bar-spec'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { G2Host } from '../../../charts/g2-host'
import { IndicatorPicker, isIndicatorKey } from '../components/indicator-picker'
import { IndicatorTable } from '../components/indicator-table'
import { Panel } from '../components/panel'
import { useRegionPlace } from '../components/use-region-place'
import { useRouteLink } from '../../../widgets/use-route-link'

const FILTERS = ['year', 'regionCode', 'indicator', 'top'] as const
const TOPS = [10, 15, 20] as const
const DEFAULT_TOP = 15

/** 行业指标 */
export function IndustryIndicatorPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const year = f.year ? Number(f.year) : undefined
  const key: IndicatorKey = isIndicatorKey(f.indicator) ? f.indicator : 'taxPerMu'
  const top = f.top === 'all' ? undefined : (TOPS.find((n) => String(n) === f.top) ?? DEFAULT_TOP)
  const table = useIndustryIndicators({ year, regionCode: f.regionCode })
  const { here } = useRegionPlace(f.regionCode)
  const linkTo = useRouteLink()
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | number | undefined>>) => setFilters({ ...f, ...change })

  const reference = table.data?.total.values[key] ?? null
  const ranked = useMemo(
    () =>
      indicatorBars(
        (table.data?.rows ?? []).filter((r) => r.code !== ''),
        key,
        reference,
        { label: (r) => `${r.code} ${r.name}` },
      ),
    [table.data, key, reference],
  )
  const bars = useMemo(() => (top === undefined ? ranked : ranked.slice(0, top)), [ranked, top])
  const spec = useMemo(() => buildIndicatorBarSpec(bars, { key, reference, horizontal: true, maxLabel: 16 }), [bars, key, reference])
  const { name, unit } = INDICATORS[key]
  const shownYear = table.data?.year ?? year

  const leading: TableColumnsType<IndicatorRow> = [
    { title: '行业代码', dataIndex: 'code', width: 80, fixed: 'left', render: (v: string) => v || '—' },
    {
      title: '行业',
      key: 'name',
      width: 190,
      fixed: 'left',
      render: (_, r) => {
        const trend = r.code ? linkTo('/system/decision/zbqs', { industry: r.code, regionCode: f.regionCode }) : undefined
        return (
          <Space size={4}>
            <span data-testid="row-name">{r.name}</span>
            {trend && (
              <Tooltip title="查看该行业指标趋势">
                <Link to={trend} aria-label={`查看${r.name}指标趋势`}>
                  <LineChartOutlined />
                </Link>
              </Tooltip>
            )}
          </Space>
        )
      },
    },
  ]

  return (
    <ListShell
      title="行业指标"
      intro="亩均效益六项指标按国民经济行业（制造业大类）比较，均与上年同比"
      testId="decision-zbhy-page"
      error={table.error}
      onRetry={() => void table.refetch()}
      toolbar={
        <Space wrap>
          <YearSelect value={year} onChange={(y) => set({ year: y })} testId="filter-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} testId="filter-region" />
        </Space>
      }
    >
      <Panel
        title={`${here}${name}行业排行${shownYear ? `（${shownYear}年）` : ''}`}
        extra={
          <Space wrap>
            <IndicatorPicker value={key} onChange={(indicator) => set({ indicator })} />
            <Select
              size="small"
              aria-label="显示行业数"
              style={{ width: 96 }}
              value={top === undefined ? 'all' : String(top)}
              onChange={(v) => set({ top: v === String(DEFAULT_TOP) ? undefined : v })}
              options={[...TOPS.map((n) => ({ value: String(n), label: `前 ${n} 名` })), { value: 'all', label: '全部' }]}
            />
          </Space>
        }
        lead={describeBars(ranked, key, '行业')}
        caption={`单位：${unit}。按数值由高到低排列，红色虚线为${here}合计值，浅色柱低于合计值。`}
      >
        <G2Host
          spec={spec}
          count={bars.length}
          height={Math.max(240, 56 + bars.length * 26)}
          label={`${here}${name}行业排行条形图`}
          emptyText={table.isLoading ? '正在加载' : `${here}没有${name}数据`}
          testId="indicator-chart"
        />
      </Panel>
      <Panel
        title={`${here}各行业六项指标`}
        caption="每格下方为同比变化：绿色上升、红色下降（六项指标均为越高越好）；“—”表示无数据；“未分类”为未登记行业的企业。"
      >
        <IndicatorTable
          data={table.data}
          loading={table.isFetching}
          leading={leading}
          selected={key}
          emptyText={table.error ? '加载失败' : `${here}没有行业数据`}
          testId="indicator-table"
        />
      </Panel>
    </ListShell>
  )
}
