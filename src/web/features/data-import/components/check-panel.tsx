/**
 * The head of 数据处理 for one batch: its state and figures, 运行检查 with its progress, the
 * counts by level and rule (click to filter the issue list), and the batch's decisions — 排除错误行,
 * 退回 (with a reason) and 提交审核, each confirmed first.
 */
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Space, Statistic, Tag } from 'antd'
import { useState } from 'react'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import { EDITABLE_STATUSES, OVERLAP_RULE_TEXT, RULE_LABELS } from '../../../../domain/datacenter/import-batch'
import { RECORD_KIND_LABEL } from '../../../../domain/datacenter/standard'
import { useAction } from '../../../ui/use-action'
import { backBatch } from '../api/back-batch'
import { excludeRows } from '../api/exclude-rows'
import { useSummary } from '../api/query-summary'
import { runCheck } from '../api/run-check'
import { submitBatch } from '../api/submit-batch'
import { JobProgress } from './job-progress'
import { BatchTitle, LEVEL_COLOR } from './labels'
import { formatTime } from '../../../widgets/format-time'
import type { IssueFilter } from './issue-table'

/** Props of {@link CheckPanel}. */
export interface CheckPanelProps {
  batch: BatchView
  canWrite: boolean
  filter: IssueFilter
  onFilter: (f: IssueFilter) => void
  /** the batch changed (check finished, rows excluded, submitted …) */
  onChanged: () => void
}

/** The batch head of 数据处理. */
export function CheckPanel({ batch, canWrite, filter, onFilter, onChanged }: CheckPanelProps) {
  const { message } = App.useApp()
  const run = useAction()
  const summary = useSummary(batch.id, `${batch.status}-${batch.checkedAt}-${batch.errorRows}-${batch.excludedRows}-${batch.warningRows}`)
  const [backOpen, setBackOpen] = useState(false)
  const [form] = Form.useForm<{ reason: string }>()
  const editable = canWrite && EDITABLE_STATUSES.includes(batch.status)
  const checked = batch.status === '已检查'
  const levels = summary.data?.levels
  const included = batch.rowCount - batch.excludedRows
  const refresh = [['dc-batch', batch.id], ['dc-batches'], ['dc-issues'], ['dc-summary', batch.id]]

  return (
    <Card
      size="small"
      data-testid="check-panel"
      title={<BatchTitle batch={batch} />}
      extra={
        canWrite &&
        batch.status !== '已提交' &&
        batch.status !== '已退回' && (
          <Space wrap>
            <Button
              type={checked ? 'default' : 'primary'}
              disabled={!editable}
              data-testid="run-check"
              onClick={() => run(() => runCheck(batch.id), { success: '已开始检查', refresh: [...refresh, ['dc-progress', batch.id]] })}
            >
              {batch.checkedAt ? '重新检查' : '运行检查'}
            </Button>
            <Button
              disabled={!checked || batch.errorRows === 0}
              data-testid="exclude-errors"
              onClick={() =>
                run(() => excludeRows({ id: batch.id, errors: true, excluded: true }), {
                  confirm: {
                    title: `排除全部 ${batch.errorRows} 个有错误的行？`,
                    content: '排除的行不会提交，可以随时恢复。',
                    danger: false,
                  },
                  success: '已排除有错误的行',
                  refresh,
                })
              }
            >
              排除错误行
            </Button>
            <Button danger disabled={!editable} onClick={() => setBackOpen(true)} data-testid="back-batch">
              退回
            </Button>
            <Button
              type="primary"
              disabled={!checked || batch.errorRows > 0 || included === 0}
              data-testid="submit-batch"
              onClick={() =>
                run(
                  async () => {
                    const r = await submitBatch(batch.id)
                    message.success(`已提交 ${r.submitted} 条，等待审核`)
                  },
                  {
                    confirm: {
                      title: `提交 ${included} 行进入审核？`,
                      content: `${batch.excludedRows ? `已排除的 ${batch.excludedRows} 行不提交。` : ''}提交后批次不能再修改，数据经审核通过后才进入地块/企业库。`,
                      danger: false,
                    },
                    refresh,
                  },
                )
              }
            >
              提交审核
            </Button>
          </Space>
        )
      }
    >
      <Descriptions
        size="small"
        column={4}
        items={[
          { label: '数据类型', children: RECORD_KIND_LABEL[batch.kind] },
          { label: '行数', children: batch.rowCount },
          { label: '检查时间', children: batch.checkedAt ? formatTime(batch.checkedAt) : '未检查' },
          { label: '数据标准', children: batch.standardVersion ? `第 ${batch.standardVersion} 版` : '—' },
        ]}
      />
      {batch.status === '检查中' && <JobProgress batchId={batch.id} onFinished={onChanged} />}
      {batch.status === '已上传' && batch.message && <Alert type="warning" showIcon title={batch.message} style={{ marginBottom: 8 }} />}
      {batch.status === '已退回' && <Alert type="warning" showIcon title={`已退回：${batch.message}`} style={{ marginBottom: 8 }} />}
      {batch.status === '已提交' && (
        <Alert
          type="success"
          showIcon
          title={`已提交 ${batch.submittedCount} 条，等待审核`}
          style={{ marginBottom: 8 }}
          data-testid="submitted"
        />
      )}
      {checked && batch.errorRows > 0 && canWrite && (
        <Alert type="error" showIcon title={`还有 ${batch.errorRows} 行有错误：修正或排除后才能提交`} style={{ marginBottom: 8 }} />
      )}
      {levels && batch.checkedAt && (
        <Space size={24} wrap style={{ margin: '4px 0 8px' }} data-testid="level-counts">
          {(['错误', '警告', '正常', '已排除'] as const).map((l) => (
            <a key={l} onClick={() => onFilter({ ...filter, level: l, page: 1 })}>
              <Statistic title={l} value={levels[l]} styles={{ content: { color: LEVEL_COLOR[l], fontSize: 22 } }} />
            </a>
          ))}
        </Space>
      )}
      {summary.data && summary.data.byRule.length > 0 && (
        <div data-testid="rule-counts">
          <span style={{ color: '#6b7280' }}>按规则：</span>
          {summary.data.byRule.map((r) => (
            <Tag
              key={`${r.rule}-${r.level}`}
              color={r.level === 'error' ? 'red' : 'orange'}
              style={{ cursor: 'pointer' }}
              onClick={() => onFilter({ ...filter, rule: r.rule, page: 1 })}
            >
              {RULE_LABELS[r.rule] ?? r.label} {r.rows} 行
            </Tag>
          ))}
        </div>
      )}
      {batch.kind === 'parcel' && (
        <div style={{ color: '#9ca3af', fontSize: 12, marginTop: 6 }}>
          重叠规则：{OVERLAP_RULE_TEXT}；用地单位按 信用代码 → 企业名称 → 企业位置落在地块内 依次关联。
        </div>
      )}
      <Modal
        open={backOpen}
        title={`退回批次 #${batch.id}`}
        okText="确认退回"
        okButtonProps={{ danger: true }}
        cancelText="取消"
        destroyOnHidden
        onCancel={() => setBackOpen(false)}
        onOk={async () => {
          const { reason } = await form.validateFields()
          const ok = await run(() => backBatch(batch.id, reason), { success: '已退回，上传人可看到退回原因', refresh })
          if (ok) setBackOpen(false)
        }}
      >
        <p>退回后批次结束，不能再检查或提交；上传人根据原因修改后重新上传。</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="reason"
            label="退回原因"
            rules={[
              { required: true, whitespace: true, message: '请填写退回原因' },
              { max: 500, message: '退回原因最多500个字符' },
            ]}
          >
            <Input.TextArea rows={4} placeholder="例如：缺少统一社会信用代码列，请补充后重新上传" data-testid="back-reason" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  )
}
