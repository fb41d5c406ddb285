/**
 * The modal form of every 整治提升 write (核查, 制定/编辑方案, 报告进展, 办结): the values are turned
 * into the request body and checked with the server's own schema; the answer is shown in the
 * server's words — its message on success, its field errors under their fields, anything else
 * (a second plan of the year, a plan closed meanwhile) above the form. Every answer refreshes the
 * 整治提升 lists, since a refusal usually means they were stale.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Modal, type FormInstance } from 'antd'
import { useEffect, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { ApiError } from '../../../core/api'
import type { Said } from '../../../core/post-saying'
import { REGULATION_KEY } from '../api/query-keys'
import { enterMovesOn } from '../../../ui/form-keys'

/** Props of {@link RegulationFormModal}. */
export interface RegulationFormModalProps<V extends object, S extends z.ZodType> {
  title: ReactNode
  open: boolean
  okText: string
  /** names the form's root and its OK button (`<testId>-ok`) */
  testId: string
  /** the form's field names: server errors on these go under the field, others above the form */
  fields: readonly (keyof V & string)[]
  initialValues?: Partial<V>
  /** the request body's schema (shared with the server) */
  schema: S
  /** form values → the body before the schema's check (dates to YYYY-MM-DD, ids added) */
  toBody: (values: V) => z.input<S>
  send: (body: z.output<S>) => Promise<Said<unknown>>
  onClose: () => void
  /** facts shown above the form (which enterprise, which plan) */
  facts?: ReactNode
  children: (form: FormInstance<V>) => ReactNode
  width?: number
}

/** A write's modal form. */
export function RegulationFormModal<V extends object, S extends z.ZodType>({
  title,
  open,
  okText,
  testId,
  fields,
  initialValues,
  schema,
  toBody,
  send,
  onClose,
  facts,
  children,
  width = 560,
}: RegulationFormModalProps<V, S>) {
  const [form] = Form.useForm<V>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { message } = App.useApp()
  const queryClient = useQueryClient()

  // a fresh form each time it opens: the values of the last enterprise must not linger
  useEffect(() => {
    if (open) {
      form.resetFields()
      setProblem(null)
    }
  }, [open, form])

  /** Puts errors on the form's own fields; the rest come back. */
  const onFields = (errors: { field: string; message: string }[]) => {
    const mine = errors.filter((e) => (fields as readonly string[]).includes(e.field))
    form.setFields(mine.map((e) => ({ name: e.field as never, errors: [e.message] })))
    return errors.filter((e) => !mine.includes(e))
  }

  const submit = async (values: V) => {
    setProblem(null)
    const parsed = schema.safeParse(toBody(values))
    if (!parsed.success) {
      const rest = onFields(parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message })))
      if (rest.length) setProblem(rest[0].message)
      return
    }
    setBusy(true)
    try {
      const said = await send(parsed.data)
      message.success(said.message)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const rest = onFields(e.details)
      if (rest.length || e.details.length === 0) setProblem(rest[0]?.message ?? e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: REGULATION_KEY })
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText={okText}
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
      cancelText="取消"
      width={width}
      destroyOnHidden
    >
      {open && (
        <>
          {facts}
          {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid={`${testId}-problem`} />}
          <Form<V>
            form={form}
            layout="vertical"
            initialValues={initialValues}
            onKeyDown={enterMovesOn()}
            onFinish={(v) => void submit(v)}
            disabled={busy}
            data-testid={testId}
          >
            {children(form)}
          </Form>
        </>
      )}
    </Modal>
  )
}
