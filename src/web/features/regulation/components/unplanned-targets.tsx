/**
 * 待制定方案: the year's C and D enterprises without a plan (D first), searchable, each with
 * 制定方案. Its paging is its own (the URL holds the plans list's), five rows at a time.
 */
import { Button, Input, Space, Table, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { RegulationTarget } from '../../../../domain/contracts/regulation'
import { LoadError, emptyState } from '../../../ui/list-shell'
import type { RegulationFilter } from '../api/get-abstract'
import { useTargets } from '../api/list-targets'
import { formatAmount } from './regulation-format'
import { ClassTag } from './regulation-tags'
import { CheckCell, EnterpriseCell } from './target-cells'

const PAGE_SIZE = 5

/** The list; `onPlan` opens 制定方案 for an enterprise of `year`. */
export function UnplannedTargets({
  filter,
  onPlan,
}: {
  filter: RegulationFilter
  onPlan: (target: RegulationTarget, year: number) => void
}) {
  const [keyword, setKeyword] = useState<string | undefined>()
  const [page, setPage] = useState(1)
  const list = useTargets({ ...filter, keyword, planned: 'no', page, pageSize: PAGE_SIZE })
  const year = list.data?.year

  const columns: TableColumnsType<RegulationTarget> = [
    { title: '企业', key: 'name', render: (_, t) => <EnterpriseCell target={t} /> },
    { title: '类别', dataIndex: 'class', width: 72, render: (v: string) => <ClassTag value={v} /> },
    { title: '亩均税收（万元/亩）', dataIndex: 'taxPerMu', width: 150, align: 'right', render: (v: number | null) => formatAmount(v) },
    { title: '最新核查', key: 'check', width: 220, render: (_, t) => <CheckCell check={t.check} /> },
    {
      title: '操作',
      key: 'actions',
      width: 100,
      render: (_, t) => (
        <Button
          type="link"
          size="small"
          disabled={year === undefined}
          onClick={() => year !== undefined && onPlan(t, year)}
          data-testid={`plan-add-${t.enterpriseId}`}
        >
          制定方案
        </Button>
      ),
    },
  ]

  return (
    <section data-testid="unplanned-targets">
      <Space style={{ marginBottom: 8, width: '100%', justifyContent: 'space-between' }} wrap>
        <Typography.Text type="secondary">
          {list.data ? `${list.data.year}年尚有 ${list.data.page.total} 家C类、D类企业未制定整治方案` : '正在加载…'}
        </Typography.Text>
        <Input.Search
          placeholder="企业名称或统一社会信用代码"
          allowClear
          onSearch={(v) => {
            setKeyword(v || undefined)
            setPage(1)
          }}
          style={{ width: 260 }}
          data-testid="unplanned-search"
        />
      </Space>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<RegulationTarget>
        rowKey="enterpriseId"
        size="small"
        columns={columns}
        dataSource={list.data?.page.list}
        loading={list.isFetching}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE,
          total: list.data?.page.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 家`,
          size: 'small',
        }}
        locale={{
          emptyText: emptyState(
            list.error ? '加载失败' : keyword ? '没有符合条件的企业，请换个关键字' : '该年度的C类、D类企业都已制定整治方案',
          ),
        }}
        scroll={{ x: 900 }}
      />
    </section>
  )
}
