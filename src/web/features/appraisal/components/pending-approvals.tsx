/**
 * 待审定 (issue 28): model drafts and norm change sets, each with what it changes (before → after),
 * decided 通过 or 退回 (退回 with its reason) by another account than its author — whose own items
 * are marked and cannot be decided here. Each opens its 办理记录.
 */
import { App, Button, Card, Empty, Form, Input, Modal, Space, Table, Tag, Tooltip, Typography } from 'antd'
import { useState, type ReactNode } from 'react'
import type { PendingApproval } from '../../../../domain/contracts/appraisal'
import { LoadError } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { formatTime } from '../../../widgets/format-time'
import { APPRAISAL_KEY } from '../api/appraisal-api'
import { decideApproval } from '../api/decide-approval'
import { usePendingApprovals } from '../api/list-pending-approvals'
import type { StepsTarget } from './steps-drawer'

const OWN = '本人提交，需由他人审定'

/** What each kind of pending item is called, what 通过 does, and whose 办理记录 it opens. */
const KIND = {
  model: {
    name: '评价模型',
    color: 'purple',
    subject: 'appraisal_model',
    onPass: (year: number) => `通过后该模型自${year}年起生效，之后的试算按此模型计算。`,
  },
  norm: { name: '评价标准', color: 'cyan', subject: 'appraisal_norm', onPass: () => '通过后这些基准值即替换现行值。' },
  restatement: {
    name: '已发布年度更正',
    color: 'orange',
    subject: 'restatement',
    onPass: (year: number) => `通过后${year}年的该项指标即改为新值并标记“已更正”，大屏和报表随之更新；已发布的评价类别不变。`,
  },
} as const satisfies Record<
  PendingApproval['kind'],
  { name: string; color: string; subject: StepsTarget['subject']; onPass: (year: number) => string }
>
const keyOf = (p: PendingApproval) => `${p.kind}-${p.id}`

/** The list of what waits for 审定; `onSteps` opens an item's 办理记录. */
export function PendingApprovals({ onSteps }: { onSteps: (t: StepsTarget) => void }) {
  const pending = usePendingApprovals()
  const act = useAction()
  const { message } = App.useApp()
  const [returning, setReturning] = useState<PendingApproval | null>(null)
  const refresh = [APPRAISAL_KEY as unknown as string[]]
  if (pending.error) return <LoadError error={pending.error} onRetry={() => void pending.refetch()} />
  const items = pending.data ?? []
  if (!pending.isLoading && items.length === 0)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        data-testid="pending-empty"
        description="没有待审定的评价模型、评价标准或已发布年度的更正：经信科在“评价标准”页保存模型或基准值、或更正已发布年度的指标后，会在这里等待审定"
      />
    )
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="pending-list">
      {items.map((p) => {
        const lock = p.own ? (node: ReactNode) => <Tooltip title={OWN}>{node}</Tooltip> : (node: ReactNode) => node
        return (
          <Card
            key={keyOf(p)}
            size="small"
            data-testid={`pending-${keyOf(p)}`}
            title={
              <Space wrap>
                <Tag color={KIND[p.kind].color}>{KIND[p.kind].name}</Tag>
                <span>{p.title}</span>
                {p.own && (
                  <Tag color="warning" data-testid="pending-own">
                    {OWN}
                  </Tag>
                )}
              </Space>
            }
            extra={
              <Space size={0}>
                {lock(
                  <span>
                    <Button
                      type="link"
                      size="small"
                      disabled={p.own}
                      data-testid={`pending-pass-${keyOf(p)}`}
                      onClick={() =>
                        act(
                          async () =>
                            message.success((await decideApproval({ kind: p.kind, id: p.id, decision: '通过', note: '' })).message),
                          {
                            confirm: {
                              title: `审定通过：${p.title}？`,
                              content: KIND[p.kind].onPass(p.year),
                              danger: false,
                            },
                            refresh,
                          },
                        )
                      }
                    >
                      通过
                    </Button>
                  </span>,
                )}
                {lock(
                  <span>
                    <Button
                      type="link"
                      size="small"
                      danger
                      disabled={p.own}
                      data-testid={`pending-return-${keyOf(p)}`}
                      onClick={() => setReturning(p)}
                    >
                      退回
                    </Button>
                  </span>,
                )}
                <Button
                  type="link"
                  size="small"
                  data-testid={`pending-steps-${keyOf(p)}`}
                  onClick={() => onSteps({ subject: KIND[p.kind].subject, id: p.id, title: p.title })}
                >
                  办理记录
                </Button>
              </Space>
            }
          >
            <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
              {p.createdBy} 于 {formatTime(p.createdAt)} 提交{p.note ? `；说明：${p.note}` : ''}
            </Typography.Paragraph>
            <Table
              size="small"
              rowKey={(d) => d.what}
              pagination={false}
              dataSource={p.diff}
              data-testid="pending-diff"
              locale={{ emptyText: '与现行版本相同，没有改动' }}
              columns={[
                { title: '项目', dataIndex: 'what', width: 260 },
                { title: '现行', dataIndex: 'before', render: (v: string) => <span style={{ color: '#6b7280' }}>{v}</span> },
                { title: '', key: 'arrow', width: 32, render: () => '→' },
                { title: '拟改为', dataIndex: 'after', render: (v: string) => <strong>{v}</strong> },
              ]}
            />
          </Card>
        )
      })}
      <ReturnModal item={returning} onClose={() => setReturning(null)} />
    </Space>
  )
}

/** 退回 asks for the reason the author will read. */
function ReturnModal({ item, onClose }: { item: PendingApproval | null; onClose: () => void }) {
  const [form] = Form.useForm<{ note: string }>()
  const act = useAction()
  const { message } = App.useApp()
  return (
    <Modal
      title={`退回：${item?.title ?? ''}`}
      open={item !== null}
      onCancel={onClose}
      okText="退回"
      cancelText="取消"
      okButtonProps={{ danger: true }}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields()
        const ok = await act(
          async () => message.success((await decideApproval({ kind: item!.kind, id: item!.id, decision: '退回', note: v.note })).message),
          { refresh: [APPRAISAL_KEY as unknown as string[]] },
        )
        if (ok) onClose()
      }}
    >
      <Form form={form} layout="vertical" data-testid="return-form">
        <Form.Item
          name="note"
          label="退回原因"
          rules={[
            { required: true, whitespace: true, message: '请填写退回原因，提交人将据此修改' },
            { max: 500, message: '退回原因最多500个字' },
          ]}
        >
          <Input.TextArea rows={3} autoFocus data-testid="return-note" />
        </Form.Item>
      </Form>
    </Modal>
  )
}
