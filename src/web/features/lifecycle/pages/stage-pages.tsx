/**
 * 项目管理 of the land lifecycle (/landLifeCycle/projectManager/{xmqy … xmpj}): one page per
 * stage, all drawn by {@link StagePage} — the projects waiting for the stage (the stage before
 * reached) and those registered, 待登记 / 已登记 / 逾期 figures that filter, the deadline the
 * stage is judged by, 登记 of the stage's date and each project's 详情.
 */
import { Button, Input, Select, Space, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import styled from 'styled-components'
import { STAGE_STATES, type ProjectRow, type StageState } from '../../../../domain/contracts/lifecycle-project'
import { STAGE_NAMES, type LifecycleStage } from '../../../../domain/lifecycle'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useStageProjects } from '../api/list-stage-projects'
import { FigureCards } from '../components/figure-cards'
import { OverdueTag, dateOr, fixed2 } from '../components/figures'
import { ProjectDrawer } from '../components/project-drawer'
import { RegionPicker } from '../../../widgets/region-picker'
import { RegisterModal, previousStage } from '../components/register-modal'
import { SignModal } from '../components/sign-modal'
import { ExitModal } from '../components/exit-modal'
import { StageStepper } from '../components/stage-stepper'

const FILTERS = ['state', 'overdue', 'regionCode', 'keyword'] as const

const ProjectCell = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  .ant-btn {
    height: auto;
    padding: 0;
    justify-content: flex-start;
    max-width: 100%;
  }
  .ant-btn > span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .code {
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** docs/domain.md: supply fixes the start deadline (12 months), the start the completion deadline (24 months). */
const DEADLINES_SHOWN: Partial<Record<LifecycleStage, ('start' | 'completion')[]>> = {
  tdgy: ['start'],
  xmkg: ['start', 'completion'],
  sgjs: ['completion'],
  jgys: ['completion'],
}

function introOf(stage: LifecycleStage): string {
  const name = STAGE_NAMES[stage]
  const prev = previousStage(stage)
  if (!prev) return '已签约的项目及其标准地承诺；点击「新建签约项目」登记签约，违约的项目可登记退出'
  const rule = stage === 'tdgy' ? '，登记后约定开工期限为供地后 12 个月' : stage === 'xmkg' ? '，登记后约定竣工期限为开工后 24 个月' : ''
  return `已完成${STAGE_NAMES[prev]}、等待登记${name}的项目与已登记的项目；${name}日期不早于${STAGE_NAMES[prev]}日期、不晚于今天${rule}`
}

/** The page of one stage. */
export function StagePage({ stage }: { stage: LifecycleStage }) {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(FILTERS)
  const f = params.filters
  const state = f.state === 'pending' || f.state === 'done' ? (f.state as StageState) : undefined
  const overdue = f.overdue === 'true' || f.overdue === 'false' ? f.overdue : undefined
  const list = useStageProjects({
    stage,
    state,
    overdue,
    regionCode: f.regionCode,
    keyword: f.keyword,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  })
  const [registering, setRegistering] = useState<ProjectRow | null>(null)
  const [signing, setSigning] = useState(false)
  const [exiting, setExiting] = useState<ProjectRow | null>(null)
  const [detail, setDetail] = useState<number | null>(null)
  const name = STAGE_NAMES[stage]
  const prev = previousStage(stage)
  const data = list.data
  const keep = { regionCode: f.regionCode, keyword: f.keyword }

  const deadlineColumns: TableColumnsType<ProjectRow> = (DEADLINES_SHOWN[stage] ?? []).map((kind, _i, all) =>
    kind === 'start'
      ? { title: '约定开工期限', key: 'startDeadline', dataIndex: 'startDeadline', width: 104, render: dateOr }
      : {
          title: '约定竣工期限',
          key: 'deadline',
          dataIndex: 'completionDeadline',
          width: all.length === 1 ? 124 : 104,
          render: dateOr,
          // the server sorts by the deadline a project is judged by: one column only when it is the only one
          ...(all.length === 1 ? { sorter: true, sortOrder: sortOrderOf('deadline') } : {}),
        },
  )
  // widths sum to the content width of a 1440 px screen, so 逾期 and 操作 show without scrolling there
  const columns: TableColumnsType<ProjectRow> = [
    {
      // the code under the name keeps the row inside a 1440 px screen
      title: '项目名称 / 宗地代码',
      dataIndex: 'name',
      key: 'name',
      width: 200,
      sorter: true,
      sortOrder: sortOrderOf('name'),
      render: (v: string, r) => (
        <ProjectCell>
          <Button type="link" size="small" title={v} onClick={() => setDetail(r.id)}>
            <span>{v}</span>
          </Button>
          <span className="code">{r.landCode}</span>
        </ProjectCell>
      ),
    },
    { title: '用地单位', dataIndex: 'enterpriseName', width: 140, ellipsis: true, render: (v: string | null) => v ?? '—' },
    { title: '区县', dataIndex: 'countyName', width: 72, render: (v: string | null) => v ?? '—' },
    { title: '面积（亩）', dataIndex: 'areaMu', width: 88, align: 'right', render: fixed2 },
    ...(prev
      ? [{ title: `${STAGE_NAMES[prev]}日期`, key: 'prevDate', width: 104, render: (_: unknown, r: ProjectRow) => dateOr(r.dates[prev]) }]
      : []),
    {
      title: `${name}日期`,
      key: 'stageDate',
      width: 124,
      sorter: true,
      sortOrder: sortOrderOf('stageDate'),
      render: (_: unknown, r: ProjectRow) =>
        r.dates[stage] ?? (r.exit ? <Tag data-testid="exited-tag">已退出</Tag> : <Tag color="warning">待登记</Tag>),
    },
    ...deadlineColumns,
    {
      title: '逾期',
      key: 'overdue',
      width: 100,
      render: (_: unknown, r: ProjectRow) => <OverdueTag overdue={r.overdue} days={r.overdueDays} />,
    },
    {
      title: '操作',
      key: 'actions',
      width: 140,
      render: (_: unknown, r: ProjectRow) => (
        <Space size={0}>
          {stage !== 'xmqy' && !r.dates[stage] && !r.exit && (
            <Button type="link" size="small" data-testid={`register-${r.id}`} onClick={() => setRegistering(r)}>
              登记
            </Button>
          )}
          <Button type="link" size="small" data-testid={`detail-${r.id}`} onClick={() => setDetail(r.id)}>
            详情
          </Button>
          {!r.exit && (
            <Button type="link" size="small" danger data-testid={`exit-${r.id}`} onClick={() => setExiting(r)}>
              退出
            </Button>
          )}
        </Space>
      ),
    },
  ]
  const tableWidth = columns.reduce((sum, c) => sum + Number(c.width ?? 0), 0)

  const filtered = Boolean(state || overdue || f.regionCode || f.keyword)
  const emptyText = filtered
    ? state === 'pending' && !overdue && !f.regionCode && !f.keyword
      ? prev
        ? `没有等待登记${name}的项目：已完成${STAGE_NAMES[prev]}的项目均已登记`
        : '项目签约在建立项目时登记，没有待登记的签约'
      : '没有符合条件的项目，请清除关键字、区域或状态筛选后重试'
    : prev
      ? `本账号的数据范围内还没有完成${STAGE_NAMES[prev]}的项目`
      : '本账号的数据范围内还没有签约项目'

  return (
    <ListShell title={`项目管理 · ${name}`} intro={introOf(stage)} testId={`lifecycle-stage-${stage}`}>
      <StageStepper stage={stage} />
      <FigureCards
        testId="stage-figures"
        cards={[
          {
            key: 'pending',
            label: STAGE_STATES.pending,
            value: data?.pending,
            active: state === 'pending' && !overdue,
            onClick: () => setFilters({ ...keep, state: state === 'pending' && !overdue ? undefined : 'pending' }),
            hint: stage === 'xmqy' ? '签约随项目建立' : `已完成${STAGE_NAMES[prev!]}`,
          },
          {
            key: 'done',
            label: STAGE_STATES.done,
            value: data?.done,
            active: state === 'done' && !overdue,
            onClick: () => setFilters({ ...keep, state: state === 'done' && !overdue ? undefined : 'done' }),
            hint: `已登记${name}`,
          },
          {
            key: 'overdue',
            label: '逾期',
            value: data?.overdue,
            tone: 'warn',
            active: overdue === 'true' && !state,
            onClick: () => setFilters({ ...keep, overdue: overdue === 'true' && !state ? undefined : 'true' }),
            hint: '超过约定开工或竣工期限',
          },
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          key={f.keyword ?? ''}
          placeholder="项目名称、宗地代码或用地单位"
          aria-label="关键字"
          allowClear
          defaultValue={f.keyword}
          onSearch={(keyword) => setFilters({ ...f, keyword })}
          style={{ width: 280 }}
          data-testid="stage-search"
        />
        <Select
          aria-label="状态"
          allowClear
          placeholder="全部状态"
          style={{ width: 130 }}
          value={state}
          onChange={(v?: string) => setFilters({ ...f, state: v })}
          options={Object.entries(STAGE_STATES).map(([value, label]) => ({ value, label }))}
          data-testid="stage-state"
        />
        <Select
          aria-label="逾期"
          allowClear
          placeholder="逾期与否"
          style={{ width: 130 }}
          value={overdue}
          onChange={(v?: string) => setFilters({ ...f, overdue: v })}
          options={[
            { value: 'true', label: '逾期' },
            { value: 'false', label: '未逾期' },
          ]}
          data-testid="stage-overdue"
        />
        <RegionPicker value={f.regionCode} onChange={(regionCode) => setFilters({ ...f, regionCode })} testId="stage-region" />
        {stage === 'xmqy' && (
          <Button type="primary" onClick={() => setSigning(true)} data-testid="sign-new">
            新建签约项目
          </Button>
        )}
      </Space>
      <PagedTable<ProjectRow>
        data-testid="stage-table"
        list={{ data: data?.page, error: list.error, isFetching: list.isFetching, refetch: list.refetch }}
        emptyText={emptyText}
        pagination={pagination}
        onChange={onTableChange}
        columns={columns}
        scroll={{ x: tableWidth }}
      />
      <RegisterModal stage={stage} project={registering} onClose={() => setRegistering(null)} />
      <SignModal open={signing} onClose={() => setSigning(false)} />
      <ExitModal project={exiting} onClose={() => setExiting(null)} />
      <ProjectDrawer id={detail} onClose={() => setDetail(null)} />
    </ListShell>
  )
}

/** 项目签约 xmqy */
export const SigningPage = () => <StagePage stage="xmqy" />
/** 土地供应 tdgy */
export const SupplyPage = () => <StagePage stage="tdgy" />
/** 项目开工 xmkg */
export const StartPage = () => <StagePage stage="xmkg" />
/** 施工建设 sgjs */
export const ConstructionPage = () => <StagePage stage="sgjs" />
/** 竣工验收 jgys */
export const CompletionPage = () => <StagePage stage="jgys" />
/** 项目投产 xmtc */
export const ProductionPage = () => <StagePage stage="xmtc" />
/** 项目评价 xmpj */
export const EvaluationPage = () => <StagePage stage="xmpj" />
