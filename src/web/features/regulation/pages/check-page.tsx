/**
 * 整治核查 (/enterprise/regulation/check): the year's C and D enterprises, D first, filtered by
 * 关键字, 类别 and 核查状态; 核查 records on the ground whether the appraisal holds (属实 / 不属实),
 * and each row shows its latest check — result, date and who — and its plan, if any.
 */
import { Button, Input, Select, Space, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { RegulationTarget } from '../../../../domain/contracts/regulation'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useTargets, type TargetQuery } from '../api/list-targets'
import { CheckModal } from '../components/check-modal'
import { RegionPicker } from '../../../widgets/region-picker'
import { YearSelect } from '../../../widgets/year-select'
import { formatAmount } from '../components/regulation-format'
import { ClassTag, PlanStateTag } from '../components/regulation-tags'
import { CheckCell, EnterpriseCell } from '../components/target-cells'

const FILTERS = ['year', 'regionCode', 'keyword', 'class', 'checked'] as const

/** 整治核查 */
export function RegulationCheckPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const query: TargetQuery = {
    year: f.year ? Number(f.year) : undefined,
    regionCode: f.regionCode,
    keyword: f.keyword,
    class: f.class === 'C' || f.class === 'D' ? f.class : undefined,
    checked: f.checked === 'yes' || f.checked === 'no' ? f.checked : undefined,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  }
  const list = useTargets(query)
  const [checking, setChecking] = useState<RegulationTarget | null>(null)
  const filtered = Boolean(f.keyword || f.class || f.checked)

  const columns: TableColumnsType<RegulationTarget> = [
    { title: '企业', key: 'name', sorter: true, sortOrder: sortOrderOf('name'), render: (_, t) => <EnterpriseCell target={t} /> },
    { title: '统一社会信用代码', dataIndex: 'creditCode', width: 190 },
    { title: '类别', dataIndex: 'class', width: 72, render: (v: string) => <ClassTag value={v} /> },
    {
      title: '亩均税收（万元/亩）',
      dataIndex: 'taxPerMu',
      key: 'taxPerMu',
      width: 150,
      align: 'right',
      sorter: true,
      sortOrder: sortOrderOf('taxPerMu'),
      render: (v: number | null) => formatAmount(v),
    },
    {
      title: '最新核查',
      key: 'check',
      width: 220,
      render: (_, t) => <CheckCell check={t.check} />,
      onCell: () => ({ 'data-field': 'check' }) as object,
    },
    {
      title: '整治方案',
      key: 'plan',
      width: 150,
      render: (_, t) => (t.plan ? <PlanStateTag state={t.plan.state} /> : <span style={{ color: '#9ca3af' }}>未制定</span>),
    },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      fixed: 'right',
      render: (_, t) => (
        <Button type="link" size="small" onClick={() => setChecking(t)} data-testid={`check-${t.enterpriseId}`}>
          {t.check ? '重新核查' : '核查'}
        </Button>
      ),
    },
  ]

  return (
    <ListShell
      title="整治核查"
      intro="亩均效益评价为C类、D类的企业：现场核实评价结果是否属实，D类在前"
      testId="regulation-check"
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(year) => setFilters({ ...f, year })} testId="regulation-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="regulation-region" />
          <Input.Search
            key={f.keyword ?? ''}
            placeholder="企业名称或统一社会信用代码"
            allowClear
            defaultValue={f.keyword}
            onSearch={(keyword) => setFilters({ ...f, keyword })}
            style={{ width: 260 }}
            data-testid="check-search"
          />
          <Select
            aria-label="类别"
            style={{ width: 140 }}
            value={f.class ?? ''}
            onChange={(v) => setFilters({ ...f, class: v })}
            options={[
              { value: '', label: '全部类别' },
              { value: 'D', label: 'D类 整治淘汰' },
              { value: 'C', label: 'C类 调整转型' },
            ]}
            popupMatchSelectWidth={false}
            data-testid="check-class"
          />
          <Select
            aria-label="核查状态"
            style={{ width: 140 }}
            value={f.checked ?? ''}
            onChange={(v) => setFilters({ ...f, checked: v })}
            options={[
              { value: '', label: '全部核查状态' },
              { value: 'no', label: '未核查' },
              { value: 'yes', label: '已核查' },
            ]}
            popupMatchSelectWidth={false}
            data-testid="check-checked"
          />
        </Space>
      }
    >
      <PagedTable<RegulationTarget>
        data-testid="check-table"
        rowKey="enterpriseId"
        list={{ data: list.data?.page, error: list.error, isFetching: list.isFetching, refetch: list.refetch }}
        emptyText={filtered ? '没有符合条件的企业，请调整关键字、类别或核查状态' : '该年度没有评价为C类、D类的企业，请选择其他年度'}
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1200 }}
      />
      <CheckModal target={checking} year={list.data?.year} onClose={() => setChecking(null)} />
    </ListShell>
  )
}
