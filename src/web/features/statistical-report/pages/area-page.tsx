/**
 * 区域统计 (docs/product.md §2 /system/statisticalReport/area): the year's figures of the districts one level
 * below the chosen region — parcels, land, low-efficiency land, enterprises, tax and value added
 * with their 亩均 — and their 合计; a district's name opens its own districts, the path above
 * leads back up. A bar chart ranks the districts by 亩均税收. Exported as xlsx.
 */
import { Breadcrumb, Button, Card, Space, Table, type TableColumnsType } from 'antd'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { AreaReportRow } from '../../../../domain/contracts/statistical-report'
import { ExportButton } from '../../../ui/export-button'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { exportAreaReport } from '../api/export-area-report'
import { useAreaReport } from '../api/get-area-report'
import { buildReportBarSpec } from '../components/build-report-bar-spec'
import { G2Host } from '../../../charts/g2-host'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatAmount, formatCount } from '../components/report-format'
import { TotalRow, figureColumn, type FigureDef } from '../components/report-table'

const FILTERS = ['year', 'regionCode'] as const

const Here = styled.nav`
  display: flex;
  align-items: center;
  margin-bottom: 12px;
  > span {
    color: ${({ theme }) => theme.textMuted};
  }
`

// each column a catalogue figure (src/domain/figures): its name on screen, its 口径 on hover
const FIGURES: FigureDef<AreaReportRow>[] = [
  { field: 'parcelCount', figure: 'parcelCount', title: '地块数', unit: '宗', format: formatCount, width: 84 },
  { field: 'areaMu', figure: 'landAreaMu', title: '用地面积', unit: '亩', format: formatAmount },
  { field: 'lowCount', figure: 'lowEfficiencyCount', title: '低效用地数', unit: '宗', format: formatCount, width: 100 },
  { field: 'lowAreaMu', figure: 'lowEfficiencyAreaMu', title: '低效用地面积', unit: '亩', format: formatAmount, width: 120 },
  { field: 'enterpriseCount', figure: 'landEnterpriseCount', title: '用地企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'scaleCount', figure: 'scaleAboveCount', title: '规上企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'ratedEnterpriseCount', figure: 'ratedEnterpriseCount', title: '参评企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'tax', figure: 'tax', title: '实缴税金', unit: '万元', format: formatAmount, width: 110 },
  { field: 'valueAdded', figure: 'valueAdded', title: '工业增加值', unit: '万元', format: formatAmount, width: 110 },
  { field: 'ratedLandMu', figure: 'ratedLandMu', title: '参评用地面积', unit: '亩', format: formatAmount, width: 120 },
  { field: 'taxPerMu', figure: 'taxPerMu', title: '亩均税收', unit: '万元/亩', format: formatAmount, parts: (r) => r.parts.taxPerMu },
  {
    field: 'valueAddedPerMu',
    figure: 'valueAddedPerMu',
    title: '亩均增加值',
    unit: '万元/亩',
    format: formatAmount,
    width: 110,
    parts: (r) => r.parts.valueAddedPerMu,
  },
]

/** 区域统计 */
export function AreaReportPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const filter = { year: f.year ? Number(f.year) : undefined, regionCode: f.regionCode }
  const report = useAreaReport(filter)
  const data = report.data
  const drill = (regionCode: string | undefined) => setFilters({ ...f, regionCode })

  const spec = useMemo(
    () =>
      buildReportBarSpec(data?.rows ?? [], {
        key: (r) => r.code,
        name: (r) => r.name,
        value: (r) => r.taxPerMu,
        label: '亩均税收',
        unit: '万元/亩',
        figure: 'taxPerMu',
        parts: (r) => r.parts.taxPerMu,
        ranked: true,
      }),
    [data?.rows],
  )
  const drillable = new Set((data?.rows ?? []).filter((r) => r.drillable).map((r) => r.code))

  const columns: TableColumnsType<AreaReportRow> = [
    {
      title: '地区',
      dataIndex: 'name',
      key: 'name',
      fixed: 'left',
      width: 100,
      render: (name: string, r) =>
        r.drillable ? (
          <Button
            type="link"
            size="small"
            style={{ padding: 0 }}
            onClick={() => drill(r.code)}
            data-testid={`drill-${r.code}`}
            title={`查看${name}下辖地区`}
          >
            {name}
          </Button>
        ) : (
          name
        ),
    },
    ...FIGURES.map((d) => figureColumn(d, data)),
  ]

  // the path runs from the province down: its first step (or 全部区域) shows the whole scope
  const path = data?.path ?? []
  const steps = path[0]?.level === 'province' ? path.slice(1) : path
  const crumbs = [
    { code: undefined as string | undefined, name: path[0]?.level === 'province' ? path[0].name : '全部区域' },
    ...steps.map((p) => ({ code: p.code as string | undefined, name: p.name })),
  ]
  const where = data?.region?.name ?? crumbs[0].name

  return (
    <ListShell
      title="区域统计"
      intro="各地区工业用地、用地单位与亩均效益；点击地区名称查看下辖地区"
      testId="report-area"
      error={report.error}
      onRetry={() => void report.refetch()}
      toolbar={
        <>
          <Space wrap>
            <YearSelect stock value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="report-year" />
            <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="report-region" />
          </Space>
          <ExportButton onExport={() => exportAreaReport(filter)} testId="report-export" disabled={!data} />
        </>
      }
    >
      <Here>
        <span>当前区域：</span>
        <Breadcrumb
          data-testid="report-area-path"
          items={crumbs.map((c, i) => ({
            title:
              i === crumbs.length - 1 ? (
                <span data-testid="report-area-here">{c.name}</span>
              ) : (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0, height: 'auto' }}
                  onClick={() => drill(c.code)}
                  data-testid={`crumb-${c.code ?? 'all'}`}
                >
                  {c.name}
                </Button>
              ),
          }))}
        />
      </Here>
      <Card
        size="small"
        title={data ? `${data.figuresYear}年度 ${where}各地区亩均税收（万元/亩）` : '亩均税收'}
        style={{ marginBottom: 12 }}
      >
        <G2Host
          spec={spec}
          count={data?.rows.filter((r) => Number.isFinite(r.taxPerMu)).length ?? 0}
          emptyText={report.error ? '加载失败' : report.isLoading ? '正在加载…' : '该区域下没有地区数据，请返回上一级'}
          onPick={(d) => drillable.has(String(d.key)) && drill(String(d.key))}
          testId="report-area-chart"
        />
      </Card>
      <Table<AreaReportRow>
        data-testid="report-area-table"
        rowKey="code"
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.rows}
        loading={report.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: emptyState(report.error ? '加载失败' : '该区域下没有地区数据，请返回上一级或选择其他区域') }}
        summary={() => (data ? <TotalRow total={data.total} lead={1} figures={FIGURES} testId="report-area-total" /> : null)}
      />
    </ListShell>
  )
}
