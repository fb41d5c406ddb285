/**
 * The editor of an evaluation model (drawer): name, description, 认定分值 and the items — each an
 * indicator, a comparison, a threshold in the indicator's unit and a weight — with the live sum of
 * the weights, which must be 100. Checked with the server's own schema before sending; the
 * server's field errors (400) land on their fields, a rule about the whole list above the list,
 * a name already in use (409) on the name.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Drawer, Form, Input, InputNumber, Select, Space, Typography, type FormInstance } from 'antd'
import { useEffect, useState } from 'react'
import {
  EVALUATION_INDICATORS,
  OPERATORS,
  modelAddBody,
  modelUpdateBody,
  type EvaluationIndicator,
  type EvaluationModel,
  type ModelItem,
} from '../../../../domain/contracts/land-evaluation'
import { ApiError } from '../../../core/api'
import { toApiError } from '../../../core/http-catalogue'
import { saveModel } from '../api/save-model'
import { updateModel } from '../api/update-model'
import { OPERATOR_LABEL, formatWeight, unitOf } from './evaluation-format'
import { enterMovesOn } from '../../../ui/form-keys'

/** The form's values: items may be half filled while typing. */
interface ModelForm {
  name: string
  description: string
  passScore: number | null
  items: Partial<ModelItem>[]
}

const INDICATOR_CHOICES = (Object.keys(EVALUATION_INDICATORS) as EvaluationIndicator[]).map((k) => ({
  value: k,
  label: EVALUATION_INDICATORS[k].name,
}))
const OPERATOR_CHOICES = OPERATORS.map((o) => ({ value: o, label: OPERATOR_LABEL[o] }))
const GRID = {
  display: 'grid',
  gridTemplateColumns: '28px minmax(180px, 1.6fr) 76px minmax(130px, 1fr) 110px 32px',
  gap: 8,
  alignItems: 'start',
} as const

/** A field path of the server ("items.0.weight", "items[0].weight") as the form names it. */
export function fieldPath(field: string): (string | number)[] {
  return field
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p))
}

/** Puts field errors on the form; a rule about the whole list (or a field the form lacks) is returned for the list. */
function placeErrors(form: FormInstance<ModelForm>, errors: { field: string; message: string }[]): string[] {
  const loose: string[] = []
  const fields: { name: (string | number)[]; errors: string[] }[] = []
  for (const e of errors) {
    const path = fieldPath(e.field)
    if (path.length === 0 || (path[0] === 'items' && path.length < 3)) loose.push(e.message)
    else if (['name', 'description', 'passScore', 'items'].includes(String(path[0]))) fields.push({ name: path, errors: [e.message] })
    else loose.push(e.message)
  }
  form.setFields(fields as Parameters<typeof form.setFields>[0])
  return loose
}

/** Threshold with the chosen indicator's unit as its addon. */
function ThresholdInput({ form, index }: { form: FormInstance<ModelForm>; index: number }) {
  const indicator = Form.useWatch(['items', index, 'indicator'], form) as EvaluationIndicator | undefined
  const unit = indicator ? unitOf(indicator) || (EVALUATION_INDICATORS[indicator].unit.startsWith('（') ? '是=1，否=0' : '') : ''
  return (
    <Space.Compact block>
      <Form.Item name={[index, 'threshold']} noStyle rules={[{ required: true, message: '请填写阈值' }]}>
        <InputNumber aria-label={`第${index + 1}项阈值`} style={{ width: '100%' }} />
      </Form.Item>
      {unit && <Space.Addon style={{ whiteSpace: 'nowrap' }}>{unit}</Space.Addon>}
    </Space.Compact>
  )
}

/** Props of {@link ModelEditor}. */
export interface ModelEditorProps {
  /** the model edited, 'new' for a new one, null when closed */
  target: EvaluationModel | 'new' | null
  onClose: () => void
}

/** The model drawer. */
export function ModelEditor({ target, onClose }: ModelEditorProps) {
  const [form] = Form.useForm<ModelForm>()
  const [listErrors, setListErrors] = useState<string[]>([])
  const [busy, setBusy] = useState(false)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const editing = target && target !== 'new' ? target : null
  const items = (Form.useWatch('items', form) ?? []) as Partial<ModelItem>[]
  const total = items.reduce((s, i) => s + (typeof i?.weight === 'number' ? i.weight : 0), 0)
  const balanced = Math.abs(total - 100) < 1e-6

  useEffect(() => {
    if (!target) return
    setListErrors([])
    form.resetFields()
    form.setFieldsValue(
      editing
        ? {
            name: editing.name,
            description: editing.description,
            passScore: editing.passScore,
            items: editing.items.map((i) => ({ ...i })),
          }
        : { name: '', description: '', passScore: 60, items: [{ operator: '<' }] },
    )
  }, [target, editing, form])

  const submit = async () => {
    setListErrors([])
    let v: ModelForm
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    const body = {
      ...(editing ? { id: editing.id } : {}),
      name: v.name,
      description: v.description ?? '',
      passScore: v.passScore,
      items: v.items ?? [],
    }
    const parsed = (editing ? modelUpdateBody : modelAddBody).safeParse(body)
    if (!parsed.success) {
      setListErrors(
        placeErrors(
          form,
          parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
        ),
      )
      return
    }
    setBusy(true)
    try {
      const saved = editing ? await updateModel(parsed.data as typeof parsed.data & { id: number }) : await saveModel(parsed.data)
      message.success(`已保存模型“${saved.name}”`)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : toApiError(err)
      if (e.status === 409) form.setFields([{ name: 'name', errors: [e.message] }])
      else if (e.details.length > 0) setListErrors(placeErrors(form, e.details))
      else message.error(e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: ['evaluation', 'models'] })
    }
  }

  return (
    <Drawer
      open={target !== null}
      onClose={onClose}
      size={760}
      title={editing ? `编辑模型“${editing.name}”` : '新建评价模型'}
      destroyOnHidden
      forceRender
      data-testid="model-editor"
      footer={
        <Space style={{ float: 'right' }}>
          <Button onClick={onClose} data-testid="model-cancel">
            取消
          </Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="model-save">
            保存
          </Button>
        </Space>
      }
    >
      <Form<ModelForm>
        form={form}
        layout="vertical"
        requiredMark
        onKeyDown={enterMovesOn(() => form.submit())}
        onFinish={() => void submit()}
        onValuesChange={(changed: Partial<ModelForm>) => 'items' in changed && setListErrors([])}
      >
        <Form.Item
          name="name"
          label="模型名称"
          rules={[
            { required: true, whitespace: true, message: '请填写模型名称' },
            { max: 50, message: '模型名称最多50个字' },
          ]}
        >
          <Input maxLength={50} placeholder="如：开发区低效用地认定模型" />
        </Form.Item>
        <Form.Item name="description" label="说明" rules={[{ max: 500, message: '说明最多500个字' }]}>
          <Input.TextArea rows={2} maxLength={500} placeholder="模型的适用范围、依据等" />
        </Form.Item>
        <Form.Item label="认定分值" required extra="得分（命中各项指标的权重之和）达到该分值的地块认定为疑似低效">
          <Space.Compact>
            <Form.Item name="passScore" noStyle rules={[{ required: true, message: '请填写认定分值' }]}>
              <InputNumber aria-label="认定分值" min={1} max={100} style={{ width: 140 }} />
            </Form.Item>
            <Space.Addon>分</Space.Addon>
          </Space.Compact>
        </Form.Item>

        <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', margin: '4px 0 8px' }}>
          <Typography.Text strong>评价指标</Typography.Text>
          <span data-testid="weight-total" data-total={total} style={{ color: balanced ? '#2f9e44' : '#c8161d', fontWeight: 600 }}>
            权重合计 {formatWeight(total)} / 100 分{balanced ? '' : '（应为100）'}
          </span>
        </div>
        {listErrors.length > 0 && (
          <div data-testid="items-error" style={{ marginBottom: 8 }}>
            <Alert type="error" showIcon title={listErrors.join('；')} />
          </div>
        )}
        <div style={{ ...GRID, color: '#6b7280', fontSize: 12, marginBottom: 4 }} aria-hidden>
          <span>序号</span>
          <span>指标</span>
          <span>比较符</span>
          <span>阈值</span>
          <span>权重</span>
          <span />
        </div>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, i) => (
                <div key={field.key} style={GRID} data-testid={`model-item-${i}`}>
                  <span style={{ lineHeight: '32px', color: '#6b7280' }}>{i + 1}</span>
                  <Form.Item
                    name={[field.name, 'indicator']}
                    rules={[{ required: true, message: '请选择指标' }]}
                    style={{ marginBottom: 12 }}
                  >
                    <Select aria-label={`第${i + 1}项指标`} placeholder="选择指标" options={INDICATOR_CHOICES} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'operator']} rules={[{ required: true, message: '请选择' }]} style={{ marginBottom: 12 }}>
                    <Select aria-label={`第${i + 1}项比较符`} options={OPERATOR_CHOICES} />
                  </Form.Item>
                  <Form.Item style={{ marginBottom: 12 }}>
                    <ThresholdInput form={form} index={field.name} />
                  </Form.Item>
                  <Form.Item style={{ marginBottom: 12 }}>
                    <Space.Compact block>
                      <Form.Item name={[field.name, 'weight']} noStyle rules={[{ required: true, message: '请填写权重' }]}>
                        <InputNumber aria-label={`第${i + 1}项权重`} min={0} max={100} style={{ width: '100%' }} />
                      </Form.Item>
                      <Space.Addon>分</Space.Addon>
                    </Space.Compact>
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`删除第${i + 1}项`}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </div>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({ operator: '<' })}
                disabled={fields.length >= 20}
                data-testid="model-item-add"
              >
                添加指标
              </Button>
            </>
          )}
        </Form.List>
        {/* Enter submits */}
        <button type="submit" hidden aria-hidden />
      </Form>
    </Drawer>
  )
}
