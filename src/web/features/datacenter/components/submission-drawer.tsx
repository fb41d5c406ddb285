/**
 * 提交详情: who proposed what and when, the side-by-side diff with both shapes, whether the record
 * changed since (an approval would be refused), the re-check against the standard in force, the
 * steps so far — and, for an auditor who may decide it, 通过 (confirmed) or 退回 (with a reason).
 */
import { Alert, App, Button, Descriptions, Drawer, Form, Input, Modal, Space, Spin, Timeline } from 'antd'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { CHANGE_ACTION_NAMES } from '../../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL } from '../../../../domain/datacenter/standard'
import { SUBMISSION_ACTION_LABEL } from '../../../../domain/datacenter/submission-state'
import { toApiError } from '../../../core/http-catalogue'
import { LoadError } from '../../../ui/list-shell'
import { decideSubmission } from '../api/decide-submission'
import { useCounties } from '../api/list-counties'
import { useStandard } from '../api/get-standard'
import { useSubmissionDetails } from '../api/get-submission-details'
import { AttachmentList } from './attachment-list'
import { DiffView } from './diff-view'
import { regionNameMap } from './record-values'
import { ActionTag, StateTag } from './state-tag'
import { formatTime } from '../../../widgets/format-time'

/** The drawer of one submission; `audit` shows the decision buttons when the user may decide. */
export function SubmissionDrawer({ id, onClose, audit }: { id: number | null; onClose: () => void; audit?: boolean }) {
  const details = useSubmissionDetails(id)
  const d = details.data
  const kind = d?.submission.kind ?? 'parcel'
  const std = useStandard(kind)
  const counties = useCounties()
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const [rejecting, setRejecting] = useState(false)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ reason: string }>()

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: ['submissions'] })
    void queryClient.invalidateQueries({ queryKey: ['record'] })
    void queryClient.invalidateQueries({ queryKey: ['history'] })
    void queryClient.invalidateQueries({ queryKey: ['master'] })
    void queryClient.invalidateQueries({ queryKey: ['found'] })
  }
  const decide = async (decision: 'approve' | 'reject', reason?: string) => {
    if (!d) return false
    setBusy(true)
    try {
      const r = await decideSubmission({ id: d.submission.id, decision, reason })
      message.success(decision === 'approve' ? `已审核通过并写入主数据（版本 ${r.version}）` : '已退回，提交人将看到退回原因')
      refresh()
      onClose()
      return true
    } catch (err) {
      message.error(toApiError(err).message)
      refresh()
      return false
    } finally {
      setBusy(false)
    }
  }
  const approve = () =>
    modal.confirm({
      title: `通过提交 #${d?.submission.id}？`,
      content: '通过后修改将写入主数据，并生成该记录的新历史版本。',
      okText: '通过',
      cancelText: '取消',
      onOk: () => decide('approve'),
    })

  const geometryField = std.data?.fields.find((f) => f.type === 'geometry')?.name
  const s = d?.submission
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={1200}
      title={s ? `提交 #${s.id} · ${RECORD_KIND_LABEL[s.kind]}${CHANGE_ACTION_NAMES[s.action]} · ${s.title || s.code}` : '提交详情'}
      data-testid="submission-drawer"
      destroyOnHidden
      extra={
        audit && d?.canAudit ? (
          <Space>
            <Button danger data-testid="audit-reject" disabled={busy} onClick={() => setRejecting(true)}>
              退回
            </Button>
            <Button type="primary" data-testid="audit-approve" loading={busy} disabled={d.stale} onClick={approve}>
              通过
            </Button>
          </Space>
        ) : null
      }
    >
      {details.error && <LoadError error={details.error as Error} onRetry={() => void details.refetch()} />}
      {!d || !s || !std.data ? (
        !details.error && <Spin style={{ display: 'block', margin: 48 }} />
      ) : (
        <>
          <Descriptions size="small" column={4} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="操作">
              <ActionTag action={s.action} />
            </Descriptions.Item>
            <Descriptions.Item label="状态">
              <StateTag state={s.state} />
            </Descriptions.Item>
            <Descriptions.Item label="代码">{s.code || '—'}</Descriptions.Item>
            <Descriptions.Item label="区域">{s.regionName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="提交人">{s.createdByName}</Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(s.submittedAt)}</Descriptions.Item>
            <Descriptions.Item label="审核人">{s.auditedByName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="审核时间">{formatTime(s.auditedAt)}</Descriptions.Item>
            <Descriptions.Item label="说明" span={s.batchId ? 2 : 4}>
              {s.remark || '—'}
            </Descriptions.Item>
            {s.batchId && (
              <Descriptions.Item label="导入批次" span={2}>{`批次 ${s.batchId} 第 ${s.batchRowNo ?? '?'} 行`}</Descriptions.Item>
            )}
            {!s.batchId && (
              <Descriptions.Item label={`附件（${d.attachments.length}）`} span={4}>
                <AttachmentList files={d.attachments} testId="submission-attachments" />
              </Descriptions.Item>
            )}
          </Descriptions>
          {s.state === '已退回' && s.reason && (
            <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`退回原因：${s.reason}`} data-testid="reject-reason" />
          )}
          {d.stale && (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 12 }}
              title="该记录在提交后已被修改"
              description="通过将覆盖他人已审核的修改，系统会拒绝；请退回，由提交人按最新数据重新提交。"
            />
          )}
          {d.issues.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={`提交内容不符合现行数据标准（版本 ${std.data.version}）`}
              description={d.issues.map((i) => i.message).join('；')}
            />
          )}
          <DiffView
            diff={d.diff}
            fields={d.fields}
            codeLists={std.data.codeLists}
            regionNames={regionNameMap(counties.data ?? [])}
            geometryField={geometryField}
            before={d.before}
            after={d.after}
            onlyChangedAtFirst={s.action === 'claim'}
          />
          <h3 style={{ marginTop: 16 }}>办理过程</h3>
          <Timeline
            data-testid="submission-events"
            items={d.events.map((e) => ({
              color: e.action === 'reject' ? 'red' : e.action === 'approve' ? 'green' : 'blue',
              content: `${formatTime(e.at)} ${e.actorName} ${SUBMISSION_ACTION_LABEL[e.action as keyof typeof SUBMISSION_ACTION_LABEL] ?? e.action}（${e.fromState ?? '—'} → ${e.toState}）${e.reason ? `：${e.reason}` : ''}`,
            }))}
          />
        </>
      )}
      <Modal
        title="退回提交"
        open={rejecting}
        okText="退回"
        okButtonProps={{ danger: true, loading: busy, ...{ 'data-testid': 'reject-confirm' } }}
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setRejecting(false)}
        onOk={async () => {
          const { reason } = await form.validateFields()
          if (await decide('reject', reason)) setRejecting(false)
        }}
      >
        <Form form={form} layout="vertical">
          <Form.Item
            name="reason"
            label="退回原因（提交人可见）"
            rules={[
              { required: true, whitespace: true, message: '退回必须填写退回原因' },
              { max: 500, message: '退回原因最多500个字符' },
            ]}
          >
            <Input.TextArea rows={4} data-testid="reject-reason-input" placeholder="请写明需要修改的内容和依据" autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </Drawer>
  )
}
