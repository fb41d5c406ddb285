/** 办理记录: the steps of a batch, model, norm change or 异议 — who, when, from which state to which, the note — and their export. */
import { Drawer } from 'antd'
import { ExportButton } from '../../../ui/export-button'
import { LoadError } from '../../../ui/list-shell'
import { ProceedingSteps } from '../../../widgets/proceeding-steps'
import { exportSteps } from '../api/export-steps'
import { useSteps, type StepSubject } from '../api/list-steps'

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
      <ProceedingSteps steps={steps.data} loading={steps.isFetching} testId="steps-table" />
    </Drawer>
  )
}
