/**
 * 加减分事项 (a tab of 评价标准): the 加分 / 减分 / 一票否决 events of the year's enterprises with their
 * evidence — search, page, add (the items offered are those of the enterprise's county model),
 * edit with a reason, delete with a reason after a confirmation, and each enterprise's change
 * history. The next 试算 of the year reads the events as they stand.
 */
import { App, Button, DatePicker, Form, Input, Modal, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { useState } from 'react'
import dayjs, { type Dayjs } from 'dayjs'
import { useAction } from '../../../ui/use-action'
import {
  APPRAISAL_KEY,
  deleteEvent,
  saveEvent,
  useEventHistory,
  useEventItems,
  useEvents,
  useInputList,
  type EventRow,
} from '../api/appraisal-api'

const KIND_COLORS: Record<string, string> = { 加分: 'green', 减分: 'orange', 一票否决: 'red', 未列入模型: 'default' }
const refresh = [APPRAISAL_KEY as unknown as string[]]

/** The events tab of `year` in `regionCode`. */
export function EventsPanel({ year, regionCode }: { year?: number; regionCode?: string }) {
  const [page, setPage] = useState(1)
  const [keyword, setKeyword] = useState('')
  const list = useEvents({ year, regionCode, keyword: keyword || undefined, page, pageSize: 10 }, year !== undefined)
  const [editing, setEditing] = useState<EventRow | 'new' | null>(null)
  const [historyOf, setHistoryOf] = useState<EventRow | null>(null)
  const act = useAction()
  const { message, modal } = App.useApp()

  const remove = (e: EventRow) => {
    let reason = ''
    modal.confirm({
      title: `删除 ${e.enterpriseName} ${e.year}年「${e.name}」？`,
      content: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <span>删除后下次试算不再计入；已发布的结果不变。</span>
          <Input.TextArea placeholder="删除原因（必填）" onChange={(x) => (reason = x.target.value)} data-testid="event-delete-reason" />
        </Space>
      ),
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        if (!reason.trim()) {
          message.warning('请填写删除原因')
          throw new Error('删除原因必填')
        }
        await act(async () => message.success((await deleteEvent({ id: e.id, reason })).message), { refresh })
      },
    })
  }

  const columns: TableColumnsType<EventRow> = [
    {
      title: '企业',
      key: 'e',
      render: (_, e) => (
        <div>
          <div>{e.enterpriseName}</div>
          <div style={{ color: '#9ca3af', fontSize: 12 }}>{e.creditCode}</div>
        </div>
      ),
    },
    { title: '区县', dataIndex: 'countyName', width: 100 },
    { title: '事项', dataIndex: 'name', width: 150 },
    {
      title: '类型',
      key: 'kind',
      width: 110,
      render: (_, e) => (
        <Tag color={KIND_COLORS[e.kind]}>
          {e.kind}
          {e.points !== null ? ` ${e.points > 0 ? '+' : ''}${e.points}` : ''}
        </Tag>
      ),
    },
    { title: '依据', dataIndex: 'evidence' },
    { title: '依据日期', dataIndex: 'evidenceDate', width: 110, render: (d: string | null) => d ?? '—' },
    { title: '维护人', dataIndex: 'updatedBy', width: 90 },
    {
      title: '操作',
      key: 'ops',
      width: 170,
      render: (_, e) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(e)} data-testid={`event-edit-${e.id}`}>
            修改
          </Button>
          <Button type="link" size="small" danger onClick={() => remove(e)} data-testid={`event-delete-${e.id}`}>
            删除
          </Button>
          <Button type="link" size="small" onClick={() => setHistoryOf(e)}>
            记录
          </Button>
        </Space>
      ),
    },
  ]

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input.Search
          placeholder="企业名称或统一社会信用代码"
          allowClear
          onSearch={(v) => {
            setKeyword(v)
            setPage(1)
          }}
          style={{ width: 260 }}
          data-testid="event-search"
        />
        <Button type="primary" onClick={() => setEditing('new')} data-testid="event-add">
          登记事项
        </Button>
        <Typography.Text type="secondary">登记或修改后，下次试算计入；已发布的结果不变</Typography.Text>
      </Space>
      <Table<EventRow>
        size="small"
        rowKey="id"
        data-testid="event-table"
        loading={list.isFetching}
        dataSource={list.data?.list ?? []}
        columns={columns}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          showTotal: (t) => `共 ${t} 项`,
        }}
        locale={{
          emptyText: list.error
            ? `加载失败：${(list.error as Error).message}，请刷新重试`
            : keyword
              ? '没有符合条件的事项，请调整关键字'
              : '该年度还没有登记加减分或一票否决事项：点"登记事项"添加',
        }}
      />
      <EventModal target={editing} year={year} regionCode={regionCode} onClose={() => setEditing(null)} />
      <EventHistoryModal event={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  )
}

type EventForm = { enterpriseId: number; name: string; evidence: string; evidenceDate?: Dayjs; note?: string; reason?: string }

function EventModal({
  target,
  year,
  regionCode,
  onClose,
}: {
  target: EventRow | 'new' | null
  year?: number
  regionCode?: string
  onClose: () => void
}) {
  const [form] = Form.useForm<EventForm>()
  const act = useAction()
  const { message } = App.useApp()
  const [search, setSearch] = useState('')
  const editing = target !== null && target !== 'new' ? target : null
  const enterpriseId = Form.useWatch('enterpriseId', form)
  const enterprises = useInputList(
    { year, regionCode, keyword: search || undefined, page: 1, pageSize: 20 },
    target === 'new' && year !== undefined,
  )
  const items = useEventItems({ enterpriseId, year }, target !== null && !!enterpriseId && year !== undefined)
  return (
    <Modal
      title={editing ? `修改事项：${editing.enterpriseName}` : `登记加减分 / 一票否决事项（${year ?? ''}年）`}
      open={target !== null}
      onCancel={onClose}
      okText="保存"
      cancelText="取消"
      destroyOnHidden
      onOk={async () => {
        const v = await form.validateFields()
        const ok = await act(
          async () =>
            message.success(
              (
                await saveEvent({
                  id: editing?.id,
                  enterpriseId: v.enterpriseId,
                  year: editing?.year ?? year,
                  name: v.name,
                  evidence: v.evidence,
                  evidenceDate: v.evidenceDate ? v.evidenceDate.format('YYYY-MM-DD') : undefined,
                  note: v.note ?? '',
                  reason: v.reason,
                })
              ).message,
            ),
          { refresh },
        )
        if (ok) onClose()
      }}
    >
      <Form
        form={form}
        layout="vertical"
        data-testid="event-form"
        initialValues={
          editing
            ? {
                enterpriseId: editing.enterpriseId,
                name: editing.name,
                evidence: editing.evidence,
                evidenceDate: editing.evidenceDate ? dayjs(editing.evidenceDate) : undefined,
                note: editing.note,
              }
            : {}
        }
      >
        <Form.Item name="enterpriseId" label="企业" rules={[{ required: true, message: '请选择企业' }]}>
          {editing ? (
            <Select disabled options={[{ value: editing.enterpriseId, label: editing.enterpriseName }]} />
          ) : (
            <Select
              showSearch={{ filterOption: false, onSearch: setSearch }}
              placeholder="输入企业名称或信用代码搜索"
              loading={enterprises.isFetching}
              options={(enterprises.data?.list ?? []).map((e) => ({ value: e.enterpriseId, label: `${e.name}（${e.countyName ?? '—'}）` }))}
              notFoundContent="没有找到该年度报送了数据的企业"
              data-testid="event-enterprise"
            />
          )}
        </Form.Item>
        <Form.Item
          name="name"
          label="事项"
          rules={[{ required: true, message: '请选择事项' }]}
          extra="可选事项为企业所在区县该年度评价模型中的加减分和一票否决事项"
        >
          <Select
            placeholder={enterpriseId ? '选择事项' : '请先选择企业'}
            disabled={!enterpriseId}
            options={(items.data ?? []).map((x) => ({
              value: x.name,
              label: `${x.name}（${x.kind}${x.points !== null ? ` ${x.points > 0 ? '+' : ''}${x.points}分` : ''}）`,
            }))}
            data-testid="event-name"
          />
        </Form.Item>
        <Form.Item
          name="evidence"
          label="依据"
          rules={[
            { required: true, whitespace: true, message: '请填写依据，如证书编号、处罚决定书文号、事故调查报告' },
            { max: 200, message: '依据最多200个字' },
          ]}
        >
          <Input placeholder="证书编号、处罚决定书文号、事故调查报告等" data-testid="event-evidence" />
        </Form.Item>
        <Form.Item name="evidenceDate" label="依据日期">
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="note" label="说明" rules={[{ max: 200, message: '说明最多200个字' }]}>
          <Input />
        </Form.Item>
        {editing && (
          <Form.Item name="reason" label="修改原因" rules={[{ required: true, whitespace: true, message: '请填写修改原因' }]}>
            <Input.TextArea rows={2} data-testid="event-reason" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  )
}

function EventHistoryModal({ event, onClose }: { event: EventRow | null; onClose: () => void }) {
  const h = useEventHistory({ enterpriseId: event?.enterpriseId, year: event?.year }, event !== null)
  const text = (x: Record<string, unknown> | null) =>
    x ? `${x.name}；依据：${x.evidence}${x.evidenceDate ? `（${x.evidenceDate}）` : ''}` : '—'
  return (
    <Modal
      title={`事项变更记录：${event?.enterpriseName ?? ''} ${event?.year ?? ''}年`}
      open={event !== null}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="id"
        loading={h.isFetching}
        dataSource={h.data ?? []}
        pagination={{ pageSize: 8, showSizeChanger: false }}
        locale={{ emptyText: '没有变更记录' }}
        columns={[
          { title: '操作', dataIndex: 'action', width: 60 },
          { title: '变更前', key: 'b', render: (_, x) => text(x.before) },
          { title: '变更后', key: 'a', render: (_, x) => text(x.after) },
          { title: '原因', dataIndex: 'reason', render: (r: string) => r || '—' },
          { title: '操作人', dataIndex: 'actor', width: 80 },
          { title: '时间', dataIndex: 'at', width: 160, render: (t: string) => new Date(t).toLocaleString('zh-CN') },
        ]}
      />
    </Modal>
  )
}
