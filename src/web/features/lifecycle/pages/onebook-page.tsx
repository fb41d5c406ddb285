/**
 * 一本账 (/landLifeCycle/onebook; docs/domain.md "Land lifecycle"): the ledger of every project — the
 * stage it has reached, its dates and deadlines, and its 标准地 commitments against what it
 * achieved (容积率 now, 亩均税收 of the latest figure year) — with counts that filter, the
 * xlsx export of the filtered ledger, and each project's 详情.
 */
import { WarningOutlined } from '@ant-design/icons'
import { fenToYuanText } from '../../../../domain/idle-land'
import { Button, Checkbox, Input, Select, Space, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import type { OnebookRow } from '../../../../domain/contracts/lifecycle-project'
import { LIFECYCLE_STAGES, STAGE_NAMES, type LifecycleStage } from '../../../../domain/lifecycle'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { exportOnebook } from '../api/export-onebook'
import { useOnebook, type OnebookFilters } from '../api/get-onebook'
import { FigureCards } from '../components/figure-cards'
import { GapFigure, OverdueTag, StageTag, dateOr, fixed2 } from '../components/figures'
import { ProjectDrawer } from '../components/project-drawer'
import { RegionPicker } from '../../../widgets/region-picker'
import { StageBar } from '../components/stage-bar'

const FILTERS = ['regionCode', 'keyword', 'stage', 'overdue', 'belowCommitment', 'failedEvaluation'] as const

const isStage = (s: string | undefined): s is LifecycleStage => (LIFECYCLE_STAGES as readonly string[]).includes(s ?? '')
const flag = (v: string | undefined) => (v === 'true' || v === 'false' ? v : undefined)

/** The ledger page. */
export function OnebookPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const filters: OnebookFilters = {
    regionCode: f.regionCode,
    keyword: f.keyword,
    stage: isStage(f.stage) ? f.stage : undefined,
    overdue: flag(f.overdue),
    belowCommitment: flag(f.belowCommitment),
    failedEvaluation: flag(f.failedEvaluation),
  }
  const book = useOnebook({
    ...filters,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const [detail, setDetail] = useState<number | null>(null)
  const data = book.data
  const year = data?.year
  const keep = { regionCode: f.regionCode, keyword: f.keyword }
  const narrowed = Boolean(filters.stage || filters.overdue || filters.belowCommitment || filters.failedEvaluation)

  const columns: TableColumnsType<OnebookRow> = [
    {
      title: '项目名称',
      dataIndex: 'name',
      key: 'name',
      width: 220,
      fixed: 'left',
      ellipsis: true,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (v: string, r) => (
        <Button
          type="link"
          size="small"
          style={{ padding: 0 }}
          onClick={(e) => {
            // the row opens the drawer as well; the button is there for the keyboard
            e.stopPropagation()
            setDetail(r.id)
          }}
        >
          {v}
        </Button>
      ),
    },
    { title: '宗地代码', dataIndex: 'landCode', width: 190 },
    { title: '用地单位', dataIndex: 'enterpriseName', width: 200, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '区县', dataIndex: 'countyName', width: 90, render: (v: string | null) => v ?? '—' },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 96, align: 'right', render: fixed2 },
    {
      title: '当前阶段',
      dataIndex: 'currentStage',
      width: 100,
      render: (s: LifecycleStage, r) => (r.exit ? <Tag data-testid="exited-tag">已退出</Tag> : <StageTag stage={s} />),
    },
    {
      // one judgement per project: the latest, 项目评价 over 竣工验收
      title: '评价结论',
      key: 'judged',
      width: 130,
      render: (_: unknown, r: OnebookRow) =>
        r.judgement ? (
          <Tag
            color={r.judgement.passed ? 'success' : r.judgement.stage === 'xmpj' ? 'error' : 'warning'}
            icon={r.judgement.passed ? undefined : <WarningOutlined />}
            title={r.judgement.conclusion}
            data-testid={r.judgement.stage === 'xmpj' ? 'evaluation-tag' : 'acceptance-tag'}
          >
            {r.judgement.stage === 'xmpj' ? '评价' : '验收'}
            {r.judgement.passed ? '达标' : '未达标'}
          </Tag>
        ) : (
          '—'
        ),
    },
    {
      title: '违约金（元）',
      key: 'breach',
      width: 130,
      align: 'right',
      render: (_: unknown, r: OnebookRow) =>
        r.breachCount ? (
          <span data-testid="breach-figure" title={`${r.breachCount} 项违约`}>
            {fenToYuanText(r.breachPenaltyFen)}
          </span>
        ) : (
          '—'
        ),
    },
    {
      title: '签约日期',
      key: 'signedDate',
      width: 110,
      sorter: true,
      sortOrder: sortOrderOf('signedDate'),
      render: (_: unknown, r: OnebookRow) => dateOr(r.dates.xmqy),
    },
    { title: '约定开工期限', dataIndex: 'startDeadline', width: 116, render: dateOr },
    { title: '约定竣工期限', dataIndex: 'completionDeadline', width: 116, render: dateOr },
    {
      title: '逾期',
      key: 'overdue',
      width: 110,
      render: (_: unknown, r: OnebookRow) => <OverdueTag overdue={r.overdue} days={r.overdueDays} />,
    },
    { title: '投资强度承诺（万元/亩）', dataIndex: 'investIntensity', width: 120, align: 'right', render: fixed2 },
    {
      title: '容积率',
      children: [
        { title: '承诺', dataIndex: 'committedPlotRatio', width: 72, align: 'right', render: fixed2 },
        { title: '现状', dataIndex: 'actualPlotRatio', width: 72, align: 'right', render: fixed2 },
      ],
    },
    {
      title: '亩均税收（万元/亩）',
      children: [
        { title: '承诺', dataIndex: 'committedTaxPerMu', width: 80, align: 'right', render: fixed2 },
        {
          // an evaluated project shows the 亩均税收 its 项目评价 judged (of the year it names), the others the latest year's
          title: year ? `实际（评价年度或${year}年）` : '实际',
          dataIndex: 'actualTaxPerMu',
          width: 112,
          align: 'right',
          render: fixed2,
        },
        {
          title: '差额',
          key: 'taxGap',
          dataIndex: 'taxGap',
          width: 96,
          align: 'right',
          sorter: true,
          sortOrder: sortOrderOf('taxGap'),
          render: (v: number | null) => <GapFigure value={v} />,
        },
      ],
    },
  ]

  return (
    <ListShell
      title="一本账"
      intro={`全部项目的阶段、期限与标准地承诺兑现情况；亩均税收实际值取 ${year ?? '最新'} 年数据，未达承诺指已投产且亩均税收低于承诺的项目`}
      testId="lifecycle-onebook"
    >
      <FigureCards
        testId="onebook-figures"
        cards={[
          {
            key: 'total',
            label: narrowed ? '符合条件的项目' : '项目总数',
            figure: 'projectCount',
            value: data?.total,
            active: !narrowed,
            onClick: () => setFilters(keep),
            hint: narrowed ? '点击清除筛选' : '全部阶段',
          },
          {
            key: 'overdue',
            label: '逾期（截至今日）',
            figure: 'overdueCount',
            value: data?.overdue,
            tone: 'warn',
            active: filters.overdue === 'true',
            onClick: () => setFilters({ ...f, overdue: filters.overdue === 'true' ? undefined : 'true' }),
            hint: '超过约定开工或竣工期限',
          },
          {
            key: 'below',
            label: '未达承诺',
            figure: 'belowCommitmentCount',
            value: data?.belowCommitment,
            tone: 'warn',
            active: filters.belowCommitment === 'true',
            onClick: () => setFilters({ ...f, belowCommitment: filters.belowCommitment === 'true' ? undefined : 'true' }),
            hint: '已投产、亩均税收低于承诺',
          },
          {
            key: 'failedEvaluation',
            label: '评价未达标',
            figure: 'failedEvaluationCount',
            value: data?.failedEvaluation,
            tone: 'warn',
            active: filters.failedEvaluation === 'true',
            onClick: () => setFilters({ ...f, failedEvaluation: filters.failedEvaluation === 'true' ? undefined : 'true' }),
            hint: '项目评价有承诺指标未达到',
          },
        ]}
      />
      <StageBar
        counts={data?.byStage ?? []}
        active={filters.stage}
        onPick={(stage) => setFilters({ ...f, stage: stage === filters.stage ? undefined : stage })}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          key={f.keyword ?? ''}
          placeholder="项目名称、宗地代码或用地单位"
          aria-label="关键字"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 260 }}
          data-testid="onebook-search"
        />
        <Select
          aria-label="当前阶段"
          allowClear
          placeholder="全部阶段"
          style={{ width: 130 }}
          value={filters.stage}
          onChange={(stage?: string) => setFilters({ ...f, stage })}
          options={LIFECYCLE_STAGES.map((s) => ({ value: s, label: STAGE_NAMES[s] }))}
          data-testid="onebook-stage"
        />
        <Select
          aria-label="逾期"
          allowClear
          placeholder="逾期与否"
          style={{ width: 120 }}
          value={filters.overdue}
          onChange={(overdue?: string) => setFilters({ ...f, overdue })}
          options={[
            { value: 'true', label: '逾期' },
            { value: 'false', label: '未逾期' },
          ]}
          data-testid="onebook-overdue"
        />
        <Checkbox
          checked={filters.belowCommitment === 'true'}
          onChange={(e) => setFilters({ ...f, belowCommitment: e.target.checked ? 'true' : undefined })}
          data-testid="onebook-below"
        >
          仅看未达承诺
        </Checkbox>
        <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="onebook-region" />
        <ExportButton
          onExport={() => exportOnebook({ ...filters, sortField: params.sortField, sortOrder: params.sortOrder })}
          testId="onebook-export"
        />
      </Space>
      <PagedTable<OnebookRow>
        data-testid="onebook-table"
        list={{ data: data?.page, error: book.error, isFetching: book.isFetching, refetch: book.refetch }}
        emptyText={
          narrowed || f.keyword || f.regionCode
            ? '没有符合条件的项目，请清除关键字、阶段或区域筛选后重试'
            : '本账号的数据范围内还没有全生命周期项目，项目签约后将列入一本账'
        }
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        bordered
        scroll={{ x: 'max-content' }}
        onRow={(r) => ({ onClick: () => setDetail(r.id), style: { cursor: 'pointer' } })}
      />
      <ProjectDrawer id={detail} onClose={() => setDetail(null)} />
    </ListShell>
  )
}
