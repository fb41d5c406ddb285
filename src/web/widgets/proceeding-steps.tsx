/**
 * 办理记录 (issue 28): the steps of a 盘活方案, a 闲置土地 case or a 亩均 batch — who, when, from which
 * state to which, and the note — as one table, with the export of the same list. The feature hands
 * in the rows and the export call of its own endpoint.
 */
import { Space, Table, Typography } from 'antd'
import { ExportButton } from '../ui/export-button'
import { formatTime } from './format-time'
import type { ProceedingStep } from '../../domain/contracts/proceeding'

/** The 办理记录 table of one subject. */
export function ProceedingSteps({
  steps,
  loading,
  onExport,
  testId,
}: {
  steps: readonly ProceedingStep[] | undefined
  loading?: boolean
  onExport?: () => Promise<void>
  testId: string
}) {
  return (
    <section data-testid={testId} style={{ marginTop: 8 }}>
      <Space style={{ marginBottom: 4 }}>
        <Typography.Text strong>办理记录</Typography.Text>
        {onExport && <ExportButton onExport={onExport} testId={`${testId}-export`} />}
      </Space>
      <Table<ProceedingStep>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={steps ? [...steps] : []}
        locale={{ emptyText: '暂无办理记录' }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 160, render: (v: string) => formatTime(v) },
          { title: '办理人', dataIndex: 'actor', width: 100 },
          { title: '环节', dataIndex: 'action', width: 120 },
          { title: '状态', width: 150, render: (_: unknown, s) => (s.from || s.to ? `${s.from || '—'} → ${s.to || '—'}` : '—') },
          { title: '说明', dataIndex: 'note' },
        ]}
      />
    </section>
  )
}
