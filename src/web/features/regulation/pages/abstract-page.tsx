/**
 * 整治概况 (/enterprise/regulation/abstract): for a year, the C and D enterprises and how their
 * remediation stands — checked and found to hold, plans made, closed, overdue and 提升 — as
 * headline figures, a chart by county beside the outcomes of the closed plans, and the county
 * table with its 合计.
 */
import { Card, Space, Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { RegulationAbstractRow } from '../../../../domain/contracts/regulation'
import { G2Host } from '../../../charts/g2-host'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useAbstract } from '../api/get-abstract'
import { buildCountySpec, topCounties } from '../components/build-county-spec'
import { buildOutcomeSpec, outcomePoints } from '../components/build-outcome-spec'
import { KpiCards, type Kpi } from '../components/kpi-cards'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatCount } from '../components/regulation-format'

const FILTERS = ['year', 'regionCode'] as const
/** counties in the chart; the table lists them all */
const TOP = 15

const Charts = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 1fr);
  gap: 12px;
  margin-bottom: 16px;
`

/** The county table's figures, in order. */
const FIGURES: { field: keyof RegulationAbstractRow & string; title: string }[] = [
  { field: 'classC', title: 'C类' },
  { field: 'classD', title: 'D类' },
  { field: 'checked', title: '已核查' },
  { field: 'confirmed', title: '核查属实' },
  { field: 'planned', title: '已制定方案' },
  { field: 'closed', title: '已办结' },
  { field: 'overdue', title: '逾期' },
  { field: 'improved', title: '提升' },
]

/** 整治概况 */
export function RegulationAbstractPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const abstract = useAbstract({ year: f.year ? Number(f.year) : undefined, regionCode: f.regionCode })
  const data = abstract.data
  const t = data?.total

  const countySpec = useMemo(() => buildCountySpec(data?.rows ?? [], TOP), [data?.rows])
  const outcomeSpec = useMemo(() => buildOutcomeSpec(data?.outcomes ?? []), [data?.outcomes])
  const shownCounties = topCounties(data?.rows ?? [], TOP).length

  const kpis: Kpi[] = [
    { key: 'classC', label: 'C类企业', value: t?.classC, hint: '调整转型' },
    { key: 'classD', label: 'D类企业', value: t?.classD, hint: '整治淘汰' },
    { key: 'checked', label: '已核查', value: t?.checked, hint: t ? `属实 ${formatCount(t.confirmed)} 家` : undefined },
    {
      key: 'planned',
      label: '已制定方案',
      value: t?.planned,
      hint: t && t.classC + t.classD > 0 ? `占C、D类 ${((t.planned / (t.classC + t.classD)) * 100).toFixed(2)}%` : undefined,
    },
    { key: 'closed', label: '已办结', value: t?.closed },
    { key: 'overdue', label: '逾期', value: t?.overdue, hint: '过期限未办结', warn: true },
    { key: 'improved', label: '提升', value: t?.improved, hint: '办结结果为提升' },
  ]
  const loadingText = abstract.error ? '加载失败' : abstract.isLoading ? '正在加载…' : null

  const columns: TableColumnsType<RegulationAbstractRow> = [
    { title: '区县', dataIndex: 'name', key: 'name', fixed: 'left', width: 120 },
    ...FIGURES.map((d) => ({
      title: d.title,
      dataIndex: d.field,
      key: d.field,
      align: 'right' as const,
      sorter: (a: RegulationAbstractRow, b: RegulationAbstractRow) => (a[d.field] as number) - (b[d.field] as number),
      render: (v: number) => formatCount(v),
      onCell: () => ({ 'data-field': d.field }) as object,
    })),
  ]

  return (
    <ListShell
      title="整治概况"
      intro="亩均效益评价C类、D类企业的核查、整治方案与办结情况"
      testId="regulation-abstract"
      error={abstract.error}
      onRetry={() => void abstract.refetch()}
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="regulation-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="regulation-region" />
        </Space>
      }
    >
      <KpiCards items={kpis} unit={(k) => (k === 'classC' || k === 'classD' || k === 'checked' ? '家' : '个')} />
      <Charts>
        <Card
          size="small"
          title={
            data
              ? `${data.year}年 各区县C类、D类企业与整治方案${data.rows.length > TOP ? `（企业数前 ${TOP} 个区县）` : ''}`
              : '各区县C类、D类企业与整治方案'
          }
        >
          <G2Host
            spec={countySpec}
            count={shownCounties}
            emptyText={loadingText ?? '该年度没有评价为C类、D类的企业，请选择其他年度'}
            height={300}
            testId="regulation-county-chart"
          />
        </Card>
        <Card size="small" title="办结结果">
          <G2Host
            spec={outcomeSpec}
            count={outcomePoints(data?.outcomes ?? []).length}
            emptyText={loadingText ?? '尚无办结的整治方案：在“整治监管”中办结后在此统计'}
            height={300}
            testId="regulation-outcome-chart"
          />
        </Card>
      </Charts>
      <Table<RegulationAbstractRow>
        data-testid="regulation-county-table"
        rowKey="code"
        size="small"
        bordered
        columns={columns}
        dataSource={data?.rows}
        loading={abstract.isFetching}
        pagination={false}
        scroll={{ x: 'max-content', y: 480 }}
        locale={{ emptyText: emptyState(abstract.error ? '加载失败' : '该年度没有评价为C类、D类的企业，请选择其他年度或区域') }}
        summary={() =>
          t ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="regulation-total" style={{ fontWeight: 600, background: '#fafbfd' }}>
                <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
                {FIGURES.map((d, i) => (
                  <Table.Summary.Cell key={d.field} index={i + 1} align="right">
                    <span data-field={d.field}>{formatCount(t[d.field] as number)}</span>
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </ListShell>
  )
}
