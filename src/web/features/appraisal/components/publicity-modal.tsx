/**
 * 公示 of a 试算 batch (issue 28): the window opens today and holds at least the 公示期 in working
 * days of the product's calendar (系统设置 → 工作日历); the dialog proposes exactly that and says
 * when 发布 becomes possible, or why the chosen window would be refused.
 */
import { Alert, App, DatePicker, Form, Modal, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect } from 'react'
import type { AppraisalBatch } from '../../../../domain/contracts/appraisal'
import { productToday } from '../../../core/product-today'
import { useAction } from '../../../ui/use-action'
import { APPRAISAL_KEY, openPublicity } from '../api/appraisal-api'
import { useWorkCalendars } from '../../../core/calls/query-work-calendar'
import { defaultPublicityWindow, marksOf, publicityWindowNote } from './due-process'

const DAY = 'YYYY-MM-DD'

/** The 公示 dialog of `batch`; closed while it is null. */
export function PublicityModal({ batch, onClose }: { batch: AppraisalBatch | null; onClose: () => void }) {
  const [form] = Form.useForm<{ range: [Dayjs, Dayjs] }>()
  const act = useAction()
  const { message } = App.useApp()
  const year = productToday().year()
  // the window may run into next year: both years' holidays and 调休
  const calendars = useWorkCalendars(batch ? [year, year + 1] : [])
  const loaded = calendars.length > 0 && calendars.every((c) => c.data)
  const error = calendars.find((c) => c.error)?.error
  const first = calendars[0]?.data
  const marks = marksOf(calendars.map((c) => c.data))
  // the server's today (the product's calendar), not the browser's
  const proposed = loaded && first ? defaultPublicityWindow(first.today, first.publicityDays, marks) : null
  const range = Form.useWatch('range', form)
  const batchId = batch?.id
  const [start, end] = [proposed?.start, proposed?.end]
  // once per opening, when the calendar has arrived
  useEffect(() => {
    if (batchId && start && end) form.setFieldsValue({ range: [dayjs(start), dayjs(end)] })
  }, [batchId, start, end, form])
  const note =
    first && range?.[0] && range?.[1]
      ? publicityWindowNote({ start: range[0].format(DAY), end: range[1].format(DAY) }, first.today, first.publicityDays, marks)
      : null
  return (
    <Modal
      title={`公示 ${batch?.countyName ?? ''} ${batch?.year ?? ''}年评价结果`}
      open={batch !== null}
      onCancel={onClose}
      okText="开始公示"
      cancelText="取消"
      okButtonProps={{ disabled: !loaded || note?.ok === false }}
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields()
        const ok = await act(
          async () =>
            message.success(
              (await openPublicity({ batchId: batch!.id, start: v.range[0].format(DAY), end: v.range[1].format(DAY) })).message,
            ),
          { refresh: [APPRAISAL_KEY as unknown as string[]] },
        )
        if (ok) onClose()
      }}
    >
      {error && <Alert type="error" showIcon title={`工作日历读取失败：${error.message}，请关闭后重试`} />}
      {!loaded && !error && <Typography.Text type="secondary">正在读取工作日历…</Typography.Text>}
      <Form form={form} layout="vertical" data-testid="publicity-form" hidden={!loaded}>
        <Form.Item
          name="range"
          label="公示期"
          rules={[{ required: true, message: '请选择公示期' }]}
          extra={first ? `公示期至少${first.publicityDays}个工作日（节假日不计，按系统设置中的工作日历），不能早于今天开始` : undefined}
        >
          <DatePicker.RangePicker disabledDate={(d) => !!first && d.format(DAY) < first.today} />
        </Form.Item>
      </Form>
      {note && <Alert type={note.ok ? 'info' : 'error'} showIcon title={note.text} data-testid="publicity-note" />}
    </Modal>
  )
}
