/**
 * A modal form validated with the same zod schema as the server (docs/conventions.md "Where state lives"):
 * field rules come from the schema's fields, the whole object is parsed again on submit, and
 * field errors the server sends back (docs/api.md `details`) are shown next to their fields.
 */
import { App, Form, Modal, type FormInstance } from 'antd'
import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { zodRule } from '../../domain/contracts/admin'
import { ApiError } from '../core/api'
import { enterMovesOn } from './form-keys'
import { useConfirmDiscard, useUnsavedMark } from './unsaved-changes'

/** The antd rule of one field of an object schema. */
export function fieldRule(schema: z.ZodObject, name: string) {
  const field = schema.shape[name] as z.ZodType | undefined
  if (!field) throw new Error(`schema has no field ${name}`)
  return zodRule(field)
}

/** Puts zod issues or server details on the form's fields; true when some field took one. */
export function showFieldErrors(form: FormInstance, errors: { field: string; message: string }[]): boolean {
  const names = new Set(Object.keys(form.getFieldsValue(true)))
  const fields = errors.filter((e) => names.has(e.field)).map((e) => ({ name: e.field, errors: [e.message] }))
  form.setFields(fields)
  return fields.length > 0
}

/** A modal with a form; `onSubmit` gets the schema's output and may throw an ApiError. */
export function FormModal<S extends z.ZodObject>({
  title,
  open,
  schema,
  initialValues,
  onSubmit,
  onClose,
  children,
  width = 560,
  okText = '保存',
  testId,
}: {
  title: string
  open: boolean
  schema: S
  initialValues?: Record<string, unknown>
  onSubmit: (values: z.output<S>) => Promise<unknown>
  onClose: () => void
  children: (form: FormInstance) => ReactNode
  width?: number
  okText?: string
  testId?: string
}) {
  const [form] = Form.useForm()
  const [busy, setBusy] = useState(false)
  const { message } = App.useApp()
  // typed but not saved: cancelling or leaving the page asks first (issue 18)
  const [dirty, setDirty] = useState(false)
  useUnsavedMark(`form-modal-${useId()}`, open && dirty)
  const confirmDiscard = useConfirmDiscard()
  const cancel = () =>
    void confirmDiscard().then((go) => {
      if (!go) return
      setDirty(false)
      onClose()
    })

  // fill the form when it opens, not on every render of the parent (initialValues is often a literal)
  const initial = useRef(initialValues)
  initial.current = initialValues
  useEffect(() => {
    if (open) {
      form.resetFields()
      if (initial.current) form.setFieldsValue(initial.current)
    }
    setDirty(false)
  }, [open, form])

  const submit = async () => {
    let values: Record<string, unknown>
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    const parsed = schema.safeParse({ ...initialValues, ...values })
    if (!parsed.success) {
      const shown = showFieldErrors(
        form,
        parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })),
      )
      if (!shown) message.error(parsed.error.issues[0]?.message ?? '输入有误')
      return
    }
    setBusy(true)
    try {
      await onSubmit(parsed.data)
      setDirty(false)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      if (!showFieldErrors(form, e.details)) message.error(e.message)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onOk={submit}
      onCancel={cancel}
      confirmLoading={busy}
      okText={okText}
      cancelText="取消"
      width={width}
      destroyOnHidden
      forceRender
    >
      {/* Enter moves to the next field (a form of one field: Enter submits); Ctrl/⌘ + Enter submits */}
      <Form
        form={form}
        layout="vertical"
        requiredMark
        data-testid={testId}
        onFinish={submit}
        onValuesChange={() => setDirty(true)}
        onKeyDown={enterMovesOn(() => void submit())}
      >
        {children(form)}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Modal>
  )
}
