/**
 * 新建分组 / 编辑分组: name and remark validated with the contract's schema (the server's own); Enter
 * in the name moves to the remark, Ctrl/⌘ + Enter submits; a taken name shows the server's 409 message.
 */
import { Form, Input } from 'antd'
import {
  GROUP_KINDS,
  groupAddBody,
  groupUpdateBody,
  type GroupAddBody,
  type GroupKind,
  type GroupUpdateBody,
  type RecordGroup,
} from '../../../../domain/contracts/record-group'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { addGroup } from '../api/add-group'
import { updateGroup } from '../api/update-group'
import { useGroupWrite } from './use-group-write'

/** What the modal edits: a new group or an existing one (null: closed). */
export type GroupEditing = RecordGroup | 'new' | null

/** The modal; `onSaved` gets the saved group (a new one is then chosen). */
export function GroupFormModal({
  kind,
  editing,
  onClose,
  onSaved,
}: {
  kind: GroupKind
  editing: GroupEditing
  onClose: () => void
  onSaved: (g: RecordGroup) => void
}) {
  const write = useGroupWrite(kind)
  const current = editing && editing !== 'new' ? editing : null
  const label = GROUP_KINDS[kind].label
  return (
    <FormModal
      title={current ? `编辑${label}分组“${current.name}”` : `新建${label}分组`}
      open={editing !== null}
      schema={current ? groupUpdateBody : groupAddBody}
      initialValues={current ? { id: current.id, name: current.name, remark: current.remark } : { remark: '' }}
      okText={current ? '保存' : '创建'}
      width={480}
      testId="group-form"
      onClose={onClose}
      onSubmit={async (v) => {
        const saved = await write(() => (current ? updateGroup(kind, v as GroupUpdateBody) : addGroup(kind, v as GroupAddBody)), {
          rethrow: true,
        })
        if (saved) onSaved(saved)
      }}
    >
      {() => (
        <>
          <Form.Item
            label="分组名称"
            name="name"
            rules={[{ required: true, whitespace: true, message: '请填写分组名称' }, fieldRule(groupAddBody, 'name')]}
          >
            <Input
              autoFocus
              maxLength={50}
              showCount
              placeholder={kind === 'parcel' ? '如：开发区重点项目地块' : '如：2026年整治提升企业'}
            />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[fieldRule(groupAddBody, 'remark')]}>
            <Input.TextArea rows={3} maxLength={200} showCount placeholder="分组的用途、来源等（选填）" />
          </Form.Item>
        </>
      )}
    </FormModal>
  )
}
