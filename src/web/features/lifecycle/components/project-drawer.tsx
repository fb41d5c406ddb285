/**
 * 项目详情: where a project stands — its seven stage dates as a timeline, the start and completion
 * deadlines, the 标准地 commitments fixed at supply, and every registration (who, when, the
 * deadline it set).
 */
import { Alert, Button, Descriptions, Drawer, Empty, Spin, Table, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import type { Breach, ProjectDetail, ProjectEdit, ProjectEvent } from '../../../../domain/contracts/lifecycle-project'
import { moneyText } from '../../../../domain/idle-land'
import type { JudgedItem, Judgement } from '../../../../domain/lifecycle'
import { SignModal } from './sign-modal'
import { EXIT_NAME, LIFECYCLE_STAGES, STAGE_NAMES } from '../../../../domain/lifecycle'
import { formatTime } from '../../../widgets/format-time'
import { LoadError } from '../../../ui/list-shell'
import { useProject } from '../api/get-project'
import { GapFigure, OverdueTag, StageTag, dateOr, fixed2 } from './figures'

function StageTimeline({ p }: { p: ProjectDetail }) {
  return (
    <Timeline
      data-testid="project-timeline"
      items={LIFECYCLE_STAGES.map((s) => {
        const date = p.dates[s]
        return {
          key: s,
          color: s === p.currentStage ? 'blue' : date ? 'green' : 'gray',
          title: STAGE_NAMES[s],
          content: date ? (
            <span>
              {date}
              {s === p.currentStage && <Typography.Text type="secondary">（当前阶段）</Typography.Text>}
            </span>
          ) : (
            <Typography.Text type="secondary">未登记</Typography.Text>
          ),
        }
      })}
    />
  )
}

/** Whether a deadline was met: the date of the stage it demands, or how far it is overdue. */
function deadlineState(deadline: string | null, reached: string | null) {
  if (!deadline) return '—'
  if (reached) return `${deadline}（${reached} 已${reached <= deadline ? '按期' : '逾期'}完成）`
  return deadline
}

function History({ events }: { events: ProjectEvent[] }) {
  return (
    <Table<ProjectEvent>
      data-testid="project-events"
      size="small"
      rowKey={(e) => `${e.stage}-${e.at}`}
      pagination={false}
      // eight columns do not fit the drawer: scroll sideways rather than squeeze 备注 to one character a line
      scroll={{ x: 'max-content' }}
      dataSource={events}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有通过本系统登记的阶段（早期日期随项目导入）" /> }}
      columns={[
        { title: '阶段', dataIndex: 'stage', width: 90, render: (s: ProjectEvent['stage']) => (s === 'tc' ? EXIT_NAME : STAGE_NAMES[s]) },
        { title: '阶段日期', dataIndex: 'date', width: 104 },
        { title: '设定期限', dataIndex: 'deadline', width: 104, render: dateOr },
        {
          title: '逾期登记',
          dataIndex: 'lateDays',
          width: 90,
          render: (d: number | null) => (d ? <Tag color="error">晚 {d} 天</Tag> : '—'),
        },
        {
          title: '地块信息变更',
          dataIndex: 'submission',
          width: 120,
          render: (x: ProjectEvent['submission']) => (x ? `提交 #${x.id} ${x.state}` : '—'),
        },
        { title: '备注', dataIndex: 'remark', width: 180, render: (r: string) => r || '—' },
        { title: '登记人', dataIndex: 'actor', width: 80 },
        { title: '登记时间', dataIndex: 'at', width: 160, render: formatTime },
      ]}
    />
  )
}

/** 竣工验收 / 项目评价 against the commitments: each item 达标 / 未达标 with its gap, and the conclusion. */
function JudgementTable({ title, j, testId }: { title: string; j: Judgement; testId: string }) {
  return (
    <div data-testid={testId} style={{ marginBottom: 20 }}>
      <Typography.Title level={5}>
        {title} <Tag color={j.passed ? 'success' : 'error'}>{j.passed ? '达标' : '未达标'}</Tag>
      </Typography.Title>
      <Table<JudgedItem>
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={j.items}
        columns={[
          { title: '指标', dataIndex: 'name', render: (n: string, i) => `${n}${i.unit ? `（${i.unit}）` : ''}` },
          { title: '承诺', dataIndex: 'committed', align: 'right', render: fixed2 },
          { title: '实际', dataIndex: 'actual', align: 'right', render: fixed2 },
          {
            // where a figure of the enterprise's year came from (项目评价 reads them, never typed)
            title: '来源',
            dataIndex: 'basis',
            render: (b: JudgedItem['basis']) =>
              b ? `${b.year} 年度企业报送（${b.source ?? '来源未记录'}${b.reportedDate ? `，${b.reportedDate} 报送` : ''}）` : '登记填报',
          },
          { title: '差额', dataIndex: 'gap', align: 'right', render: (g: number) => <GapFigure value={g} /> },
          {
            title: '结论',
            dataIndex: 'passed',
            render: (ok: boolean) => <Tag color={ok ? 'success' : 'error'}>{ok ? '达标' : '未达标'}</Tag>,
          },
        ]}
      />
      <Alert type={j.passed ? 'success' : 'warning'} showIcon title={j.conclusion} style={{ marginTop: 8 }} />
    </div>
  )
}

/** 违约 records: what was missed, when, and the 违约金 of the signed rule. */
function Breaches({ breaches }: { breaches: Breach[] }) {
  if (breaches.length === 0) return null
  return (
    <div data-testid="project-breaches" style={{ marginBottom: 20 }}>
      <Typography.Title level={5}>
        违约记录 <Tag color="error">{breaches.length} 项</Tag>
      </Typography.Title>
      <Table<Breach>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={breaches}
        columns={[
          { title: '违约情形', dataIndex: 'kind' },
          { title: '认定日期', dataIndex: 'foundDate' },
          {
            title: '情况',
            render: (_v, b) =>
              b.kind === '亩均税收未达承诺' ? `实际 ${fixed2(b.actual)} / 承诺 ${fixed2(b.committed)} 万元/亩` : `逾期 ${b.lateDays} 天`,
          },
          { title: '违约金', dataIndex: 'penaltyFen', align: 'right', render: (f: number) => moneyText(f) },
          { title: '计算规则', dataIndex: 'rule' },
        ]}
      />
    </div>
  )
}

function Edits({ edits }: { edits: ProjectEdit[] }) {
  if (edits.length === 0) return null
  return (
    <>
      <Typography.Title level={5}>修改记录</Typography.Title>
      <Table<ProjectEdit>
        data-testid="project-edits"
        size="small"
        rowKey="at"
        pagination={false}
        dataSource={edits}
        columns={[
          {
            title: '修改内容',
            dataIndex: 'changes',
            render: (c: ProjectEdit['changes']) =>
              c.map((x) => (
                <div key={x.field}>
                  {x.label}：{String(x.before ?? '—')} → {String(x.after ?? '—')}
                </div>
              )),
          },
          { title: '修改人', dataIndex: 'actor', width: 80 },
          { title: '修改时间', dataIndex: 'at', width: 160, render: formatTime },
        ]}
      />
    </>
  )
}

/** The drawer of one project; `id` null = closed. */
export function ProjectDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const q = useProject(id)
  const p = q.data
  const [editing, setEditing] = useState(false)
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={720}
      destroyOnHidden
      title={p ? `项目详情 · ${p.name}` : '项目详情'}
      extra={
        p && !p.exit ? (
          <Button onClick={() => setEditing(true)} data-testid="project-edit">
            修改项目
          </Button>
        ) : null
      }
      data-testid="project-drawer"
    >
      {q.error && <LoadError error={q.error} onRetry={() => void q.refetch()} />}
      {!p && !q.error && <Spin style={{ display: 'block', margin: 48 }} />}
      {p && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }}>
            <Descriptions.Item label="项目名称" span={2}>
              {p.name}
            </Descriptions.Item>
            <Descriptions.Item label="宗地代码">{p.landCode}</Descriptions.Item>
            <Descriptions.Item label="地块">{p.parcelName}</Descriptions.Item>
            <Descriptions.Item label="用地单位">{p.enterpriseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="区县">{p.countyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="乡镇（街道）">{p.townName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="面积（亩）">{fixed2(p.areaMu)}</Descriptions.Item>
            <Descriptions.Item label="当前阶段">
              <StageTag stage={p.currentStage} />
            </Descriptions.Item>
          </Descriptions>
          {p.exit && (
            <Alert
              type="error"
              showIcon
              title={`项目已于 ${p.exit.date} 退出：${p.exit.reason}（土地${p.exit.outcome}）`}
              style={{ marginBottom: 16 }}
              data-testid="project-exit"
            />
          )}
          <Typography.Title level={5}>阶段进度</Typography.Title>
          <StageTimeline p={p} />
          <Typography.Title level={5}>约定期限</Typography.Title>
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 20 }} data-testid="project-deadlines">
            <Descriptions.Item label="约定开工期限">{deadlineState(p.startDeadline, p.dates.xmkg)}</Descriptions.Item>
            <Descriptions.Item label="约定竣工期限">{deadlineState(p.completionDeadline, p.dates.jgys)}</Descriptions.Item>
            <Descriptions.Item label="是否逾期">
              <OverdueTag overdue={p.overdue} days={p.overdueDays} />
            </Descriptions.Item>
          </Descriptions>
          {p.contract && (
            <>
              <Typography.Title level={5}>标准地双合同</Typography.Title>
              <Descriptions size="small" column={2} bordered style={{ marginBottom: 20 }} data-testid="project-contract">
                <Descriptions.Item label="投资建设协议">
                  {p.contract.investAgreementNo}（{p.contract.investAgreementDate}）
                </Descriptions.Item>
                <Descriptions.Item label="出让合同">
                  {p.contract.landContractNo}（{p.contract.landContractDate}）
                </Descriptions.Item>
                <Descriptions.Item label="供地方式">{p.contract.supplyMethod}</Descriptions.Item>
                <Descriptions.Item label="出让价款">{moneyText(p.contract.supplyPriceFen)}</Descriptions.Item>
                <Descriptions.Item label="履约保证金">{moneyText(p.contract.performanceBondFen)}</Descriptions.Item>
                <Descriptions.Item label="违约金条款">
                  逾期开工、竣工每日按出让价款的 {p.contract.latePenaltyPermille}‰；亩均税收未达承诺按差额的 {p.contract.taxPenaltyPercent}%
                </Descriptions.Item>
              </Descriptions>
            </>
          )}
          <Breaches breaches={p.breaches} />
          <Typography.Title level={5}>标准地承诺</Typography.Title>
          {/* two items a row and figures kept on one line: three a row left 50,000.00 broken over two lines in the 720 px drawer */}
          <Descriptions
            size="small"
            column={2}
            bordered
            style={{ marginBottom: 20 }}
            styles={{ content: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' } }}
            data-testid="project-commitments"
          >
            <Descriptions.Item label="计划投资（万元）">{fixed2(p.plannedInvestment)}</Descriptions.Item>
            <Descriptions.Item label="投资强度（万元/亩）">{fixed2(p.investIntensity)}</Descriptions.Item>
            <Descriptions.Item label="容积率">{fixed2(p.committedPlotRatio)}</Descriptions.Item>
            <Descriptions.Item label="亩均税收（万元/亩）">{fixed2(p.committedTaxPerMu)}</Descriptions.Item>
            <Descriptions.Item label="单位能耗增加值（万元/吨标准煤）">{fixed2(p.committedEnergyVa)}</Descriptions.Item>
            <Descriptions.Item label="单位排放增加值（万元/吨）">{fixed2(p.committedEmissionVa)}</Descriptions.Item>
          </Descriptions>
          {p.acceptance && <JudgementTable title="竣工验收" j={p.acceptance} testId="project-acceptance" />}
          {p.evaluation && <JudgementTable title="项目评价（达产复核）" j={p.evaluation} testId="project-evaluation" />}
          <Typography.Title level={5}>登记记录</Typography.Title>
          <History events={p.events} />
          <Edits edits={p.edits} />
        </>
      )}
      <SignModal open={false} editing={editing ? p : null} onClose={() => setEditing(false)} />
    </Drawer>
  )
}
