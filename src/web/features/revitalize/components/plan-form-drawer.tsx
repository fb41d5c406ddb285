/**
 * 制定方案 and 编辑方案 of 盘活方案: a drawer with the plan's parcels on a small map beside the form.
 * The fields follow the 盘活方式 — 收回收储 asks 收储机构 and 补偿金额, 兼并重组 / 协议转让 受让方 and 价款,
 * 用途调整 规划许可号 and 补缴出让金 … (METHOD_FIELDS of src/domain/revitalize.ts); each parcel's planned
 * area is at most its own; targets, start and deadline, 责任单位 and 责任人, milestones. A new plan is
 * saved as a draft or sent for review at once. The server's refusals stand under the field they name;
 * typed but unsaved input asks before the drawer closes or the page is left.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Button, Col, DatePicker, Divider, Drawer, Form, Input, InputNumber, Row, Select, Space, Table, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import { useEffect, useId, useMemo, useState } from 'react'
import { planAddBody, type LedgerRow, type PlanDetail } from '../../../../domain/contracts/revitalize'
import { DETAIL_FIELDS, METHOD_FIELDS, PLAN_METHODS, SUB_METHODS, type DetailField, type PlanMethod } from '../../../../domain/revitalize'
import { roundTo } from '../../../../domain/codes/units'
import { ApiError } from '../../../core/api'
import { enterMovesOn } from '../../../ui/form-keys'
import { useConfirmDiscard, useUnsavedMark } from '../../../ui/unsaved-changes'
import { addPlan } from '../api/add-plan'
import { REVITALIZE_KEY } from '../api/query-keys'
import { updatePlan } from '../api/update-plan'
import { useUnplanned } from '../api/list-unplanned'
import { ParcelMap } from './parcel-map'
import { placeErrors } from '../../../ui/write-form-modal'
import { productToday } from '../../../core/product-today'

/** One parcel of the form: what the server takes and what the form shows. */
interface ParcelValue {
  parcelId: number
  landCode: string
  name: string
  areaMu: number
  plannedAreaMu: number | null
  geometry: unknown
}

/** The form's values. */
export interface PlanValues {
  name?: string
  method?: PlanMethod
  subMethod?: string
  details?: Partial<Record<DetailField, string | number | null>>
  parcels: ParcelValue[]
  targetPlotRatio?: number | null
  targetBuildingM2?: number | null
  targetInvestment?: number | null
  targetTax?: number | null
  targetOutput?: number | null
  startDate?: Dayjs
  deadline?: Dayjs
  respUnit?: string
  respPerson?: string
  note?: string
  milestones?: { name?: string; dueDate?: Dayjs; doneDate?: Dayjs | null }[]
}

/** Server fields the form shows under their field; the rest stand above it. */
const FIELDS = [
  'name',
  'method',
  'subMethod',
  'details.*',
  'parcels.*',
  'targetPlotRatio',
  'targetBuildingM2',
  'targetInvestment',
  'targetTax',
  'targetOutput',
  'startDate',
  'deadline',
  'respUnit',
  'respPerson',
  'note',
  'milestones.*',
] as const

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : '')
const orNull = (v: number | null | undefined) => (v === undefined || v === null ? null : v)

/** The request body of the form's values (the schema checks it before it is sent). */
export function planBody(v: PlanValues, submit: boolean) {
  const method = v.method as PlanMethod
  const details = Object.fromEntries(
    (METHOD_FIELDS[method] ?? []).flatMap((k) => {
      const x = v.details?.[k]
      return x === undefined || x === null || x === '' ? [] : [[k, x]]
    }),
  )
  return {
    name: v.name ?? '',
    method,
    subMethod: SUB_METHODS[method]?.length ? (v.subMethod ?? '') : undefined,
    parcels: v.parcels.map((p) => ({ parcelId: p.parcelId, plannedAreaMu: p.plannedAreaMu as number })),
    targetPlotRatio: orNull(v.targetPlotRatio),
    targetBuildingM2: orNull(v.targetBuildingM2),
    targetInvestment: orNull(v.targetInvestment),
    targetTax: orNull(v.targetTax),
    targetOutput: orNull(v.targetOutput),
    details,
    startDate: day(v.startDate),
    deadline: day(v.deadline),
    respUnit: v.respUnit ?? '',
    respPerson: v.respPerson ?? '',
    note: v.note ?? '',
    milestones: (v.milestones ?? []).map((m) => ({
      name: m.name ?? '',
      dueDate: day(m.dueDate),
      doneDate: m.doneDate ? day(m.doneDate) : null,
    })),
    submit,
  }
}

const parcelOf = (r: LedgerRow): ParcelValue => ({
  parcelId: r.parcelId,
  landCode: r.landCode,
  name: r.parcelName,
  areaMu: r.areaMu,
  // the whole parcel at the two digits the form shows (and the server compares)
  plannedAreaMu: roundTo(r.areaMu, 2),
  geometry: r.geometry,
})

/** The values a new plan starts from: the entry's parcel whole, starting today. */
function newValues(entry: LedgerRow): PlanValues {
  return {
    name: `${entry.enterpriseName ?? entry.parcelName}低效用地盘活方案`,
    parcels: [parcelOf(entry)],
    startDate: productToday(),
    milestones: [],
    details: {},
  }
}

/** The values of an existing plan. */
function editValues(p: PlanDetail): PlanValues {
  return {
    name: p.name,
    method: p.method,
    subMethod: p.subMethod ?? undefined,
    details: p.details as PlanValues['details'],
    parcels: p.parcels.map((x) => ({ ...x, plannedAreaMu: x.plannedAreaMu })),
    targetPlotRatio: p.targetPlotRatio,
    targetBuildingM2: p.targetBuildingM2,
    targetInvestment: p.targetInvestment,
    targetTax: p.targetTax,
    targetOutput: p.targetOutput,
    startDate: dayjs(p.startDate),
    deadline: dayjs(p.deadline),
    respUnit: p.respUnit,
    respPerson: p.respPerson,
    note: p.note,
    milestones: p.milestones.map((m) => ({ name: m.name, dueDate: dayjs(m.dueDate), doneDate: m.doneDate ? dayjs(m.doneDate) : null })),
  }
}

/** Another confirmed entry to add to the plan's parcel group, searched by code, name or enterprise. */
function AddParcel({ taken, onAdd }: { taken: number[]; onAdd: (row: LedgerRow) => void }) {
  const [keyword, setKeyword] = useState<string | undefined>()
  const list = useUnplanned({ keyword, page: 1, pageSize: 20 })
  const rows = (list.data?.list ?? []).filter((r) => !taken.includes(r.parcelId))
  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: (v) => setKeyword(v || undefined) }}
      value={null}
      placeholder="添加同一方案的其他已认定地块（输入宗地代码、名称或企业）"
      style={{ width: '100%' }}
      loading={list.isFetching}
      notFoundContent={list.isFetching ? '正在查找…' : '没有其他未纳入方案的已认定地块'}
      options={rows.map((r) => ({ value: r.parcelId, label: `${r.landCode} ${r.parcelName}（${r.areaMu} 亩）` }))}
      onChange={(id) => {
        const r = rows.find((x) => x.parcelId === id)
        if (r) onAdd(r)
      }}
      aria-label="添加地块"
      data-testid="plan-add-parcel"
    />
  )
}

/** The method's own fields. */
function MethodFields({ method }: { method: PlanMethod | undefined }) {
  if (!method) return <Typography.Text type="secondary">选择盘活方式后填写该方式的信息</Typography.Text>
  const keys = METHOD_FIELDS[method]
  if (keys.length === 0) return <Typography.Text type="secondary">{method}无需填写方式信息</Typography.Text>
  return (
    <Row gutter={12}>
      {keys.map((k) => {
        const f = DETAIL_FIELDS[k]
        const label = f.unit ? `${f.name}（${f.unit}）` : f.name
        return (
          <Col span={12} key={k}>
            <Form.Item name={['details', k]} label={label} rules={[{ required: true, message: `${method}须填写${f.name}` }]}>
              {f.unit ? <InputNumber min={0} style={{ width: '100%' }} aria-label={label} /> : <Input maxLength={100} aria-label={label} />}
            </Form.Item>
          </Col>
        )
      })}
    </Row>
  )
}

/** Which form is open: a new plan from a 台账 entry, or the edit of a plan. */
export type PlanFormTarget = { entry: LedgerRow; plan?: undefined } | { plan: PlanDetail; entry?: undefined } | null

/** The drawer; `target` null = closed. */
export function PlanFormDrawer({
  target,
  onClose,
  onSaved,
}: {
  target: PlanFormTarget
  onClose: () => void
  onSaved?: (id: number) => void
}) {
  const [form] = Form.useForm<PlanValues>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [dirty, setDirty] = useState(false)
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  useUnsavedMark(`revitalize-plan-form-${useId()}`, target !== null && dirty)
  const confirmDiscard = useConfirmDiscard()
  const open = target !== null
  const editing = target?.plan

  const initial = useMemo(() => (target?.plan ? editValues(target.plan) : target?.entry ? newValues(target.entry) : null), [target])
  useEffect(() => {
    if (initial) {
      form.resetFields()
      form.setFieldsValue(initial)
    }
    setProblem(null)
    setDirty(false)
  }, [initial, form])

  const method = Form.useWatch('method', form)
  const parcels = (Form.useWatch('parcels', { form, preserve: true }) as ParcelValue[] | undefined) ?? initial?.parcels ?? []

  const cancel = () =>
    void confirmDiscard().then((go) => {
      if (!go) return
      setDirty(false)
      onClose()
    })

  const send = async (submit: boolean) => {
    setProblem(null)
    try {
      await form.validateFields()
    } catch (err) {
      // the fields say what is wrong under themselves; say it above the form too, so nothing fails silently
      const first = (err as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields?.find((f) => f.errors.length)
      setProblem(first ? `${first.errors[0]}（${first.name.join('.')}）` : '表单校验未通过，请检查各项后重试')
      return
    }
    // every value the form holds: the validated ones alone would give each parcel only its planned
    // area (its other values have no field), and a shallow merge would drop the parcel ids
    const all = form.getFieldsValue(true) as PlanValues
    const parsed = planAddBody.safeParse(planBody(all, submit))
    if (!parsed.success) {
      const rest = placeErrors(
        form,
        FIELDS,
        parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
      )
      if (rest.length) setProblem(rest[0].message)
      return
    }
    setBusy(true)
    try {
      const said = editing ? await updatePlan({ ...parsed.data, id: editing.id }) : await addPlan(parsed.data)
      message.success(said.message)
      setDirty(false)
      onSaved?.(said.data.id)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const rest = placeErrors(form, FIELDS, e.details)
      if (rest.length || e.details.length === 0) setProblem(rest[0]?.message ?? e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: REVITALIZE_KEY })
    }
  }

  const title = editing
    ? `编辑盘活方案：${editing.name}`
    : `制定盘活方案：${target?.entry?.landCode ?? ''} ${target?.entry?.parcelName ?? ''}`
  return (
    <Drawer
      title={title}
      open={open}
      onClose={cancel}
      size={1080}
      destroyOnHidden
      data-testid="plan-form-drawer"
      extra={
        <Space>
          <Button onClick={cancel}>取消</Button>
          {editing ? (
            <Button type="primary" loading={busy} onClick={() => void send(false)} data-testid="plan-form-save">
              保存
            </Button>
          ) : (
            <>
              <Button loading={busy} onClick={() => void send(false)} data-testid="plan-form-draft">
                保存草稿
              </Button>
              <Button type="primary" loading={busy} onClick={() => void send(true)} data-testid="plan-form-submit">
                保存并提交审核
              </Button>
            </>
          )}
        </Space>
      }
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="plan-form-problem" />}
      <Row gutter={20}>
        <Col span={15}>
          <Form<PlanValues>
            form={form}
            layout="vertical"
            disabled={busy}
            onValuesChange={() => setDirty(true)}
            onKeyDown={enterMovesOn(() => void send(false))}
            data-testid="plan-form"
          >
            <Row gutter={12}>
              <Col span={24}>
                <Form.Item name="name" label="方案名称" rules={[{ required: true, whitespace: true, message: '请填写方案名称' }]}>
                  <Input maxLength={100} aria-label="方案名称" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="method" label="盘活方式" rules={[{ required: true, message: '请选择盘活方式' }]}>
                  <Select<PlanMethod>
                    aria-label="盘活方式"
                    placeholder="请选择盘活方式"
                    options={PLAN_METHODS.map((m) => ({ value: m, label: m }))}
                    onChange={() => form.setFieldValue('subMethod', undefined)}
                  />
                </Form.Item>
              </Col>
              <Col span={12}>
                {method && SUB_METHODS[method].length > 0 && (
                  <Form.Item name="subMethod" label="细分方式" rules={[{ required: true, message: '请选择细分方式' }]}>
                    <Select aria-label="细分方式" placeholder="请选择" options={SUB_METHODS[method].map((m) => ({ value: m, label: m }))} />
                  </Form.Item>
                )}
              </Col>
            </Row>
            <MethodFields method={method} />
            <Divider titlePlacement="start" plain>
              地块与计划面积
            </Divider>
            <Form.List name="parcels">
              {(items, { add, remove }) => (
                <>
                  <Table
                    size="small"
                    pagination={false}
                    rowKey="key"
                    dataSource={items}
                    data-testid="plan-form-parcels"
                    columns={[
                      {
                        title: '地块',
                        key: 'parcel',
                        render: (_, it) => {
                          const p = form.getFieldValue(['parcels', it.name]) as ParcelValue
                          return (
                            <span>
                              {p?.landCode} {p?.name}
                            </span>
                          )
                        },
                      },
                      {
                        title: '地块面积（亩）',
                        key: 'area',
                        width: 120,
                        align: 'right',
                        render: (_, it) => (form.getFieldValue(['parcels', it.name, 'areaMu']) as number)?.toFixed(2),
                      },
                      {
                        title: '计划盘活面积（亩）',
                        key: 'planned',
                        width: 190,
                        render: (_, it) => {
                          const area = form.getFieldValue(['parcels', it.name, 'areaMu']) as number
                          return (
                            <Form.Item
                              name={[it.name, 'plannedAreaMu']}
                              style={{ margin: 0 }}
                              rules={[
                                { required: true, message: '请填写计划盘活面积' },
                                {
                                  validator: (_r, v: number | null) =>
                                    v !== null && v !== undefined && v > area + 0.005
                                      ? Promise.reject(new Error(`计划盘活面积不能超过地块面积 ${area.toFixed(2)} 亩`))
                                      : Promise.resolve(),
                                },
                              ]}
                            >
                              <InputNumber min={0} step={0.01} precision={2} style={{ width: '100%' }} aria-label="计划盘活面积（亩）" />
                            </Form.Item>
                          )
                        },
                      },
                      {
                        title: '',
                        key: 'remove',
                        width: 60,
                        render: (_, it) =>
                          items.length > 1 ? (
                            <Button type="link" size="small" danger onClick={() => remove(it.name)}>
                              移除
                            </Button>
                          ) : null,
                      },
                    ]}
                  />
                  <div style={{ marginTop: 8 }}>
                    <AddParcel taken={parcels.map((p) => p.parcelId)} onAdd={(r) => add(parcelOf(r))} />
                  </div>
                </>
              )}
            </Form.List>
            <Divider titlePlacement="start" plain>
              目标
            </Divider>
            <Row gutter={12}>
              {(
                [
                  ['targetPlotRatio', '盘活后容积率', 20],
                  ['targetBuildingM2', '新增建筑面积（平方米）', 1e9],
                  ['targetInvestment', '新增投资（万元）', 1e9],
                  ['targetTax', '预计新增税收（万元/年）', 1e9],
                  ['targetOutput', '预计新增产值（万元/年）', 1e9],
                ] as const
              ).map(([name, label, max]) => (
                <Col span={8} key={name}>
                  <Form.Item name={name} label={label}>
                    <InputNumber min={0} max={max} style={{ width: '100%' }} aria-label={label} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Divider titlePlacement="start" plain>
              期限与责任
            </Divider>
            <Row gutter={12}>
              <Col span={12}>
                <Form.Item name="startDate" label="开始日期" rules={[{ required: true, message: '请选择开始日期' }]}>
                  <DatePicker style={{ width: '100%' }} aria-label="开始日期" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item
                  name="deadline"
                  label="完成期限"
                  dependencies={['startDate']}
                  rules={[
                    { required: true, message: '请选择完成期限' },
                    ({ getFieldValue }) => ({
                      validator: (_r, v: Dayjs | undefined) => {
                        const start = getFieldValue('startDate') as Dayjs | undefined
                        return v && start && v.isBefore(start, 'day')
                          ? Promise.reject(new Error('完成期限不能早于开始日期'))
                          : Promise.resolve()
                      },
                    }),
                  ]}
                >
                  <DatePicker style={{ width: '100%' }} aria-label="完成期限" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="respUnit" label="责任单位" rules={[{ required: true, whitespace: true, message: '请填写责任单位' }]}>
                  <Input maxLength={100} placeholder="如：某某街道办事处、区土地储备中心" aria-label="责任单位" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="respPerson" label="责任人" rules={[{ required: true, whitespace: true, message: '请填写责任人' }]}>
                  <Input maxLength={50} aria-label="责任人" />
                </Form.Item>
              </Col>
            </Row>
            <Divider titlePlacement="start" plain>
              节点计划
            </Divider>
            <Form.List name="milestones">
              {(items, { add, remove }) => (
                <div data-testid="plan-form-milestones">
                  {items.map((it) => (
                    <Space key={it.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item name={[it.name, 'name']} rules={[{ required: true, whitespace: true, message: '请填写节点名称' }]}>
                        <Input placeholder="节点名称，如：签订收购协议" style={{ width: 300 }} aria-label="节点名称" />
                      </Form.Item>
                      <Form.Item name={[it.name, 'dueDate']} rules={[{ required: true, message: '请选择节点日期' }]}>
                        <DatePicker placeholder="节点日期" aria-label="节点日期" />
                      </Form.Item>
                      <Button type="link" danger onClick={() => remove(it.name)}>
                        删除
                      </Button>
                    </Space>
                  ))}
                  <Button type="dashed" onClick={() => add({})} disabled={items.length >= 20} data-testid="plan-form-add-milestone">
                    添加节点
                  </Button>
                </div>
              )}
            </Form.List>
            <Form.Item name="note" label="备注" style={{ marginTop: 16 }}>
              <Input.TextArea rows={2} maxLength={1000} aria-label="备注" />
            </Form.Item>
          </Form>
        </Col>
        <Col span={9}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            方案地块
          </Typography.Title>
          {open && <ParcelMap parcels={parcels} height={320} />}
          <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8 }}>
            计划盘活面积不能超过地块面积；收回收储方案办结后地块经数据中心审核变为“已收回”，台账销号。
          </Typography.Paragraph>
        </Col>
      </Row>
    </Drawer>
  )
}
