/**
 * The modal form of a feature's small writes (整治提升: 核查, 方案, 报告进展, 办结; 盘活: 认定, 复核剔除,
 * 报告进度, 督办, 回复, 办结): the values become the request body, checked with the server's own
 * schema; the answer is shown in the server's words — its message on success, its field errors
 * under their fields, anything else (a second plan of the year, a plan closed meanwhile) above the
 * form. Typed but unsaved input asks before it is closed or the page is left (issue 18); Enter
 * moves to the next field, Ctrl/⌘ + Enter sends. Every answer refreshes the feature's lists
 * (`refresh`), since a refusal usually means they were stale.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Alert, App, Form, Modal, type FormInstance } from 'antd'
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { ApiError } from '../core/api'
import type { Said } from '../core/post-saying'
import { enterMovesOn } from './form-keys'
import { useConfirmDiscard, useUnsavedMark } from './unsaved-changes'

/** A server field path (`parcels.0.plannedAreaMu`) as an antd name path. */
export const namePath = (field: string): (string | number)[] => field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p))

/**
 * Whether a server field belongs to the form: named in `fields`, or under a `name.*` entry of it
 * (`parcels.*` takes `parcels.0.plannedAreaMu` but not `parcels` itself, which goes above the form).
 */
export const holdsField = (fields: readonly string[], field: string) =>
  fields.includes(field) || (field.includes('.') && fields.includes(`${field.split('.')[0]}.*`))

/**
 * Puts errors on the fields the form holds (see {@link holdsField}) and shows (a field of the list
 * with no input of its own, such as `parcels.0.parcelId`, would swallow its error); returns the
 * others, for above the form.
 */
export function placeErrors(
  form: Pick<FormInstance, 'getFieldsError' | 'setFields'>,
  fields: readonly string[],
  errors: { field: string; message: string }[],
) {
  const shown = new Set(form.getFieldsError().map((f) => f.name.join('.')))
  const mine = errors.filter((e) => holdsField(fields, e.field) && shown.has(namePath(e.field).join('.')))
  form.setFields(mine.map((e) => ({ name: namePath(e.field) as never, errors: [e.message] })))
  return errors.filter((e) => !mine.includes(e))
}

/** Props of {@link WriteFormModal}. */
export interface WriteFormModalProps<V extends object, S extends z.ZodType> {
  title: ReactNode
  open: boolean
  okText: string
  /** names the form's root and its OK button (`<testId>-ok`) */
  testId: string
  /** the form's field names (`name.*` for a list or group): server errors on these go under the field, others above the form */
  fields: readonly string[]
  initialValues?: Partial<V>
  /** the request body's schema (shared with the server) */
  schema: S
  /** form values → the body before the schema's check (dates to YYYY-MM-DD, ids added) */
  toBody: (values: V) => z.input<S>
  send: (body: z.output<S>) => Promise<Said<unknown>>
  onClose: () => void
  /** the queries every answer refreshes */
  refresh: QueryKey
  /** facts shown above the form (which enterprise, which plan) */
  facts?: ReactNode
  children: (form: FormInstance<V>) => ReactNode
  width?: number
}

/** A write's modal form. */
export function WriteFormModal<V extends object, S extends z.ZodType>({
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
  refresh,
  facts,
  children,
  width = 560,
}: WriteFormModalProps<V, S>) {
  const [form] = Form.useForm<V>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [dirty, setDirty] = useState(false)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  useUnsavedMark(`write-${testId}-${useId()}`, open && dirty)
  const confirmDiscard = useConfirmDiscard()

  // a fresh form each time it opens: the last record's values must not linger
  useEffect(() => {
    if (open) {
      form.resetFields()
      setProblem(null)
    }
    setDirty(false)
  }, [open, form])

  const cancel = () =>
    void confirmDiscard().then((go) => {
      if (!go) return
      setDirty(false)
      onClose()
    })

  const submit = async (values: V) => {
    setProblem(null)
    const parsed = schema.safeParse(toBody(values))
    if (!parsed.success) {
      const rest = placeErrors(
        form,
        fields,
        parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      )
      if (rest.length) setProblem(rest[0].message)
      return
    }
    setBusy(true)
    try {
      const said = await send(parsed.data)
      message.success(said.message)
      setDirty(false)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const rest = placeErrors(form, fields, e.details)
      if (rest.length || e.details.length === 0) setProblem(rest[0]?.message ?? e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: refresh })
    }
  }

  return (
    <Modal
      title={title}
      open={open}
      onOk={() => form.submit()}
      onCancel={cancel}
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
            onKeyDown={enterMovesOn(() => form.submit())}
            onValuesChange={() => setDirty(true)}
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
