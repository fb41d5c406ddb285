/**
 * 详情 of one 盘活方案, shared by 盘活方案 and 盘活监管: the plan (method and its own fields, parcels on
 * the map, targets, dates, 责任单位 and 责任人, milestones), its risk and reasons, the actual effects
 * once done, and one timeline of what happened — reports, 督办 with their reply deadlines and replies,
 * and the history of changes — newest first. The actions its state allows stand at the top: 编辑,
 * 提交, 审核通过 / 退回, 报告进度, 督办, 办结, 验收, 终止 and, for a draft only, 删除 after a question.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Descriptions, Drawer, Empty, Progress, Space, Spin, Table, Timeline, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import type { PlanDetail, SupervisionRow } from '../../../../domain/contracts/revitalize'
import { LAND_APPROVE_PAGES } from '../../../../domain/contracts/stock'
import { FIGURES } from '../../../../domain/figures/catalogue'
import { landUseName, planningUseName } from '../../../../domain/codes/land-use'
import { DETAIL_FIELDS, PLAN_ACTIONS, RUNNING_STATES, type DetailField, type PlanAction } from '../../../../domain/revitalize'
import { toApiError } from '../../../core/http-catalogue'
import { useCanWrite } from '../../../widgets/use-can-write'
import { formatFigure } from '../../../core/format-figure'
import { FigureLabel } from '../../../ui/figure-tip'
import { LoadError } from '../../../ui/list-shell'
import { downloadReportPhoto } from '../api/report-photos'
import { formatTime } from '../../../widgets/format-time'
import { checkPlan } from '../api/check-plan'
import { deletePlan } from '../api/delete-plan'
import { usePlan } from '../api/get-plan'
import { REVITALIZE_KEY } from '../api/query-keys'
import { ParcelMap } from './parcel-map'
import { PlanFormDrawer, type PlanFormTarget } from './plan-form-drawer'
import { CompleteModal, ReplyModal, ReportModal, SuperviseModal } from './progress-modals'
import { PlanStateTag, RiskTag } from './revitalize-tags'

const LABEL = { width: 112, whiteSpace: 'nowrap' } as const
const text = (v: string | null | undefined) => (v ? v : '—')
const num = (v: number | null | undefined, digits = 2, unit = '') =>
  v === null || v === undefined ? '—' : `${formatFigure(v, digits)}${unit}`

/** One entry of the timeline. */
interface Event {
  at: string
  color: string
  body: ReactNode
  testId: string
}

/** Reports, 督办, replies and changes, newest first. */
function events(p: PlanDetail, onReply: (s: SupervisionRow) => void): Event[] {
  const list: Event[] = [
    ...p.reports.map((r) => ({
      at: `${r.reportDate}T${r.createdAt.slice(11)}`,
      color: r.progress === 100 ? 'green' : 'blue',
      testId: 'timeline-report',
      body: (
        <div>
          <strong>
            {r.reportDate} 报告进度 {r.progress}%
          </strong>
          <div style={{ whiteSpace: 'pre-wrap' }}>完成事项：{r.doneItems}</div>
          {r.difficulties && <div>存在困难：{r.difficulties}</div>}
          {r.nextSteps && <div>下步计划：{r.nextSteps}</div>}
          {r.photos.length > 0 && (
            <div data-testid="timeline-photos">
              现场照片：
              {r.photos.map((ph) => (
                <Button key={ph.id} type="link" size="small" onClick={() => void downloadReportPhoto(r.id, ph).catch(() => undefined)}>
                  {ph.name}
                </Button>
              ))}
            </div>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.actor} 于 {formatTime(r.createdAt)} 填报
          </Typography.Text>
        </div>
      ),
    })),
    ...p.supervisions.flatMap((s) => [
      {
        at: s.issuedAt,
        color: s.overdue ? 'red' : 'orange',
        testId: 'timeline-supervision',
        body: (
          <div>
            <strong>督办</strong>（回复期限 {s.replyDeadline}
            {s.overdue && <Typography.Text type="danger">，已超期未回复</Typography.Text>}）
            <div style={{ whiteSpace: 'pre-wrap' }}>{s.content}</div>
            <Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {s.issuedBy} 于 {formatTime(s.issuedAt)} 督办
              </Typography.Text>
              {!s.reply && (
                <Button type="link" size="small" onClick={() => onReply(s)} data-testid={`reply-${s.id}`}>
                  回复
                </Button>
              )}
            </Space>
          </div>
        ),
      },
      ...(s.reply && s.repliedAt
        ? [
            {
              at: s.repliedAt,
              color: 'green',
              testId: 'timeline-reply',
              body: (
                <div>
                  <strong>回复督办</strong>
                  <div style={{ whiteSpace: 'pre-wrap' }}>{s.reply}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatTime(s.repliedAt)}
                  </Typography.Text>
                </div>
              ),
            },
          ]
        : []),
    ]),
    ...p.history.map((h) => ({
      at: h.at,
      color: 'gray',
      testId: 'timeline-history',
      body: (
        <div>
          <strong>{h.action}</strong>
          {h.changes.length > 0 && (
            <div style={{ fontSize: 12 }}>
              {h.changes.map((c) => `${c.label}：${String(c.before ?? '—')} → ${String(c.after ?? '—')}`).join('；')}
            </div>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {h.actor} 于 {formatTime(h.at)}
          </Typography.Text>
        </div>
      ),
    })),
  ]
  return list.sort((a, b) => b.at.localeCompare(a.at))
}

/** What 办结 wrote to the parcels, as rows of the drawer (the data centre's audit applies it). */
function outcomeItems(o: NonNullable<PlanDetail['outcome']>, submissionId: number | null) {
  const landUse = (c: string | null) => (c ? `${c} ${landUseName(c) ?? ''}`.trim() : '—')
  const planning = (c: string | null) => (c ? `${c} ${planningUseName(c) ?? ''}`.trim() : '—')
  const rows: { key: string; label: string; children: ReactNode }[] = [
    { key: 'status', label: '盘活后地块状态', children: o.statusAfter ?? '—' },
    { key: 'submission', label: '数据中心提交', children: submissionId ? `#${submissionId}（审核通过后写入地块）` : '—' },
  ]
  if (o.holder) rows.push({ key: 'holder', label: '新用地单位', children: `${o.holder.name}（${o.holder.creditCode}）` })
  if (o.landUseAfter) rows.push({ key: 'landUse', label: '盘活后现状地类', children: landUse(o.landUseAfter) })
  if (o.planningUseAfter) rows.push({ key: 'planningUse', label: '盘活后规划用途', children: planning(o.planningUseAfter) })
  if (o.plotRatioAfter !== null) rows.push({ key: 'plotRatio', label: '盘活后容积率', children: o.plotRatioAfter.toFixed(2) })
  return rows
}

/** The drawer; `planId` null = closed. */
export function PlanDrawer({ planId, onClose }: { planId: number | null; onClose: () => void }) {
  const detail = usePlan(planId)
  const p = detail.data
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [editing, setEditing] = useState<PlanFormTarget>(null)
  const [reporting, setReporting] = useState(false)
  const [supervising, setSupervising] = useState(false)
  const [completing, setCompleting] = useState(false)
  const [replying, setReplying] = useState<SupervisionRow | null>(null)

  const act = async (action: PlanAction) => {
    if (!p) return
    if (action === '终止') {
      const ok = await modal.confirm({
        title: `终止方案「${p.name}」？`,
        content: '终止后方案不再实施，地块回到台账“已认定”，可重新制定方案。',
        okText: '终止',
        okButtonProps: { danger: true },
        cancelText: '取消',
      })
      if (!ok) return
    }
    try {
      const said = await checkPlan({ id: p.id, action })
      message.success(said.message)
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      void queryClient.invalidateQueries({ queryKey: REVITALIZE_KEY })
    }
  }

  const remove = async () => {
    if (!p) return
    const ok = await modal.confirm({
      title: `删除草稿「${p.name}」？`,
      content: '删除后该方案的地块回到“未纳入方案”，可重新制定方案。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
    })
    if (!ok) return
    try {
      const said = await deletePlan(p.id)
      message.success(said.message)
      onClose()
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      void queryClient.invalidateQueries({ queryKey: REVITALIZE_KEY })
    }
  }

  const can = (a: PlanAction) => !!p && (PLAN_ACTIONS[a].from as readonly string[]).includes(p.state)
  // 审核 is the land 审定 (issue 28): offered to holders of 处置审定 only; the server also refuses the plan's author
  const mayApprove = useCanWrite(LAND_APPROVE_PAGES[0])
  const running = !!p && RUNNING_STATES.includes(p.state)
  const detailKeys = p ? (Object.keys(p.details) as DetailField[]).filter((k) => k in DETAIL_FIELDS) : []

  return (
    <Drawer
      title={p ? `盘活方案：${p.name}` : '盘活方案详情'}
      open={planId !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      data-testid="plan-drawer"
      extra={p && <PlanStateTag state={p.state} />}
    >
      {detail.error && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
      {!p && !detail.error && <Spin style={{ display: 'block', margin: 48 }} />}
      {p && (
        <div data-testid={`plan-detail-${p.id}`} data-state={p.state}>
          <Space wrap style={{ marginBottom: 12 }} data-testid="plan-actions">
            {['草稿', '待审核', '实施中', '已逾期'].includes(p.state) && (
              <Button onClick={() => setEditing({ plan: p })} data-testid="plan-edit">
                编辑
              </Button>
            )}
            {can('提交') && (
              <Button type="primary" onClick={() => void act('提交')} data-testid="plan-submit">
                提交审核
              </Button>
            )}
            {can('审核通过') && mayApprove && (
              <Button type="primary" onClick={() => void act('审核通过')} data-testid="plan-approve">
                审核通过
              </Button>
            )}
            {can('退回') && mayApprove && (
              <Button onClick={() => void act('退回')} data-testid="plan-return">
                退回
              </Button>
            )}
            {can('审核通过') && !mayApprove && (
              <Typography.Text type="secondary" data-testid="plan-await-approval">
                待处置审定：须由另一名持有处置审定权限的人员（如土地科长）审核
              </Typography.Text>
            )}
            {running && (
              <>
                <Button type="primary" onClick={() => setReporting(true)} data-testid="plan-report">
                  报告进度
                </Button>
                <Button onClick={() => setSupervising(true)} data-testid="plan-supervise">
                  督办
                </Button>
                <Button onClick={() => setCompleting(true)} data-testid="plan-complete">
                  办结
                </Button>
              </>
            )}
            {can('验收') && (
              <Button type="primary" onClick={() => void act('验收')} data-testid="plan-accept">
                验收
              </Button>
            )}
            {p.state === '草稿' && (
              <Button danger onClick={() => void remove()} data-testid="plan-delete">
                删除
              </Button>
            )}
            {can('终止') && (
              <Button danger type="text" onClick={() => void act('终止')} data-testid="plan-stop">
                终止
              </Button>
            )}
          </Space>
          {p.risk.reasons.length > 0 && (
            <Alert
              type={p.risk.level === '高' ? 'error' : 'warning'}
              showIcon
              style={{ marginBottom: 12 }}
              title={
                <span>
                  <RiskTag level={p.risk.level} />
                  {p.risk.reasons.join('；')}（按直线进度今日应完成 {p.risk.expected}%）
                </span>
              }
              data-testid="plan-risk"
            />
          )}
          <Descriptions
            size="small"
            column={2}
            bordered
            styles={{ label: LABEL }}
            data-testid="plan-facts"
            items={[
              { key: 'method', label: '盘活方式', children: `${p.method}${p.subMethod ? ` · ${p.subMethod}` : ''}` },
              { key: 'county', label: '区县', children: text(p.countyName) },
              ...detailKeys.map((k) => ({
                key: k,
                label: DETAIL_FIELDS[k].name,
                children: `${String(p.details[k])}${DETAIL_FIELDS[k].unit ? ` ${DETAIL_FIELDS[k].unit}` : ''}`,
              })),
              { key: 'start', label: '开始日期', children: p.startDate },
              { key: 'deadline', label: '完成期限', children: p.deadline },
              { key: 'unit', label: '责任单位', children: p.respUnit },
              { key: 'person', label: '责任人', children: p.respPerson },
              {
                key: 'progress',
                label: '进度',
                span: 2,
                children: <Progress percent={p.progress} size="small" status={p.state === '已逾期' ? 'exception' : undefined} />,
              },
              { key: 'tpr', label: '目标容积率', children: num(p.targetPlotRatio) },
              { key: 'tbm', label: '新增建筑面积', children: num(p.targetBuildingM2, 0, ' 平方米') },
              { key: 'tinv', label: '新增投资', children: num(p.targetInvestment, 2, ' 万元') },
              { key: 'ttax', label: '预计新增税收', children: num(p.targetTax, 2, ' 万元') },
              { key: 'tout', label: '预计新增产值', children: num(p.targetOutput, 2, ' 万元') },
              { key: 'done', label: '办结日期', children: text(p.completedDate) },
              ...(p.note ? [{ key: 'note', label: '备注', span: 2, children: p.note }] : []),
            ]}
          />
          <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>地块</h3>
          <Table
            size="small"
            rowKey="parcelId"
            pagination={false}
            dataSource={p.parcels}
            data-testid="plan-parcels"
            columns={[
              { title: '宗地代码', dataIndex: 'landCode' },
              { title: '名称', dataIndex: 'name' },
              { title: '地块面积（亩）', dataIndex: 'areaMu', align: 'right', render: (v: number) => num(v) },
              { title: '计划盘活（亩）', dataIndex: 'plannedAreaMu', align: 'right', render: (v: number) => num(v) },
              { title: '地块状态', dataIndex: 'status', onCell: () => ({ 'data-field': 'status' }) as object },
            ]}
          />
          <div style={{ marginTop: 8 }}>
            <ParcelMap parcels={p.parcels} height={220} />
          </div>
          {p.milestones.length > 0 && (
            <>
              <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>节点计划</h3>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={p.milestones}
                columns={[
                  { title: '节点', dataIndex: 'name' },
                  { title: '计划日期', dataIndex: 'dueDate', width: 120 },
                  { title: '完成日期', dataIndex: 'doneDate', width: 120, render: (v: string | null) => text(v) },
                ]}
              />
            </>
          )}
          {p.effects && (
            <>
              <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>实际成效</h3>
              <Descriptions
                size="small"
                column={2}
                bordered
                styles={{ label: LABEL }}
                data-testid="plan-effects"
                items={(
                  [
                    ['freedAreaMu', p.effects.freedAreaMu],
                    ['newBuildingArea', p.effects.newBuildingM2],
                    ['newInvestment', p.effects.newInvestment],
                    ['newTax', p.effects.newTax],
                    ['newOutput', p.effects.newOutput],
                    ['plotRatioBefore', p.effects.plotRatioBefore],
                    ['plotRatioAfter', p.effects.plotRatioAfter],
                    ['taxPerMuBefore', p.effects.taxPerMuBefore],
                    ['taxPerMuAfter', p.effects.taxPerMuAfter],
                  ] as const
                ).map(([key, v]) => ({
                  key,
                  label: <FigureLabel figure={key} />,
                  children: <span data-figure={key}>{num(v, FIGURES[key].digits, ` ${FIGURES[key].unit}`)}</span>,
                }))}
              />
            </>
          )}
          {p.outcome && (
            <>
              <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>办结对地块的变更</h3>
              <Descriptions
                size="small"
                column={2}
                bordered
                styles={{ label: LABEL }}
                data-testid="plan-outcome"
                items={outcomeItems(p.outcome, p.submissionId)}
              />
            </>
          )}
          <h3 style={{ margin: '16px 0 8px', fontSize: 15 }}>进展与督办</h3>
          {p.reports.length + p.supervisions.length + p.history.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="尚无进展：方案审核通过后在“盘活监管”中报告进度" />
          ) : (
            <Timeline
              data-testid="plan-timeline"
              items={events(p, setReplying).map((e, i) => ({
                key: i,
                color: e.color,
                content: <div data-testid={e.testId}>{e.body}</div>,
              }))}
            />
          )}
        </div>
      )}
      <PlanFormDrawer target={editing} onClose={() => setEditing(null)} />
      <ReportModal plan={reporting && p ? p : null} onClose={() => setReporting(false)} />
      <SuperviseModal plan={supervising && p ? p : null} onClose={() => setSupervising(false)} />
      <CompleteModal plan={completing && p ? p : null} onClose={() => setCompleting(false)} />
      <ReplyModal supervision={replying} onClose={() => setReplying(null)} />
    </Drawer>
  )
}
