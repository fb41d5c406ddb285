/**
 * 用地单位列表 (docs/product.md §2 /system/statisticalReport/yddw; yddw = 用地单位, the land-using
 * enterprises): the enterprises of the user's scope with the year's land, tax, value added,
 * 亩均税收 and 亩均效益评价 class, filtered by name or credit code, region, industry, scale,
 * status and class, sorted and paged on the server, exported as xlsx with the same filters.
 */
import { Form, Input, Select, Typography, type TableColumnsType } from 'antd'
import type { EnterpriseReportRow } from '../../../../domain/contracts/statistical-report'
import type { InputItem } from '../../../../domain/contracts/appraisal'
import { RestatedMark } from '../../../widgets/restated-mark'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportEnterpriseReport } from '../api/export-enterprise-report'
import { useEnterpriseReport, type EnterpriseReportParams } from '../api/list-enterprise-report'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatAmount, formatCount, formatText } from '../components/report-format'
import { APPRAISAL_CHOICES, ENTERPRISE_STATUS_CHOICES, INDUSTRY_CHOICES, SCALE_CHOICES } from '../components/report-options'
import { ReportSearchForm } from '../components/report-search-form'
import { unitTitle } from '../components/report-table'
import { AppraisalTag } from '../components/report-tags'

const FILTERS = ['keyword', 'regionCode', 'industry', 'scale', 'status', 'appraisalClass', 'year'] as const
type Filters = Partial<Record<(typeof FILTERS)[number], string>>

/**
 * A figure with "已更正" beside it for each standing approved 更正 of the inputs it is made of
 * (docs/domain.md "Closed years"): the figure is the restated one, the published value is on hover.
 */
const restatedFigure = (items: readonly InputItem[]) => (v: number | null, r: EnterpriseReportRow) => {
  const marks = r.restated.filter((x) => items.includes(x.item))
  if (!marks.length) return formatAmount(v)
  return (
    <span data-testid="restated-figure">
      {formatAmount(v)}
      {marks.map((x) => (
        <RestatedMark key={x.id} r={x} />
      ))}
    </span>
  )
}

/** 用地单位列表 */
export function EnterpriseReportPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f: Filters = params.filters
  const filter = {
    ...f,
    year: f.year ? Number(f.year) : undefined,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  } as Omit<EnterpriseReportParams, 'page' | 'pageSize'>
  const report = useEnterpriseReport({ ...filter, page: params.page, pageSize: params.pageSize })
  const filtered = FILTERS.some((k) => k !== 'year' && f[k])
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) })

  const columns: TableColumnsType<EnterpriseReportRow> = [
    {
      title: '企业名称 / 统一社会信用代码',
      dataIndex: 'name',
      ...sortable('name'),
      width: 240,
      fixed: 'left',
      render: (name: string, r) => (
        <>
          <Typography.Text ellipsis={{ tooltip: name }} style={{ display: 'block', maxWidth: 220 }}>
            {name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.creditCode}
          </Typography.Text>
        </>
      ),
    },
    { title: '区县', dataIndex: 'countyName', width: 84, render: formatText },
    {
      title: '行业',
      dataIndex: 'industryName',
      width: 170,
      ellipsis: true,
      render: (name: string | null, r) => (r.industryCode ? `${r.industryCode} ${name ?? ''}` : '未填行业'),
    },
    { title: '规模', dataIndex: 'scale', width: 64 },
    { title: unitTitle('地块数', '宗'), dataIndex: 'parcelCount', width: 84, align: 'right', render: formatCount },
    {
      title: unitTitle('用地面积', '亩'),
      dataIndex: 'landAreaMu',
      ...sortable('landAreaMu'),
      width: 104,
      align: 'right',
      render: restatedFigure(['land_area_m2']),
    },
    {
      title: unitTitle('实缴税金', '万元'),
      dataIndex: 'tax',
      ...sortable('tax'),
      width: 110,
      align: 'right',
      render: restatedFigure(['tax']),
    },
    {
      title: unitTitle('工业增加值', '万元'),
      dataIndex: 'valueAdded',
      width: 110,
      align: 'right',
      render: restatedFigure(['value_added']),
    },
    {
      title: unitTitle('亩均税收', '万元/亩'),
      dataIndex: 'taxPerMu',
      ...sortable('taxPerMu'),
      width: 104,
      align: 'right',
      // 亩均税收 is 实缴税金 over 用地面积: a 更正 of either restates it
      render: restatedFigure(['tax', 'land_area_m2']),
    },
    { title: '评价类别', dataIndex: 'appraisalClass', width: 84, render: (v: string | null) => <AppraisalTag value={v} /> },
    { title: '经营状态', dataIndex: 'status', width: 84 },
    { title: '园区', dataIndex: 'parkName', width: 170, ellipsis: true, render: formatText },
  ]

  return (
    <ListShell
      title="用地单位列表"
      intro={`${report.data ? `${report.data.year}年` : ''}用地单位的用地、税收与亩均效益评价`}
      testId="report-yddw"
      toolbar={
        <ReportSearchForm<Filters>
          values={f}
          onSearch={(v) => setFilters(v)}
          extra={<ExportButton onExport={() => exportEnterpriseReport(filter)} testId="report-export" />}
          testId="report-yddw-form"
        >
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="企业名称或统一社会信用代码" allowClear style={{ width: 220 }} maxLength={100} />
          </Form.Item>
          <Form.Item name="regionCode" label="区域">
            <RegionPicker testId="report-region" />
          </Form.Item>
          <Form.Item name="industry" label="行业">
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部行业"
              style={{ width: 220 }}
              options={INDUSTRY_CHOICES}
              popupMatchSelectWidth={320}
            />
          </Form.Item>
          <Form.Item name="scale" label="规模">
            <Select allowClear placeholder="全部" style={{ width: 90 }} options={SCALE_CHOICES} />
          </Form.Item>
          <Form.Item name="status" label="经营状态">
            <Select allowClear placeholder="全部" style={{ width: 100 }} options={ENTERPRISE_STATUS_CHOICES} />
          </Form.Item>
          <Form.Item name="appraisalClass" label="评价类别">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={APPRAISAL_CHOICES} />
          </Form.Item>
          <Form.Item name="year" label="年度">
            <YearSelect testId="report-year" />
          </Form.Item>
        </ReportSearchForm>
      }
    >
      <PagedTable<EnterpriseReportRow>
        data-testid="report-yddw-table"
        list={{ data: report.data?.page, error: report.error, isFetching: report.isFetching, refetch: report.refetch }}
        emptyText={filtered ? '没有符合条件的用地单位，请放宽筛选条件' : '本账号的数据范围内还没有用地单位'}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
      />
    </ListShell>
  )
}
