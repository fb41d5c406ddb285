/**
 * 处置审定 (/land/approve, issue 28): what waits for the land 审定 — 闲置土地 处置决定 报批 by 土地科 and
 * 盘活方案 submitted for 审核 — each with its 办理记录; 审定通过 or 退回 (with a reason) after a
 * confirmation. The server refuses an approval by whoever prepared the item (四眼); its message is
 * shown as it is.
 */
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Card, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd'
import { useState } from 'react'
import type { PendingDecision, PendingPlan } from '../../../../domain/contracts/stock'
import { moneyText } from '../../../../domain/idle-land'
import { toApiError } from '../../../core/http-catalogue'
import { ListShell } from '../../../ui/list-shell'
import { ProceedingSteps } from '../../../widgets/proceeding-steps'
import { exportCaseSteps, useCaseSteps } from '../api/case-steps'
import { useApprovals } from '../api/list-approvals'
import { exportPlanSteps, usePlanSteps } from '../api/plan-steps'
import { LAND_APPROVE_KEY } from '../api/query-keys'
import { reviewDecision } from '../api/review-decision'
import { reviewPlan } from '../api/review-plan'

/** What the confirmation is about. */
type Pending = { kind: 'decision'; item: PendingDecision } | { kind: 'plan'; item: PendingPlan }
type Action = '审定通过' | '退回'

function CaseSteps({ id }: { id: number }) {
  const q = useCaseSteps(id)
  return <ProceedingSteps steps={q.data} loading={q.isLoading} onExport={() => exportCaseSteps(id)} testId={`approve-case-steps-${id}`} />
}

function PlanSteps({ id }: { id: number }) {
  const q = usePlanSteps(id)
  return <ProceedingSteps steps={q.data} loading={q.isLoading} onExport={() => exportPlanSteps(id)} testId={`approve-plan-steps-${id}`} />
}

/** The confirmation of 审定通过 or 退回; 退回 asks for its reason. */
function ConfirmModal({ target, onClose }: { target: { pending: Pending; action: Action } | null; onClose: () => void }) {
  const client = useQueryClient()
  const { message } = App.useApp()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (!target) return null
  const { pending, action } = target
  const what =
    pending.kind === 'decision' ? `处置决定书 ${pending.item.docNo}（${pending.item.method}）` : `盘活方案「${pending.item.name}」`
  const send = async () => {
    setBusy(true)
    setError(null)
    try {
      const r =
        pending.kind === 'decision'
          ? await reviewDecision({ caseId: pending.item.caseId, action, note })
          : await reviewPlan({ id: pending.item.id, action, note })
      message.success(r.message)
      setNote('')
      onClose()
    } catch (e) {
      setError(toApiError(e).message)
    } finally {
      setBusy(false)
      void client.invalidateQueries({ queryKey: LAND_APPROVE_KEY })
    }
  }
  return (
    <Modal
      open
      title={`${action}：${what}`}
      okText={action === '审定通过' ? '确认审定通过' : '确认退回'}
      okButtonProps={{ danger: action === '退回', disabled: action === '退回' && !note.trim(), id: 'approve-confirm' }}
      confirmLoading={busy}
      onOk={() => void send()}
      onCancel={() => {
        setError(null)
        setNote('')
        onClose()
      }}
      data-testid="approve-modal"
    >
      <Typography.Paragraph>
        {action === '审定通过'
          ? '审定通过后即开始实施，且不能撤回。请确认已核对报批材料与办理记录。'
          : '退回后由经办人修改后重新报批。请写明退回理由。'}
      </Typography.Paragraph>
      <Input.TextArea
        rows={3}
        maxLength={500}
        showCount
        value={note}
        onChange={(e) => setNote(e.target.value)}
        placeholder={action === '退回' ? '退回理由（必填）' : '审定意见（可不填）'}
        data-testid="approve-note"
      />
      {error && (
        <Typography.Paragraph type="danger" style={{ marginTop: 8 }} data-testid="approve-error">
          {error}
        </Typography.Paragraph>
      )}
    </Modal>
  )
}

const actions = (pending: Pending, open: (p: Pending, a: Action) => void, testId: string) => (
  <Space>
    <Button type="primary" size="small" data-testid={`${testId}-approve`} onClick={() => open(pending, '审定通过')}>
      审定通过
    </Button>
    <Button size="small" danger data-testid={`${testId}-return`} onClick={() => open(pending, '退回')}>
      退回
    </Button>
  </Space>
)

/** 处置审定 */
export function LandApprovePage() {
  const q = useApprovals()
  const [target, setTarget] = useState<{ pending: Pending; action: Action } | null>(null)
  const open = (pending: Pending, action: Action) => setTarget({ pending, action })
  const d = q.data
  return (
    <ListShell
      title="处置审定"
      intro="审定土地科报批的闲置土地处置决定和提交的盘活方案；经办人报批或提交的事项，须由另一名持有处置审定权限的人员审定（四眼原则）"
      error={q.error}
      onRetry={() => void q.refetch()}
      testId="land-approve-page"
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Card title={`闲置土地处置决定（待审定 ${d?.decisions.length ?? 0}）`} size="small">
          <Table<PendingDecision>
            rowKey="caseId"
            size="small"
            loading={q.isLoading}
            pagination={false}
            dataSource={d?.decisions ?? []}
            data-testid="approve-decisions"
            locale={{ emptyText: <Empty description="没有待审定的处置决定" /> }}
            expandable={{ expandedRowRender: (r) => <CaseSteps id={r.caseId} /> }}
            columns={[
              { title: '地块', render: (_: unknown, r) => `${r.parcelName}（${r.landCode}）` },
              { title: '区县', dataIndex: 'countyName', width: 90 },
              { title: '处置方式', dataIndex: 'method', width: 120, render: (v: string) => <Tag color="volcano">{v}</Tag> },
              { title: '决定书', render: (_: unknown, r) => `${r.docNo}（${r.date}）` },
              { title: '报批', render: (_: unknown, r) => `${r.approvalAuthority} ${r.approvalNo}` },
              { title: '土地闲置费', width: 220, render: (_: unknown, r) => (r.feeDueFen === null ? '—' : moneyText(r.feeDueFen)) },
              {
                title: '听证告知',
                width: 170,
                render: (_: unknown, r) => (r.hearing ? `${r.hearing.noticeNo}：${r.hearing.outcome ?? '等待结果'}` : '无需'),
              },
              { title: '经办人', dataIndex: 'preparedBy', width: 90 },
              {
                title: '操作',
                width: 170,
                render: (_: unknown, r) => actions({ kind: 'decision', item: r }, open, `decision-${r.caseId}`),
              },
            ]}
          />
        </Card>
        <Card title={`盘活方案（待审核 ${d?.plans.length ?? 0}）`} size="small">
          <Table<PendingPlan>
            rowKey="id"
            size="small"
            loading={q.isLoading}
            pagination={false}
            dataSource={d?.plans ?? []}
            data-testid="approve-plans"
            locale={{ emptyText: <Empty description="没有待审核的盘活方案" /> }}
            expandable={{ expandedRowRender: (r) => <PlanSteps id={r.id} /> }}
            columns={[
              { title: '方案', dataIndex: 'name' },
              { title: '盘活方式', dataIndex: 'method', width: 120 },
              { title: '区县', dataIndex: 'countyName', width: 90 },
              { title: '地块', render: (_: unknown, r) => r.landCodes.join('、') },
              { title: '期限', width: 200, render: (_: unknown, r) => `${r.startDate} ~ ${r.deadline}` },
              { title: '编制人', dataIndex: 'author', width: 90 },
              { title: '提交人', dataIndex: 'submittedBy', width: 90 },
              { title: '操作', width: 170, render: (_: unknown, r) => actions({ kind: 'plan', item: r }, open, `plan-${r.id}`) },
            ]}
          />
        </Card>
        <ConfirmModal target={target} onClose={() => setTarget(null)} />
      </Space>
    </ListShell>
  )
}
