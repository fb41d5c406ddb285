/**
 * 评价审定 (/enterprise/appraise/approve, issue 28): the 审定 of 亩均 due process. The batches of a
 * year in 公示 or 异议 with their window, open 异议 and who ran and opened them, and 发布 — enabled
 * only after the window, with no 异议 open, for someone other than whoever ran the 试算 or opened
 * the 公示; then the model and norm changes waiting for 审定, each with its diff and 办理记录.
 */
import { Button, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { AppraisalBatch } from '../../../../domain/contracts/appraisal'
import { chineseDate } from '../../../../domain/work-calendar'
import { productToday } from '../../../core/product-today'
import { emptyState, ListShell } from '../../../ui/list-shell'
import { useListParams } from '../../../ui/use-list-params'
import { useYears } from '../../../widgets/use-years'
import { YearSelect } from '../../../widgets/year-select'
import { RegionPicker } from '../../../widgets/region-picker'
import { useBatches } from '../api/appraisal-api'
import { useWorkCalendars } from '../../../core/calls/query-work-calendar'
import { BatchStateTag } from '../components/appraisal-bits'
import { PendingApprovals } from '../components/pending-approvals'
import { PublishButton } from '../components/publish-button'
import { StepsDrawer, type StepsTarget } from '../components/steps-drawer'

const FILTERS = ['year', 'regionCode'] as const

/** 评价审定 */
export function AppraisalApprovePage() {
  const { params, setFilters } = useListParams(FILTERS)
  const f = params.filters
  const years = useYears()
  const year = f.year ? Number(f.year) : years.data?.latest
  const batches = useBatches({ year, regionCode: f.regionCode }, year !== undefined)
  const open = (batches.data ?? []).filter((b) => b.state === '公示' || b.state === '异议')
  const today = useWorkCalendars([productToday().year()])[0]?.data?.today
  const [stepsOf, setStepsOf] = useState<StepsTarget | null>(null)

  const columns: TableColumnsType<AppraisalBatch> = [
    { title: '区县', dataIndex: 'countyName', width: 110 },
    { title: '版本', dataIndex: 'version', width: 70, render: (v: number) => `第${v}版` },
    { title: '状态', dataIndex: 'state', width: 80, render: (s) => <BatchStateTag state={s} /> },
    {
      title: '公示期',
      key: 'window',
      width: 220,
      render: (_, b) => (b.publicityStart && b.publicityEnd ? `${chineseDate(b.publicityStart)} 至 ${chineseDate(b.publicityEnd)}` : '—'),
    },
    {
      title: '可发布日期',
      dataIndex: 'publishFrom',
      width: 140,
      render: (v: string | null) =>
        v ? <span style={{ color: today && today >= v ? '#16a34a' : undefined }}>{chineseDate(v)}起</span> : '—',
    },
    {
      title: '待审异议',
      dataIndex: 'openObjections',
      width: 90,
      render: (n: number) => (n ? <Tag color="warning">{n} 件</Tag> : <span style={{ color: '#6b7280' }}>无</span>),
    },
    { title: '试算人', dataIndex: 'runBy', width: 100, render: (v: string) => v || '—' },
    { title: '公示人', dataIndex: 'publicityBy', width: 100, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'ops',
      width: 170,
      fixed: 'right',
      render: (_, b) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <PublishButton batch={b} today={today} />
          <Button
            type="link"
            size="small"
            data-testid={`batch-steps-${b.id}`}
            onClick={() => setStepsOf({ subject: 'appraisal_batch', id: b.id, title: `${b.countyName}${b.year}年第${b.version}版` })}
          >
            办理记录
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <ListShell
      title="评价审定"
      intro="发布评价结果和审定评价模型、评价标准的变更；办理过试算或公示的人员不能发布同一批次，提交人不能审定自己的变更（四眼原则）"
      testId="appraise-approve"
      error={batches.error}
      onRetry={() => void batches.refetch()}
      toolbar={
        <Space wrap>
          <YearSelect value={f.year} onChange={(y) => setFilters({ ...f, year: String(y) })} testId="approve-year" />
          <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="approve-region" />
        </Space>
      }
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        待发布的评价批次
      </Typography.Title>
      <Table<AppraisalBatch>
        size="small"
        rowKey="id"
        data-testid="approve-batches"
        loading={batches.isFetching}
        dataSource={open}
        columns={columns}
        scroll={{ x: 1100 }}
        pagination={false}
        locale={{
          emptyText: emptyState(`${year ?? ''}年没有公示中的评价批次：经信科在“评价结果”页试算并公示后，公示期满即可在这里发布`),
        }}
        style={{ marginBottom: 24 }}
      />
      <Typography.Title level={5}>待审定的模型、标准与已发布年度更正</Typography.Title>
      <PendingApprovals onSteps={setStepsOf} />
      <StepsDrawer target={stepsOf} onClose={() => setStepsOf(null)} />
    </ListShell>
  )
}
