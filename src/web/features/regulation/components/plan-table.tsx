/**
 * The plans list shared by 整治方案 and 整治监管: the state counts as a switch (全部 and each state,
 * in the page's order), and the server-paged table — 企业, 类别, 目标, 责任单位, 期限, 进度, 状态 —
 * with the page's own actions in the last column. Its filters and paging live in the URL.
 */
import { Progress, Segmented, Space, Typography, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import type { PlanList, PlanState, RegulationPlan } from '../../../../domain/contracts/regulation'
import { PagedTable } from '../../../ui/paged-table'
import type { useListParams } from '../../../ui/use-list-params'
import { formatText } from './regulation-format'
import { ClassTag, PlanStateTag } from './regulation-tags'

/** The URL filters of a plans page. */
export const PLAN_FILTERS = ['year', 'regionCode', 'keyword', 'state', 'target'] as const
type PlanFilterKey = (typeof PLAN_FILTERS)[number]
type ListState = ReturnType<typeof useListParams<PlanFilterKey>>

/** What the table needs of the plans query. */
interface PlanListQuery {
  data?: PlanList
  error: Error | null
  isFetching: boolean
  refetch: () => unknown
}

/** 全部 and the states with their counts; `order` puts the page's concern first. */
export function StateSwitch({
  counts,
  value,
  order,
  onChange,
}: {
  counts?: Record<PlanState, number>
  value?: string
  order: readonly PlanState[]
  onChange: (state: PlanState | undefined) => void
}) {
  const n = (s: PlanState) => counts?.[s] ?? 0
  const all = order.reduce((t, s) => t + n(s), 0)
  return (
    <Segmented<string>
      value={value ?? 'all'}
      onChange={(v) => onChange(v === 'all' ? undefined : (v as PlanState))}
      options={[
        { value: 'all', label: <span data-testid="state-all">全部 {counts ? all : ''}</span> },
        ...order.map((s) => ({
          value: s,
          label: (
            <span data-testid={`state-${s}`} style={s === '已逾期' && n(s) > 0 ? { color: '#c8161d' } : undefined}>
              {s} {counts ? n(s) : ''}
            </span>
          ),
        })),
      ]}
      data-testid="plan-state-switch"
    />
  )
}

/** Props of {@link PlanTable}. */
export interface PlanTableProps {
  list: PlanListQuery
  listState: ListState
  emptyText: string
  /** the page's actions of one plan */
  actions: (plan: RegulationPlan) => ReactNode
  actionsWidth: number
}

/** The plans table. */
export function PlanTable({ list, listState, emptyText, actions, actionsWidth }: PlanTableProps) {
  const { onTableChange, pagination, sortOrderOf } = listState
  const columns: TableColumnsType<RegulationPlan> = [
    {
      title: '企业',
      key: 'name',
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="plan-enterprise">{p.enterpriseName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {formatText(p.countyName)} · {p.creditCode}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '类别', dataIndex: 'class', width: 72, render: (v: string) => <ClassTag value={v} /> },
    { title: '整治目标', dataIndex: 'target', width: 96, onCell: () => ({ 'data-field': 'target' }) as object },
    { title: '责任单位', dataIndex: 'owner', width: 160, ellipsis: true },
    { title: '完成期限', dataIndex: 'deadline', key: 'deadline', width: 116, sorter: true, sortOrder: sortOrderOf('deadline') },
    {
      title: '进度',
      dataIndex: 'progress',
      key: 'progress',
      width: 170,
      sorter: true,
      sortOrder: sortOrderOf('progress'),
      render: (v: number, p) => (
        <Progress
          percent={v}
          size="small"
          status={p.state === '已逾期' ? 'exception' : p.state === '已办结' ? 'success' : 'active'}
          format={(x) => `${x}%`}
        />
      ),
      onCell: () => ({ 'data-field': 'progress' }) as object,
    },
    {
      title: '状态',
      key: 'state',
      width: 120,
      render: (_, p) => <PlanStateTag state={p.state} overdueDays={p.overdueDays} />,
      onCell: () => ({ 'data-field': 'state' }) as object,
    },
    { title: '操作', key: 'actions', width: actionsWidth, fixed: 'right', render: (_, p) => actions(p) },
  ]
  return (
    <PagedTable<RegulationPlan>
      data-testid="plan-table"
      list={{ data: list.data?.page, error: list.error, isFetching: list.isFetching, refetch: list.refetch }}
      emptyText={emptyText}
      pagination={pagination}
      columns={columns}
      onChange={onTableChange}
      scroll={{ x: 1100 }}
    />
  )
}
