/** 办理记录: the steps of a batch, model, norm change or 异议 — who, when, from which state to which, the note — and their export. */
import { Drawer, Table } from 'antd'
import { ExportButton } from '../../../ui/export-button'
import { emptyState, LoadError } from '../../../ui/list-shell'
import { formatTime } from '../../../widgets/format-time'
import { exportSteps } from '../api/export-steps'
import { useSteps, type ProceedingStep, type StepSubject } from '../api/list-steps'

/** What the drawer shows: a subject and the title naming it. */
export interface StepsTarget {
  subject: StepSubject
  id: number
  title: string
}

/** The 办理记录 drawer; closed while `target` is null. */
export function StepsDrawer({ target, onClose }: { target: StepsTarget | null; onClose: () => void }) {
  const steps = useSteps(target && { subject: target.subject, id: target.id })
  return (
    <Drawer
      title={`办理记录：${target?.title ?? ''}`}
      open={target !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      data-testid="steps-drawer"
      extra={
        target && (
          <ExportButton testId="steps-export" onExport={() => exportSteps(target.subject, target.id, `办理记录_${target.title}.xlsx`)}>
            导出
          </ExportButton>
        )
      }
    >
      {steps.error && <LoadError error={steps.error} onRetry={() => void steps.refetch()} />}
      <Table<ProceedingStep>
        size="small"
        rowKey="id"
        data-testid="steps-table"
        loading={steps.isFetching}
        dataSource={steps.data ?? []}
        pagination={false}
        locale={{ emptyText: emptyState('还没有办理记录') }}
        columns={[
          { title: '时间', dataIndex: 'at', width: 160, render: (v: string) => formatTime(v) },
          { title: '办理事项', dataIndex: 'action', width: 130 },
          {
            title: '状态',
            key: 'state',
            width: 130,
            render: (_, s) => (s.from || s.to ? `${s.from || '—'} → ${s.to || '—'}` : '—'),
          },
          { title: '办理人', dataIndex: 'actor', width: 110 },
          { title: '说明', dataIndex: 'note', render: (v: string) => v || '—' },
        ]}
      />
    </Drawer>
  )
}
