/**
 * 工业用地列表 (docs/product.md §2 /system/statisticalReport/gyyd; gyyd = 工业用地, the industrial parcels):
 * the parcels of the user's scope filtered by code or name, region, 地类, status, 供地方式 and an
 * area range in 亩, sorted and paged on the server, exported as xlsx with the same filters.
 */
import { Form, Input, InputNumber, Select, Space, type TableColumnsType } from 'antd'
import type { ParcelReportRow } from '../../../../domain/contracts/statistical-report'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportParcelReport } from '../api/export-parcel-report'
import { useParcelReport, type ParcelReportParams } from '../api/list-parcel-report'
import { parcelColumns } from '../components/parcel-columns'
import { formatDate } from '../../../widgets/format-time'
import { RegionPicker } from '../../../widgets/region-picker'
import { formatText } from '../components/report-format'
import { LAND_USE_CHOICES, PARCEL_STATUS_CHOICES, SUPPLY_METHOD_CHOICES } from '../components/report-options'
import { ReportSearchForm } from '../components/report-search-form'

const FILTERS = ['keyword', 'regionCode', 'landUse', 'status', 'supplyMethod', 'minMu', 'maxMu'] as const
type Filters = Partial<Record<(typeof FILTERS)[number], string>>
type FormValues = Omit<Filters, 'minMu' | 'maxMu'> & { minMu?: number | null; maxMu?: number | null }

const toNumber = (v: string | undefined) => (v === undefined || v === '' || !Number.isFinite(Number(v)) ? undefined : Number(v))

/** 工业用地列表 */
export function ParcelReportPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f: Filters = params.filters
  const filter = {
    ...f,
    minMu: toNumber(f.minMu),
    maxMu: toNumber(f.maxMu),
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  } as Omit<ParcelReportParams, 'page' | 'pageSize'>
  const list = useParcelReport({ ...filter, page: params.page, pageSize: params.pageSize })
  const filtered = FILTERS.some((k) => f[k])
  const sortable = (key: string) => ({ key, sorter: true, sortOrder: sortOrderOf(key) })

  const columns: TableColumnsType<ParcelReportRow> = [
    ...parcelColumns<ParcelReportRow>(sortable),
    { title: '供地日期', dataIndex: 'supplyDate', ...sortable('supplyDate'), width: 120, render: formatDate },
    { title: '供地方式', dataIndex: 'supplyMethod', width: 90, render: formatText },
    { title: '区县', dataIndex: 'countyName', width: 100, render: formatText },
    { title: '园区', dataIndex: 'parkName', width: 160, ellipsis: true, render: formatText },
    { title: '用地单位', dataIndex: 'enterpriseName', width: 220, ellipsis: true, render: formatText },
  ]

  const values: FormValues = { ...f, minMu: toNumber(f.minMu), maxMu: toNumber(f.maxMu) }
  return (
    <ListShell
      title="工业用地列表"
      intro="工业、采矿与仓储用地的地块、供地与建设指标"
      testId="report-gyyd"
      toolbar={
        <ReportSearchForm<FormValues>
          values={values}
          onSearch={(v) => setFilters(v)}
          extra={<ExportButton onExport={() => exportParcelReport(filter)} testId="report-export" />}
          testId="report-gyyd-form"
        >
          <Form.Item name="keyword" label="关键字">
            <Input placeholder="宗地代码或地块名称" allowClear style={{ width: 200 }} maxLength={100} />
          </Form.Item>
          <Form.Item name="regionCode" label="区域">
            <RegionPicker testId="report-region" />
          </Form.Item>
          <Form.Item name="landUse" label="地类">
            <Select allowClear placeholder="全部" style={{ width: 140 }} options={LAND_USE_CHOICES} />
          </Form.Item>
          <Form.Item name="status" label="地块状态">
            <Select allowClear placeholder="全部" style={{ width: 110 }} options={PARCEL_STATUS_CHOICES} data-testid="report-gyyd-status" />
          </Form.Item>
          <Form.Item name="supplyMethod" label="供地方式">
            <Select allowClear placeholder="全部" style={{ width: 110 }} options={SUPPLY_METHOD_CHOICES} />
          </Form.Item>
          <Form.Item label="面积（亩）" style={{ marginInlineEnd: 16 }}>
            <Space.Compact>
              <Form.Item name="minMu" noStyle>
                <InputNumber aria-label="最小面积（亩）" min={0} precision={2} placeholder="最小" style={{ width: 100 }} />
              </Form.Item>
              <Input disabled value="~" style={{ width: 32, textAlign: 'center', pointerEvents: 'none' }} tabIndex={-1} aria-hidden />
              <Form.Item
                name="maxMu"
                noStyle
                dependencies={['minMu']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, max: number | null | undefined) => {
                      const min = getFieldValue('minMu') as number | null | undefined
                      return min === null || min === undefined || max === null || max === undefined || min <= max
                        ? Promise.resolve()
                        : Promise.reject(new Error('最小面积不能大于最大面积'))
                    },
                  }),
                ]}
              >
                <InputNumber aria-label="最大面积（亩）" min={0} precision={2} placeholder="最大" style={{ width: 100 }} />
              </Form.Item>
            </Space.Compact>
          </Form.Item>
        </ReportSearchForm>
      }
    >
      <PagedTable<ParcelReportRow>
        data-testid="report-gyyd-table"
        list={list}
        emptyText={filtered ? '没有符合条件的地块，请放宽筛选条件' : '本账号的数据范围内还没有工业用地'}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        tableLayout="fixed"
        scroll={{ x: 'max-content' }}
      />
    </ListShell>
  )
}
