/**
 * The record editor in a drawer: a change of a master record, or one's draft or returned
 * submission (its proposal is read from the submission first).
 */
import { Drawer, Spin } from 'antd'
import type { SubmissionSaved } from '../../../../domain/contracts/datacenter'
import { RECORD_KIND_LABEL, type RecordKind } from '../../../../domain/datacenter/standard'
import { LoadError } from '../../../ui/list-shell'
import { useConfirmDiscard } from '../../../ui/unsaved-changes'
import { useSubmissionDetails } from '../api/get-submission-details'
import { RecordEditor } from './record-editor'

/** What the drawer opens. */
export type DrawerTarget =
  { kind: RecordKind; targetId: number; title: string } | { kind: RecordKind; submissionId: number; title: string } | null

/** The editor drawer; closes itself after a save. */
export function EditorDrawer({
  target,
  onClose,
  onSaved,
}: {
  target: DrawerTarget
  onClose: () => void
  onSaved?: (s: SubmissionSaved) => void
}) {
  const draftId = target && 'submissionId' in target ? target.submissionId : null
  const draft = useSubmissionDetails(draftId)
  const confirmDiscard = useConfirmDiscard()
  // closing with unsaved input asks first (the session keeps it as a draft)
  const close = () => void confirmDiscard().then((go) => go && onClose())
  const done = (s: SubmissionSaved) => {
    onSaved?.(s)
    onClose()
  }
  let body = null
  if (target && 'targetId' in target)
    body = <RecordEditor kind={target.kind} target={{ mode: 'update', targetId: target.targetId }} onDone={done} />
  else if (target && draft.error) body = <LoadError error={draft.error as Error} onRetry={() => void draft.refetch()} />
  else if (target && draft.data) {
    const s = draft.data.submission
    body = (
      <RecordEditor
        kind={target.kind}
        target={{
          mode: 'draft',
          id: s.id,
          targetId: s.targetId,
          payload: draft.data.after ?? {},
          remark: s.remark,
          attachments: draft.data.attachments,
          reason: s.state === '已退回' ? s.reason : null,
        }}
        onDone={done}
      />
    )
  } else if (target) body = <Spin style={{ display: 'block', margin: 48 }} />
  return (
    <Drawer
      open={target !== null}
      onClose={close}
      size={1240}
      destroyOnHidden
      title={target ? `${target.title}` : ''}
      data-testid="editor-drawer"
    >
      {target && <div data-kind={RECORD_KIND_LABEL[target.kind]}>{body}</div>}
    </Drawer>
  )
}
