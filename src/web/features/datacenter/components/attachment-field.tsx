/**
 * 附件 of a record form (土地出让合同 PDF, 现场照片, 勘测报告 …): pick one or more files, each is
 * uploaded to the file store at once with its progress shown, then listed with name and size and
 * removable until the form is saved. The form's value is the list; the submission carries the ids.
 */
import { PaperClipOutlined } from '@ant-design/icons'
import { App, Button, Progress, Typography, Upload } from 'antd'
import { useRef, useState } from 'react'
import { DOCUMENT_EXTENSIONS } from '../../../../domain/contracts/base-file'
import { MAX_ATTACHMENTS, type AttachmentView } from '../../../../domain/contracts/datacenter'
import { toApiError } from '../../../core/http-catalogue'
import { selectUser, useSession } from '../../../core/session'
import { useFileLimits } from '../../../core/calls/query-file-limits'
import { deleteAttachment } from '../api/delete-attachment'
import { uploadAttachment } from '../api/upload-attachment'
import { AttachmentList } from './attachment-list'

interface Sending {
  uid: string
  name: string
  /** null while it waits for the files picked before it */
  percent: number | null
}

/** The form control (antd Form.Item passes value and onChange). */
export function AttachmentField({
  value,
  onChange,
  disabled,
}: {
  value?: AttachmentView[]
  onChange?: (v: AttachmentView[]) => void
  disabled?: boolean
}) {
  const { message } = App.useApp()
  const limits = useFileLimits()
  const me = useSession(selectUser)
  const [sending, setSending] = useState<Sending[]>([])
  // uploads finish in any order: each adds to the newest list, not to the one of its render
  const latest = useRef<AttachmentView[]>(value ?? [])
  latest.current = value ?? []
  const set = (v: AttachmentView[]) => {
    latest.current = v
    onChange?.(v)
  }
  // files uploaded in this form and not saved yet: removing one also removes it from the store
  const fresh = useRef(new Set<number>())
  // one upload at a time, in the order picked: the list keeps that order
  const queue = useRef<Promise<void>>(Promise.resolve())
  const maxMb = limits.data ? Math.round(limits.data.maxBytes / 1024 / 1024) : null

  const pick = (file: File & { uid: string }) => {
    if (limits.data && file.size > limits.data.maxBytes) {
      message.error(`「${file.name}」超过大小上限 ${maxMb} MB`)
      return
    }
    setSending((s) => [...s, { uid: file.uid, name: file.name, percent: null }])
    queue.current = queue.current.then(() => send(file))
  }

  const send = async (file: File & { uid: string }) => {
    if (latest.current.length >= MAX_ATTACHMENTS) {
      message.error(`附件最多${MAX_ATTACHMENTS}个，「${file.name}」未上传`)
      setSending((s) => s.filter((x) => x.uid !== file.uid))
      return
    }
    setSending((s) => s.map((x) => (x.uid === file.uid ? { ...x, percent: 0 } : x)))
    try {
      const a = await uploadAttachment(file, (f) =>
        setSending((s) => s.map((x) => (x.uid === file.uid ? { ...x, percent: Math.round(f * 100) } : x))),
      )
      fresh.current.add(a.id)
      // the upload answers the account name; lists show people by their real names
      set([...latest.current, { ...a, uploadedByName: me?.realName || a.uploadedByName }])
    } catch (err) {
      message.error(`「${file.name}」上传失败：${toApiError(err).message}`)
    } finally {
      setSending((s) => s.filter((x) => x.uid !== file.uid))
    }
  }

  const remove = (a: AttachmentView) => {
    set(latest.current.filter((x) => x.id !== a.id))
    if (fresh.current.delete(a.id)) void deleteAttachment(a.id).catch(() => undefined)
  }

  return (
    <div data-testid="attachment-field">
      <Upload
        accept={DOCUMENT_EXTENSIONS.join(',')}
        multiple
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          pick(file)
          return false
        }}
      >
        <Button icon={<PaperClipOutlined />} disabled={disabled} data-testid="attachment-add">
          添加附件
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
        如土地出让合同、现场照片、勘测报告；可多选{maxMb ? `，单个不超过 ${maxMb} MB` : ''}
      </Typography.Text>
      {sending.map((x) => (
        <div key={x.uid} data-testid="attachment-progress" style={{ marginTop: 6 }}>
          <Typography.Text ellipsis style={{ maxWidth: '100%' }}>
            {x.percent === null ? '等待上传' : '正在上传'}「{x.name}」
          </Typography.Text>
          <Progress percent={x.percent ?? 0} size="small" status={x.percent === null ? 'normal' : 'active'} />
        </div>
      ))}
      <div style={{ marginTop: 6 }}>
        <AttachmentList files={value ?? []} onRemove={disabled ? undefined : remove} empty="尚未添加附件" testId="attachment-field-list" />
      </div>
    </div>
  )
}
