/**
 * 指标趋势 zbqs (docs/product.md §2 /system/decision/zbqs): the chosen indicators of a district (and a
 * division) over every year with figures. Indicators of different units are drawn in separate
 * charts, never on one axis; the table lists every year with all six and the change on the year
 * before.
 */
import { Checkbox, Space, Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import styled from 'styled-components'
import { INDICATORS, type IndicatorKey, type TrendPoint } from '../../../../domain/contracts/decision'
import { INDUSTRY_DIVISIONS, isIndustryCode } from '../../../../domain/codes/industry'
import { formatFigure } from '../../../core/format-figure'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { FigureLabel } from '../../../ui/figure-tip'
import { useListParams } from '../../../ui/use-list-params'
import { useIndicatorTrend } from '../api/get-indicator-trend'
import { buildTrendSpec, trendData, unitGroups, type UnitGroup } from '../components/build-trend-spec'
import { ChangeText } from '../components/change-text'
import { IndustrySelect } from '../components/filters'
import { RegionPicker } from '../../../widgets/region-picker'
import { G2Host } from '../../../charts/g2-host'
import { INDICATOR_KEYS, formatValue, yoyChange } from '../components/indicator-format'
import { isIndicatorKey } from '../components/indicator-picker'
import { Panel } from '../components/panel'
import { useRegionPlace } from '../components/use-region-place'

const FILTERS = ['regionCode', 'industry', 'indicators'] as const
const DEFAULT_KEYS: IndicatorKey[] = ['taxPerMu', 'valueAddedPerMu']

const Charts = styled.div<{ $pair: boolean }>`
  display: grid;
  grid-template-columns: ${({ $pair }) => ($pair ? 'repeat(2, minmax(0, 1fr))' : 'minmax(0, 1fr)')};
  gap: 0 16px;
`

const Sub = styled.figure`
  margin: 0 0 8px;
  h3 {
    margin: 0 0 2px;
    font-size: 13px;
    font-weight: 600;
    color: ${({ theme }) => theme.text};
  }
  h3 small {
    margin-left: 6px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
`

const Wrap = styled.div`
  .ant-table-thead > tr > th {
    line-height: 1.35;
    font-size: 13px;
  }
  .unit {
    display: block;
    font-size: 12px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** A header with its unit on a second line. */
const head = (name: string, unit: string) => (
  <>
    {name}
    <span className="unit">{unit}</span>
  </>
)

const Figure = styled.span`
  display: inline-flex;
  flex-direction: column;
  align-items: flex-end;
  font-variant-numeric: tabular-nums;
`

/** The indicators named in the URL (comma-separated), in the order of the six; the default when none. */
export function chosenIndicators(text: string | undefined): IndicatorKey[] {
  if (text === undefined) return DEFAULT_KEYS
  const named = text.split(',').filter(isIndicatorKey)
  return INDICATOR_KEYS.filter((k) => named.includes(k))
}

/** One unit group's chart. */
function GroupChart({ points, group, failed }: { points: TrendPoint[]; group: UnitGroup; failed: boolean }) {
  const data = useMemo(() => trendData(points, group.keys), [points, group])
  const spec = useMemo(() => buildTrendSpec(data, group), [data, group])
  const names = group.keys.map((k) => INDICATORS[k].name).join('、')
  return (
    <Sub data-testid={`trend-group-${group.keys.join('-')}`}>
      <h3>
        {names}
        <small>单位：{group.unit}</small>
      </h3>
      <G2Host
        spec={spec}
        count={data.length}
        height={280}
        label={`${names}历年折线图`}
        emptyText={failed ? '加载失败' : '所选范围没有历年数据'}
        testId="trend-chart"
      />
    </Sub>
  )
}

/** 指标趋势 */
export function IndicatorTrendPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const industry = f.industry && isIndustryCode(f.industry) ? f.industry : undefined
  const keys = useMemo(() => chosenIndicators(f.indicators), [f.indicators])
  const trend = useIndicatorTrend({ regionCode: f.regionCode, industry })
  const { here } = useRegionPlace(f.regionCode)
  const scope = industry ? `${here} · ${industry} ${INDUSTRY_DIVISIONS[industry]}` : here
  const groups = useMemo(() => unitGroups(keys), [keys])
  const points = trend.data ?? []
  const set = (change: Partial<Record<(typeof FILTERS)[number], string | undefined>>) => setFilters({ ...f, ...change })

  const columns: TableColumnsType<TrendPoint> = [
    { title: '年度', dataIndex: 'year', width: 76, fixed: 'left', render: (y: number) => `${y}年` },
    {
      title: <FigureLabel figure="ratedEnterpriseCount" />,
      dataIndex: 'enterpriseCount',
      width: 96,
      align: 'right',
      render: (v: number) => formatFigure(v),
    },
    { title: head('实缴税金', '万元'), dataIndex: 'tax', width: 112, align: 'right', render: formatValue },
    { title: head('工业增加值', '万元'), dataIndex: 'valueAdded', width: 120, align: 'right', render: formatValue },
    ...INDICATOR_KEYS.map((k): TableColumnsType<TrendPoint>[number] => ({
      key: k,
      title: head(INDICATORS[k].name, INDICATORS[k].unit),
      width: k === 'rdRatio' ? 120 : k === 'taxPerMu' ? 90 : 106,
      align: 'right',
      render: (_, p, i) => (
        <Figure>
          {formatValue(p.values[k])}
          <ChangeText value={i > 0 ? yoyChange(p.values[k], points[i - 1].values[k]) : null} />
        </Figure>
      ),
    })),
  ]

  return (
    <ListShell
      title="指标趋势"
      intro="亩均效益指标历年变化，可按区域和行业查看"
      testId="decision-zbqs-page"
      error={trend.error}
      onRetry={() => void trend.refetch()}
      toolbar={
        <Space wrap>
          <RegionPicker value={f.regionCode} onChange={(regionCode) => set({ regionCode })} testId="filter-region" />
          <IndustrySelect value={industry} onChange={(v) => set({ industry: v })} />
        </Space>
      }
    >
      <Panel
        title={`${scope}指标历年变化`}
        extra={
          <Checkbox.Group
            aria-label="显示的指标"
            value={keys}
            onChange={(v) =>
              set({ indicators: (v as IndicatorKey[]).join(',') === DEFAULT_KEYS.join(',') ? undefined : (v as IndicatorKey[]).join(',') })
            }
            options={INDICATOR_KEYS.map((k) => ({ value: k, label: INDICATORS[k].name }))}
            data-testid="trend-indicators"
          />
        }
        caption="单位不同的指标分图显示，各图纵轴为该组指标的单位。"
      >
        {groups.length === 0 ? (
          emptyState('请勾选要查看的指标')
        ) : (
          <Charts $pair={groups.length > 1}>
            {groups.map((g) => (
              <GroupChart key={g.unit} points={points} group={g} failed={!!trend.error} />
            ))}
          </Charts>
        )}
      </Panel>
      <Panel title={`${scope}历年指标`} caption="指标下方为较上一年的变化：绿色上升、红色下降；“—”表示无数据。">
        <Wrap>
          <Table<TrendPoint>
            data-testid="trend-table"
            rowKey="year"
            size="middle"
            columns={columns}
            dataSource={points}
            loading={trend.isFetching}
            pagination={false}
            scroll={{ x: 1050 }}
            locale={{ emptyText: emptyState(trend.error ? '加载失败' : '所选范围没有历年数据') }}
          />
        </Wrap>
      </Panel>
    </ListShell>
  )
}
