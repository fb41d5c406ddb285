/**
 * 开始评价: pick a model and a year, then the server scores every parcel of the user's scope. A run
 * takes a few seconds: the modal shows that it is working and for how long, and cannot be closed
 * half-way; the server's message shows when it fails.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Form, Modal, Progress, Select, Typography } from 'antd'
import { useEffect, useState } from 'react'
import type { EvaluationRun } from '../../../../domain/contracts/land-evaluation'
import { toApiError } from '../../../core/http-catalogue'
import { useModels } from '../api/list-models'
import { useYears } from '../../../widgets/use-years'
import { YearSelect } from '../../../widgets/year-select'
import { runEvaluation } from '../api/run-evaluation'
import { formatCount, itemText } from './evaluation-format'

/** Props of {@link RunModal}. */
export interface RunModalProps {
  open: boolean
  /** the model chosen when it opens (otherwise the first, the default model) */
  modelId?: number
  onClose: () => void
  /** the finished run */
  onDone: (run: EvaluationRun) => void
}

/** The modal of a new run. */
export function RunModal({ open, modelId, onClose, onDone }: RunModalProps) {
  const [form] = Form.useForm<{ modelId: number; year: number }>()
  const models = useModels()
  const years = useYears()
  const [running, setRunning] = useState(false)
  const [seconds, setSeconds] = useState(0)
  const [failure, setFailure] = useState<string | null>(null)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const chosen = Form.useWatch('modelId', form)
  const model = models.data?.find((m) => m.id === chosen)

  // fill the form when it opens and its choices are known
  const firstModel = models.data?.[0]?.id
  const latest = years.data?.latest
  useEffect(() => {
    if (!open) return
    setFailure(null)
    form.setFieldsValue({ modelId: modelId ?? firstModel, year: latest })
  }, [open, modelId, firstModel, latest, form])

  useEffect(() => {
    if (!running) return
    setSeconds(0)
    const t = setInterval(() => setSeconds((s) => s + 1), 1000)
    return () => clearInterval(t)
  }, [running])

  const start = async () => {
    let v: { modelId: number; year: number }
    try {
      v = await form.validateFields()
    } catch {
      return
    }
    setRunning(true)
    setFailure(null)
    try {
      const run = await runEvaluation({ modelId: v.modelId, year: v.year })
      message.success(`评价完成：参评 ${formatCount(run.parcelCount)} 宗，疑似低效 ${formatCount(run.flaggedCount)} 宗`)
      await queryClient.invalidateQueries({ queryKey: ['evaluation'] })
      onDone(run)
      onClose()
    } catch (err) {
      setFailure(toApiError(err).message)
    } finally {
      setRunning(false)
    }
  }

  return (
    <Modal
      title="开始评价"
      open={open}
      okText={running ? '正在评价…' : '开始评价'}
      cancelText="取消"
      onOk={() => void start()}
      onCancel={() => !running && onClose()}
      confirmLoading={running}
      cancelButtonProps={{ disabled: running }}
      closable={!running}
      mask={{ closable: !running }}
      okButtonProps={{ 'data-testid': 'run-start' }}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" data-testid="run-form" onFinish={() => void start()} disabled={running}>
        <Form.Item name="modelId" label="评价模型" rules={[{ required: true, message: '请选择评价模型' }]}>
          <Select
            data-testid="run-model"
            loading={models.isLoading}
            placeholder="选择评价模型"
            options={(models.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          />
        </Form.Item>
        {model && (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12, fontSize: 12 }} data-testid="run-model-items">
            {model.items.map(itemText).join('；')}；得分 ≥ {model.passScore} 分为疑似低效
          </Typography.Paragraph>
        )}
        <Form.Item
          name="year"
          label="评价年度"
          extra="按该年度的亩均税收等数据评价"
          rules={[{ required: true, message: '请选择评价年度' }]}
        >
          <YearSelect testId="run-year" width="100%" />
        </Form.Item>
        {/* Enter submits */}
        <button type="submit" hidden aria-hidden />
      </Form>
      {running && (
        <div role="status" data-testid="run-progress">
          <Progress percent={100} status="active" showInfo={false} />
          <Typography.Text type="secondary">正在对数据范围内的全部地块逐项评分，已用时 {seconds} 秒…</Typography.Text>
        </div>
      )}
      {failure && <Alert type="error" showIcon title={`评价失败：${failure}`} data-testid="run-error" />}
    </Modal>
  )
}
