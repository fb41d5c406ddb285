/**
 * 盘活监管 (/land/revitalize/revitalizeRegulatory): the running plans ordered by risk — overdue first,
 * then 30 days without a report, then the points behind the straight line from start to deadline —
 * each with its reasons; 报告进度 (date and percentage never go back), 督办 with a reply deadline, 办结
 * with the actual effects, and the plan's detail with its timeline of reports, 督办 and replies.
 */
import { Button, Input, Progress, Segmented, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { SuperviseRow } from '../../../../domain/contracts/revitalize'
import type { PlanRisk } from '../../../../domain/revitalize'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { RegionPicker } from '../../../widgets/region-picker'
import { useSupervision } from '../api/list-supervision'
import { PlanDrawer } from '../components/plan-drawer'
import { CompleteModal, ReportModal, SuperviseModal } from '../components/progress-modals'
import { PlanStateTag, RiskTag } from '../components/revitalize-tags'

const FILTERS = ['regionCode', 'keyword', 'level'] as const
const LEVELS: PlanRisk['level'][] = ['高', '中', '低', '无']

/** 盘活监管 */
export function RevitalizeRegulatoryPage() {
  const listState = useListParams(FILTERS)
  const { params, setFilters, pagination, onTableChange } = listState
  const f = params.filters
  const level = LEVELS.find((l) => l === f.level)
  const list = useSupervision({ regionCode: f.regionCode, keyword: f.keyword, level, page: params.page, pageSize: params.pageSize })
  const [reporting, setReporting] = useState<SuperviseRow | null>(null)
  const [supervising, setSupervising] = useState<SuperviseRow | null>(null)
  const [completing, setCompleting] = useState<SuperviseRow | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const counts = list.data?.counts
  const n = (l: PlanRisk['level']) => counts?.find((c) => c.level === l)?.count ?? 0

  const columns: TableColumnsType<SuperviseRow> = [
    {
      title: '方案',
      key: 'name',
      width: 240,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <Typography.Link onClick={() => setViewing(p.id)} data-testid="supervise-name">
            {p.name}
          </Typography.Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.method}
            {p.subMethod ? ` · ${p.subMethod}` : ''} · {p.countyName ?? '—'} · {p.respUnit} {p.respPerson}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '开始 / 完成期限',
      key: 'dates',
      width: 112,
      render: (_, p) => (
        <Space orientation="vertical" size={0}>
          <span data-field="startDate">{p.startDate}</span>
          <Typography.Text type={p.risk.overdue ? 'danger' : undefined} data-field="deadline">
            {p.deadline}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '进度（应完成）',
      key: 'progress',
      width: 170,
      render: (_, p) => (
        <Space orientation="vertical" size={0} style={{ width: '100%' }}>
          <Progress percent={p.progress} success={{ percent: 0 }} size="small" status={p.risk.overdue ? 'exception' : undefined} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            按直线进度应完成 {p.risk.expected}%
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: '上次报告',
      dataIndex: 'lastReportDate',
      width: 100,
      render: (v: string | null) => v ?? <Typography.Text type="warning">未报告</Typography.Text>,
    },
    {
      title: '风险',
      key: 'risk',
      width: 250,
      render: (_, p) => (
        <Space orientation="vertical" size={2} style={{ width: '100%' }}>
          <Space size={4} wrap>
            <RiskTag level={p.risk.level} />
            <PlanStateTag state={p.state} />
            {p.openSupervisions > 0 && <Tag color="orange">督办未回复 {p.openSupervisions}</Tag>}
          </Space>
          <Typography.Text style={{ fontSize: 12, whiteSpace: 'normal' }} data-testid="supervise-reasons">
            {p.risk.reasons.join('；') || '按计划推进'}
          </Typography.Text>
        </Space>
      ),
      onCell: (p) => ({ 'data-level': p.risk.level }) as object,
    },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, p) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setReporting(p)} data-testid={`report-${p.id}`}>
            报告进度
          </Button>
          <Button type="link" size="small" onClick={() => setSupervising(p)} data-testid={`supervise-${p.id}`}>
            督办
          </Button>
          <Button type="link" size="small" onClick={() => setCompleting(p)} data-testid={`complete-${p.id}`}>
            办结
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <ListShell
      title="盘活监管"
      intro="实施中的盘活方案按风险排序：逾期、30天未报告进度、落后于直线进度；报告进度、督办与办结"
      testId="revitalize-regulatory"
      toolbar={
        <>
          <Space wrap>
            <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="revitalize-region" />
            <Segmented<string>
              value={level ?? 'all'}
              onChange={(v) => setFilters({ ...f, level: v === 'all' ? undefined : v })}
              options={[
                { value: 'all', label: `全部 ${counts ? counts.reduce((t, c) => t + c.count, 0) : ''}` },
                ...LEVELS.map((l) => ({
                  value: l,
                  label: (
                    <span data-testid={`risk-count-${l}`} style={l === '高' && n(l) > 0 ? { color: '#c8161d' } : undefined}>
                      {l === '无' ? '正常' : `${l}风险`} {counts ? n(l) : ''}
                    </span>
                  ),
                })),
              ]}
              data-testid="risk-switch"
            />
          </Space>
          <Input.Search
            key={f.keyword ?? ''}
            placeholder="方案名称、宗地代码、企业或责任单位"
            allowClear
            defaultValue={f.keyword}
            onSearch={(keyword) => setFilters({ ...f, keyword })}
            style={{ width: 280 }}
            data-testid="supervise-search"
          />
        </>
      }
    >
      <PagedTable<SuperviseRow>
        data-testid="supervise-table"
        size="small"
        list={{ data: list.data?.page, error: list.error, isFetching: list.isFetching, refetch: list.refetch }}
        emptyText={
          level || f.keyword ? '没有符合条件的方案，请调整风险等级或关键字' : '没有实施中的盘活方案：方案在“盘活方案”中审核通过后进入监管'
        }
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1052 }}
      />
      <ReportModal plan={reporting} onClose={() => setReporting(null)} />
      <SuperviseModal plan={supervising} onClose={() => setSupervising(null)} />
      <CompleteModal plan={completing} onClose={() => setCompleting(null)} />
      <PlanDrawer planId={viewing} onClose={() => setViewing(null)} />
    </ListShell>
  )
}
