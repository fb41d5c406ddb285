/**
 * 版本记录 of a model (issue 28): every saved version with its state — 待审定 (a draft, changes
 * nothing yet), 生效 (approved by another account) or 退回 (with the approver's reason) — and its 办理记录.
 */
import { Button, Card, Table, Tag } from 'antd'
import { useState } from 'react'
import { emptyState } from '../../../ui/list-shell'
import { formatTime } from '../../../widgets/format-time'
import type { ModelVersion } from '../api/appraisal-api'
import { StepsDrawer, type StepsTarget } from './steps-drawer'

const STATUS_COLORS: Record<ModelVersion['status'], string> = { 待审定: 'processing', 生效: 'success', 退回: 'error' }

/** The versions of one scale's model (newest first, as the server lists them). */
export function ModelVersions({ scale, versions }: { scale: string; versions: ModelVersion[] }) {
  const [stepsOf, setStepsOf] = useState<StepsTarget | null>(null)
  return (
    <Card size="small" title="版本记录" style={{ marginTop: 12 }} data-testid={`model-versions-${scale}`}>
      <Table<ModelVersion>
        size="small"
        rowKey="id"
        pagination={{ pageSize: 5, hideOnSinglePage: true, showSizeChanger: false }}
        dataSource={versions}
        locale={{ emptyText: emptyState('还没有保存过该模型：修改上方设置后点“提交审定”，经评价审定后生效') }}
        columns={[
          { title: '版本', key: 'v', width: 160, render: (_, v) => `${v.effectiveYear}年起 第${v.version}版` },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: ModelVersion['status']) => (
              <Tag color={STATUS_COLORS[s] ?? 'default'} data-testid="model-version-status">
                {s ?? '生效'}
              </Tag>
            ),
          },
          { title: '提交人', dataIndex: 'createdBy', width: 100 },
          { title: '提交时间', dataIndex: 'createdAt', width: 160, render: (v: string) => formatTime(v) },
          { title: '版本说明', dataIndex: 'note', render: (v: string) => v || '—' },
          { title: '审定人', dataIndex: 'approvedBy', width: 110, render: (v: string | null) => v || '—' },
          { title: '审定意见', dataIndex: 'decisionNote', render: (v: string | null) => v || '—' },
          {
            title: '操作',
            key: 'ops',
            width: 90,
            render: (_, v) => (
              <Button
                type="link"
                size="small"
                data-testid={`model-version-steps-${v.id}`}
                onClick={() => setStepsOf({ subject: 'appraisal_model', id: v.id, title: `${scale}评价模型第${v.version}版` })}
              >
                办理记录
              </Button>
            ),
          },
        ]}
      />
      <StepsDrawer target={stepsOf} onClose={() => setStepsOf(null)} />
    </Card>
  )
}
