/**
 * The plans list of 盘活方案 (已纳入方案): the state counts as a switch, the method as a select, the
 * server-paged table — 方案, 方式, 区县, 地块, 计划面积, 期限, 进度, 状态 — sortable by deadline, progress
 * and start, with the page's actions in the last column. Filters and paging live in the URL.
 */
import { Progress, Segmented, Space, Typography, type TableColumnsType } from 'antd'
import type { ReactNode } from 'react'
import type { PlanList, PlanRow } from '../../../../domain/contracts/revitalize'
import { PLAN_STATES, type PlanState } from '../../../../domain/revitalize'
import { PagedTable } from '../../../ui/paged-table'
import type { useListParams } from '../../../ui/use-list-params'
import { PlanStateTag } from './revitalize-tags'

/** The URL filters of 盘活方案. */
export const PLAN_FILTERS = ['tab', 'regionCode', 'keyword', 'state', 'method'] as const
type ListState = ReturnType<typeof useListParams<(typeof PLAN_FILTERS)[number]>>

/** 全部 and each state with its count. */
export function PlanStateSwitch({
  counts,
  value,
  onChange,
}: {
  counts?: PlanList['counts']
  value?: PlanState
  onChange: (s: PlanState | undefined) => void
}) {
  const n = (s: PlanState) => counts?.find((c) => c.state === s)?.count ?? 0
  return (
    <Segmented<string>
      value={value ?? 'all'}
      onChange={(v) => onChange(v === 'all' ? undefined : (v as PlanState))}
      options={[
        { value: 'all', label: `全部 ${counts ? counts.reduce((t, c) => t + c.count, 0) : ''}` },
        ...PLAN_STATES.map((s) => ({
          value: s,
          label: (
            <span data-testid={`plan-count-${s}`} style={s === '已逾期' && n(s) > 0 ? { color: '#c8161d' } : undefined}>
              {s} {counts ? n(s) : ''}
            </span>
          ),
        })),
      ]}
      data-testid="plan-state-switch"
    />
  )
}

/** The plans table. */
export function PlanTable({
  list,
  listState,
  emptyText,
  actions,
}: {
  list: { data?: PlanList; error: Error | null; isFetching: boolean; refetch: () => unknown }
  listState: ListState
  emptyText: string
  actions: (p: PlanRow) => ReactNode
}) {
  const { onTableChange, pagination, sortOrderOf } = listState
  const columns: TableColumnsType<PlanRow> = [
    {
      title: '方案',
      key: 'name',
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span data-testid="plan-name">{p.name}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.enterpriseName ?? '—'} · {p.respUnit} {p.respPerson}
          </Typography.Text>
        </Space>
      ),
    },
    { title: '盘活方式', key: 'method', width: 150, render: (_, p) => `${p.method}${p.subMethod ? ` · ${p.subMethod}` : ''}` },
    { title: '区县', dataIndex: 'countyName', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '地块', dataIndex: 'landCodes', width: 180, render: (v: string[]) => v.join('、') },
    { title: '计划面积（亩）', dataIndex: 'plannedAreaMu', width: 120, align: 'right', render: (v: number) => v.toFixed(2) },
    { title: '开始', dataIndex: 'startDate', key: 'startDate', width: 110, sorter: true, sortOrder: sortOrderOf('startDate') },
    { title: '完成期限', dataIndex: 'deadline', key: 'deadline', width: 110, sorter: true, sortOrder: sortOrderOf('deadline') },
    {
      title: '进度',
      dataIndex: 'progress',
      key: 'progress',
      width: 140,
      sorter: true,
      sortOrder: sortOrderOf('progress'),
      render: (v: number, p) => <Progress percent={v} size="small" status={p.state === '已逾期' ? 'exception' : undefined} />,
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: PlanState) => <PlanStateTag state={v} />,
      onCell: () => ({ 'data-field': 'state' }) as object,
    },
    { title: '操作', key: 'actions', width: 130, fixed: 'right', render: (_, p) => actions(p) },
  ]
  return (
    <PagedTable<PlanRow>
      data-testid="plan-table"
      size="small"
      list={{ data: list.data?.page, error: list.error, isFetching: list.isFetching, refetch: list.refetch }}
      emptyText={emptyText}
      pagination={pagination}
      columns={columns}
      onChange={onTableChange}
      scroll={{ x: 1300 }}
    />
  )
}
