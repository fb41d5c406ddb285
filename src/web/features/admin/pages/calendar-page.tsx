/**
 * 工作日历 (/admin/setting/calendar, issue 28): the holidays and 调休 working days of a year as the
 * 国务院办公厅 notice sets them, the year's working-day count, and the due-process periods counted
 * on it — the 公示期 of a 亩均 batch and the days a land holder has to ask for a 听证.
 */
import { PlusOutlined } from '@ant-design/icons'
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useState } from 'react'
import type { CalendarDay } from '../../../../domain/contracts/work-calendar'
import { calendarSaveBody, dueSettingsBody } from '../../../../domain/contracts/work-calendar'
import { ApiError } from '../../../core/api'
import { productToday } from '../../../core/product-today'
import { fieldRule, showFieldErrors } from '../../../ui/form-modal'
import { emptyState, ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { deleteCalendarDay } from '../api/delete-calendar-day'
import { useWorkCalendar, WORK_CALENDAR_KEY } from '../../../core/calls/query-work-calendar'
import { saveCalendarDay } from '../api/save-calendar-day'
import { saveDueSettings } from '../api/save-due-settings'

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六']
const MARKS = { 休: '节假日（休）', 班: '调休上班（班）' } as const

/** 工作日历 */
export function CalendarPage() {
  const thisYear = productToday().year()
  const [year, setYear] = useState(thisYear)
  const calendar = useWorkCalendar(year)
  const act = useAction()
  const { message } = App.useApp()
  const [editing, setEditing] = useState<CalendarDay | 'new' | null>(null)
  const c = calendar.data?.year === year ? calendar.data : undefined

  const columns: TableColumnsType<CalendarDay> = [
    { title: '日期', dataIndex: 'day', width: 130 },
    { title: '星期', key: 'weekday', width: 70, render: (_, d) => `周${WEEKDAYS[dayjs(d.day).day()]}` },
    {
      title: '类型',
      dataIndex: 'mark',
      width: 140,
      render: (m: CalendarDay['mark']) => <Tag color={m === '休' ? 'red' : 'blue'}>{MARKS[m]}</Tag>,
    },
    { title: '名称', dataIndex: 'name' },
    { title: '维护人', dataIndex: 'updatedBy', width: 120, render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'ops',
      width: 130,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(d)} data-testid={`calendar-edit-${d.day}`}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            data-testid={`calendar-delete-${d.day}`}
            onClick={() =>
              act(async () => message.success((await deleteCalendarDay(d.day)).message), {
                confirm: {
                  title: `删除 ${d.day}（${d.name}）？`,
                  content: `删除后该日按星期计算是否工作日（周${WEEKDAYS[dayjs(d.day).day()]}），已开始的公示期和听证期限不受影响，新的期限按新日历计算。`,
                },
                refresh: [WORK_CALENDAR_KEY as unknown as string[]],
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <ListShell
      title="工作日历"
      intro="法定节假日和调休上班日，以及按工作日计算的办理期限（亩均评价公示期、闲置土地听证申请期限）"
      testId="admin-calendar-page"
      error={calendar.error}
      onRetry={() => void calendar.refetch()}
      toolbar={
        <Space wrap>
          <Select
            aria-label="年度"
            value={year}
            onChange={setYear}
            style={{ width: 120 }}
            data-testid="calendar-year"
            options={[-2, -1, 0, 1, 2].map((d) => ({ value: thisYear + d, label: `${thisYear + d}年` }))}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="calendar-add">
            新增节假日/调休
          </Button>
        </Space>
      }
    >
      <Space align="start" size={16} wrap style={{ marginBottom: 16 }}>
        <Card size="small" style={{ minWidth: 200 }}>
          <Statistic title={`${year}年工作日`} value={c?.workingDays ?? '—'} suffix="天" data-testid="calendar-working-days" />
        </Card>
        <DueSettings publicityDays={c?.publicityDays} hearingDays={c?.hearingDays} />
      </Space>
      <Table<CalendarDay>
        size="small"
        rowKey="day"
        data-testid="calendar-table"
        loading={calendar.isFetching}
        dataSource={c?.days ?? []}
        columns={columns}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false, showTotal: (t) => `共 ${t} 天` }}
        locale={{
          emptyText: emptyState(
            `${year}年还没有节假日或调休：国务院办公厅公布放假安排后，点“新增节假日/调休”逐日录入；未录入时按周一至周五计算工作日`,
          ),
        }}
      />
      <DayModal day={editing} year={year} onClose={() => setEditing(null)} />
    </ListShell>
  )
}

/** 公示期 and 听证申请期限 in working days, saved together. */
function DueSettings({ publicityDays, hearingDays }: { publicityDays?: number; hearingDays?: number }) {
  const [form] = Form.useForm<{ publicityDays: number; hearingDays: number }>()
  const act = useAction()
  const { message } = App.useApp()
  useEffect(() => {
    if (publicityDays !== undefined && hearingDays !== undefined) form.setFieldsValue({ publicityDays, hearingDays })
  }, [publicityDays, hearingDays, form])
  return (
    <Card size="small" title="办理期限（按工作日）">
      <Form
        form={form}
        layout="inline"
        data-testid="calendar-settings"
        onFinish={(v) =>
          act(async () => message.success((await saveDueSettings(v)).message), {
            refresh: [WORK_CALENDAR_KEY as unknown as string[]],
          })
        }
      >
        <Form.Item
          name="publicityDays"
          label="亩均评价公示期"
          rules={[{ required: true, message: '请填写公示期' }, fieldRule(dueSettingsBody, 'publicityDays')]}
        >
          <InputNumber min={5} max={30} precision={0} addonAfter="个工作日" style={{ width: 150 }} data-testid="calendar-publicity-days" />
        </Form.Item>
        <Form.Item
          name="hearingDays"
          label="听证申请期限"
          rules={[{ required: true, message: '请填写听证申请期限' }, fieldRule(dueSettingsBody, 'hearingDays')]}
        >
          <InputNumber min={3} max={30} precision={0} addonAfter="个工作日" style={{ width: 150 }} data-testid="calendar-hearing-days" />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" data-testid="calendar-settings-save">
            保存
          </Button>
        </Form.Item>
      </Form>
    </Card>
  )
}

/** A new marked day (`'new'`) or a change of one (its date stays). */
function DayModal({ day, year, onClose }: { day: CalendarDay | 'new' | null; year: number; onClose: () => void }) {
  const [form] = Form.useForm<{ day: Dayjs; mark: '休' | '班'; name: string }>()
  const act = useAction()
  const { message } = App.useApp()
  const current = day && day !== 'new' ? day : null
  useEffect(() => {
    if (!day) return
    form.resetFields()
    form.setFieldsValue(current ? { day: dayjs(current.day), mark: current.mark, name: current.name } : { mark: '休' })
  }, [day, current, form])
  const submit = async () => {
    const v = await form.validateFields()
    await act(
      async () => {
        try {
          message.success((await saveCalendarDay({ day: v.day.format('YYYY-MM-DD'), mark: v.mark, name: v.name })).message)
          onClose()
        } catch (e) {
          if (e instanceof ApiError && showFieldErrors(form, e.details ?? [])) return
          throw e
        }
      },
      { refresh: [WORK_CALENDAR_KEY as unknown as string[]] },
    )
  }
  return (
    <Modal
      title={current ? `编辑 ${current.day}` : '新增节假日/调休'}
      open={day !== null}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      onOk={submit}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="calendar-day-form" onFinish={submit}>
        <Form.Item name="day" label="日期" rules={[{ required: true, message: '请选择日期' }]}>
          <DatePicker
            disabled={!!current}
            style={{ width: '100%' }}
            defaultPickerValue={dayjs(`${year}-01-01`)}
            data-testid="calendar-day"
          />
        </Form.Item>
        <Form.Item
          name="mark"
          label="类型"
          rules={[{ required: true, message: '请选择类型' }]}
          extra="节假日：该日不计工作日；调休上班：周六或周日上班，计为工作日"
        >
          <Select options={(['休', '班'] as const).map((m) => ({ value: m, label: MARKS[m] }))} data-testid="calendar-mark" />
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[{ required: true, whitespace: true, message: '请填写名称，如 春节' }, fieldRule(calendarSaveBody, 'name')]}
        >
          <Input maxLength={40} placeholder="如 春节、国庆节调休" data-testid="calendar-name" />
        </Form.Item>
        {/* Enter in a field saves, as the dialog's 保存 does */}
        <button type="submit" hidden />
      </Form>
    </Modal>
  )
}
