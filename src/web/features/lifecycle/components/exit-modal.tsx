/**
 * 退出: a broken contract — the date (between signing and today), the reason, and what happens to
 * the land (收回 sends the parcel's 已收回 to the data centre for audit). Asks once more before it
 * writes, as it cannot be undone.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, DatePicker, Form, Input, Modal, Radio } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import { exitProjectBody, type ProjectRow } from '../../../../domain/contracts/lifecycle-project'
import { EXIT_OUTCOMES, type ExitOutcome } from '../../../../domain/lifecycle'
import { ApiError } from '../../../core/api'
import { LIFECYCLE_KEY } from '../api/list-stage-projects'
import { exitProject } from '../api/project-writes'
import { enterMovesOn } from '../../../ui/form-keys'
import { productToday } from '../../../core/product-today'

interface Values {
  date?: Dayjs
  reason?: string
  outcome?: ExitOutcome
}

const OUTCOME_HINT: Record<ExitOutcome, string> = {
  收回: '土地收回：地块状态变更为已收回（提交数据中心审核），可纳入闲置盘活处置',
  保留: '土地保留原状：地块信息不变',
  转让: '土地依法转让：地块信息待受让方另行登记',
}

/** The modal; `project` null = closed. */
export function ExitModal({ project, onClose }: { project: ProjectRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  const outcome = Form.useWatch('outcome', form)

  useEffect(() => {
    if (project) {
      form.resetFields()
      setProblem(null)
    }
  }, [project, form])

  const write = async (body: ReturnType<typeof exitProjectBody.parse>) => {
    setBusy(true)
    setProblem(null)
    try {
      const done = await exitProject(body)
      message.success(done.message)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const onFields = e.details
        .filter((d) => d.field === 'date' || d.field === 'reason' || d.field === 'outcome')
        .map((d) => ({ name: d.field as keyof Values, errors: [d.message] }))
      form.setFields(onFields)
      if (onFields.length === 0) setProblem(e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: LIFECYCLE_KEY })
    }
  }

  const submit = (v: Values) => {
    if (!project) return
    const body = exitProjectBody.safeParse({
      id: project.id,
      date: v.date?.format('YYYY-MM-DD'),
      reason: v.reason ?? '',
      outcome: v.outcome,
    })
    if (!body.success) {
      setProblem(body.error.issues[0]?.message ?? '输入有误')
      return
    }
    modal.confirm({
      title: `确认「${project.name}」退出？`,
      content: `退出后不能再登记后续阶段，也不能撤销。${OUTCOME_HINT[body.data.outcome]}。`,
      okText: '确认退出',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => write(body.data),
    })
  }

  const today = productToday().endOf('day')
  const signed = project?.dates.xmqy ? dayjs(project.dates.xmqy).startOf('day') : null
  return (
    <Modal
      title={project ? `项目退出 · ${project.name}` : '项目退出'}
      open={project !== null}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText="登记退出"
      okButtonProps={{ danger: true, 'data-testid': 'exit-submit' }}
      cancelText="取消"
      destroyOnHidden
      data-testid="exit-modal"
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="exit-problem" />}
      <Form<Values>
        form={form}
        layout="vertical"
        onKeyDown={enterMovesOn()}
        onFinish={submit}
        disabled={busy}
        initialValues={{ outcome: '收回' }}
      >
        <Form.Item
          name="date"
          label="退出日期"
          rules={[{ required: true, message: '请选择退出日期' }]}
          extra={signed ? `可选 ${signed.format('YYYY-MM-DD')} 至今天` : undefined}
        >
          <DatePicker
            style={{ width: 220 }}
            data-testid="exit-date"
            disabledDate={(d) => d.isAfter(today) || (signed !== null && d.isBefore(signed))}
          />
        </Form.Item>
        <Form.Item name="reason" label="退出原因" rules={[{ required: true, message: '请填写退出原因' }]}>
          <Input.TextArea
            rows={3}
            maxLength={200}
            showCount
            placeholder="如：超过约定开工期限未开工，解除出让合同"
            data-testid="exit-reason"
          />
        </Form.Item>
        <Form.Item
          name="outcome"
          label="土地处置"
          rules={[{ required: true, message: '请选择土地处置方式' }]}
          extra={outcome ? OUTCOME_HINT[outcome] : undefined}
        >
          <Radio.Group
            options={EXIT_OUTCOMES.map((o) => ({ value: o, label: o === '保留' ? '保留原状' : o }))}
            data-testid="exit-outcome"
          />
        </Form.Item>
      </Form>
    </Modal>
  )
}
