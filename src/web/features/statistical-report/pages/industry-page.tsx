/**
 * 行业统计 (docs/product.md §2 /system/statisticalReport/industry): the year's figures of the chosen region by
 * manufacturing division (GB/T 4754 C13–C43, plus enterprises without one) — enterprises, parcels,
 * land, tax, value added, revenue and their 亩均 — and their 合计, with a bar chart of the
 * leading divisions by 用地面积 or 亩均税收. Exported as xlsx.
 */
import { Card, Segmented, Space, Table, type TableColumnsType } from 'antd'
import { useMemo, useState } from 'react'
import type { IndustryReportRow } from '../../../../domain/contracts/statistical-report'
import { ExportButton } from '../../../ui/export-button'
import { ListShell, emptyState } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { exportIndustryReport } from '../api/export-industry-report'
import { useIndustryReport } from '../api/get-industry-report'
import { buildReportBarSpec } from '../components/build-report-bar-spec'
import { G2Host } from '../../../charts/g2-host'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatAmount, formatCount } from '../components/report-format'
import { TotalRow, figureColumn, type FigureDef } from '../components/report-table'

const FILTERS = ['year', 'regionCode'] as const

/** divisions shown in the chart */
const CHART_TOP = 15

// each column a catalogue figure (src/domain/figures): its name on screen, its 口径 on hover
const FIGURES: FigureDef<IndustryReportRow>[] = [
  { field: 'enterpriseCount', figure: 'landEnterpriseCount', title: '用地企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'scaleCount', figure: 'scaleAboveCount', title: '规上企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'ratedEnterpriseCount', figure: 'ratedEnterpriseCount', title: '参评企业数', unit: '家', format: formatCount, width: 100 },
  { field: 'parcelCount', figure: 'parcelCount', title: '地块数', unit: '宗', format: formatCount, width: 84 },
  { field: 'areaMu', figure: 'landAreaMu', title: '用地面积', unit: '亩', format: formatAmount },
  { field: 'tax', figure: 'tax', title: '实缴税金', unit: '万元', format: formatAmount, width: 110 },
  { field: 'valueAdded', figure: 'valueAdded', title: '工业增加值', unit: '万元', format: formatAmount, width: 110 },
  { field: 'revenue', figure: 'revenue', title: '营业收入', unit: '万元', format: formatAmount, width: 110 },
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

const CHART_FIGURES = {
  areaMu: { label: '用地面积', unit: '亩', figure: 'landAreaMu' },
  taxPerMu: { label: '亩均税收', unit: '万元/亩', figure: 'taxPerMu', parts: (r: IndustryReportRow) => r.parts.taxPerMu },
} as const
type ChartFigure = keyof typeof CHART_FIGURES

/** 行业统计 */
export function IndustryReportPage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const filter = { year: f.year ? Number(f.year) : undefined, regionCode: f.regionCode }
  const report = useIndustryReport(filter)
  const data = report.data
  const [figure, setFigure] = useState<ChartFigure>('areaMu')

  const spec = useMemo(
    () =>
      buildReportBarSpec(data?.rows ?? [], {
        key: (r) => r.code,
        name: (r) => r.name,
        value: (r) => r[figure],
        ...CHART_FIGURES[figure],
        horizontal: true,
        top: CHART_TOP,
        maxLabel: 12,
      }),
    [data?.rows, figure],
  )
  const bars = Math.min(CHART_TOP, data?.rows.length ?? 0)

  const columns: TableColumnsType<IndustryReportRow> = [
    { title: '代码', dataIndex: 'code', key: 'code', width: 70, fixed: 'left', render: (code: string) => code || '—' },
    { title: '行业名称', dataIndex: 'name', key: 'name', width: 220, fixed: 'left', ellipsis: true },
    ...FIGURES.map((d) => figureColumn(d, data)),
  ]

  return (
    <ListShell
      title="行业统计"
      intro="按国民经济行业分类（制造业大类）统计用地单位、工业用地与亩均效益"
      testId="report-industry"
      error={report.error}
      onRetry={() => void report.refetch()}
      toolbar={
        <>
          <Space wrap>
            <YearSelect stock value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="report-year" />
            <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="report-region" />
          </Space>
          <ExportButton onExport={() => exportIndustryReport(filter)} testId="report-export" disabled={!data} />
        </>
      }
    >
      <Card
        size="small"
        title={
          data
            ? `${data.figuresYear}年度 ${data.region?.name ?? '全部区域'} ${CHART_FIGURES[figure].label}前${CHART_TOP}位行业（${CHART_FIGURES[figure].unit}）`
            : '行业排名'
        }
        extra={
          <Segmented<ChartFigure>
            size="small"
            value={figure}
            onChange={setFigure}
            options={(Object.keys(CHART_FIGURES) as ChartFigure[]).map((k) => ({ value: k, label: CHART_FIGURES[k].label }))}
            data-testid="report-industry-figure"
          />
        }
        style={{ marginBottom: 12 }}
      >
        <G2Host
          spec={spec}
          count={bars}
          height={Math.max(200, bars * 22 + 50)}
          emptyText={report.error ? '加载失败' : report.isLoading ? '正在加载…' : '该区域当年没有行业数据，请选择其他年度或区域'}
          testId="report-industry-chart"
        />
      </Card>
      <Table<IndustryReportRow>
        data-testid="report-industry-table"
        rowKey={(r) => r.code || 'none'}
        size="middle"
        bordered
        columns={columns}
        dataSource={data?.rows}
        loading={report.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: emptyState(report.error ? '加载失败' : '该区域当年没有行业数据，请选择其他年度或区域') }}
        summary={() => (data ? <TotalRow total={data.total} lead={2} figures={FIGURES} testId="report-industry-total" /> : null)}
      />
    </ListShell>
  )
}
