/**
 * 新建签约项目 / 修改项目: the project name, the enterprise by 统一社会信用代码 (check character verified
 * here as on the server), the planned land (a parcel without a live project) and its 乡镇, 签约日期
 * (the 投资建设协议's), 计划投资, the 标准地 双合同 (both numbers, the 出让合同 date, 供地方式, 出让价款 and
 * 履约保证金 in 元, 约定开工/竣工 dates, the 违约金 rule) and the commitments. An edit changes the name,
 * investment, commitments and deadlines only; the server keeps its history. Field errors of the
 * server land under their fields.
 */
import { useQueryClient } from '@tanstack/react-query'
import { Alert, App, Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd'
import dayjs, { type Dayjs } from 'dayjs'
import type { Geometry } from 'geojson'
import { useEffect, useState } from 'react'
import {
  COMMITMENT_FIELDS,
  createProjectBody,
  plannedShape as plannedShapeSchema,
  SIGN_TOWNS_SHAPE_MAX,
  updateProjectBody,
  type ProjectRow,
} from '../../../../domain/contracts/lifecycle-project'
import { validateCreditCode } from '../../../../domain/codes/credit-code'
import {
  COMMITMENT_ITEMS,
  COMPLETION_WITHIN_MONTHS,
  DEFAULT_PENALTY_RULE,
  START_WITHIN_MONTHS,
  type Commitments,
} from '../../../../domain/lifecycle'
import { useSignTowns, type SignLand } from '../api/sign-towns'
import { ApiError } from '../../../core/api'
import { LIFECYCLE_KEY } from '../api/list-stage-projects'
import { createProject, updateProject, useParcelOptions } from '../api/project-writes'
import { enterMovesOn } from '../../../ui/form-keys'
import { RecordMap } from '../../../map/record-map'
import { ShapeEditor } from '../../../map/shape-editor'
import { officialAreaM2 } from '../../../../domain/figures/area'
import { forDisplay, mu } from '../../../../domain/figures/formulas'
import { productToday } from '../../../core/product-today'

interface Values {
  name?: string
  creditCode?: string
  parcelId?: number
  plannedShape?: Geometry | null
  signedDate?: Dayjs
  plannedInvestment?: number
  investIntensity?: number
  committedPlotRatio?: number
  committedTaxPerMu?: number
  committedEnergyVa?: number
  committedEmissionVa?: number
  startDeadline?: Dayjs | null
  completionDeadline?: Dayjs | null
  investAgreementNo?: string
  landContractNo?: string
  landContractDate?: Dayjs
  supplyMethod?: string
  supplyPriceYuan?: string
  performanceBondYuan?: string
  latePenaltyPermille?: number
  taxPenaltyPercent?: number
  townCode?: string
}

/** 供地方式 of the dictionary supply_method (字典管理; the server checks the dictionary in force). */
const SUPPLY_METHODS = ['出让', '划拨', '租赁', '作价出资', '授权经营', '其他']

/** A point of a drawn shape (its first corner), to find its county and 乡镇. */
/** The drawn land as the towns query asks it: the shape itself (judged as the signing judges it), else a vertex of a huge one. */
function pointOf(g: Geometry | null | undefined): SignLand {
  if (!g || (g.type !== 'Polygon' && g.type !== 'MultiPolygon')) return null
  const text = JSON.stringify(g)
  if (text.length <= SIGN_TOWNS_SHAPE_MAX) return { shape: text }
  const c = g.type === 'Polygon' ? g.coordinates[0]?.[0] : g.coordinates[0]?.[0]?.[0]
  return c ? { lng: c[0], lat: c[1] } : null
}

const day = (d: Dayjs | null | undefined) => (d ? d.format('YYYY-MM-DD') : null)

/** The modal: `editing` a project, or `open` for a new signing. */
export function SignModal({ open, editing, onClose }: { open: boolean; editing?: ProjectRow | null; onClose: () => void }) {
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  const [keyword, setKeyword] = useState('')
  // the planned land: a parcel of the master data, or drawn on the map when none exists yet
  const [landMode, setLandMode] = useState<'parcel' | 'draw'>('parcel')
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const parcels = useParcelOptions(keyword, open && !editing)
  const visible = open || Boolean(editing)
  const parcelId = Form.useWatch('parcelId', form)
  const shape = Form.useWatch('plannedShape', form)
  const land: SignLand = editing || !visible ? null : landMode === 'parcel' ? (parcelId ? { parcelId } : null) : pointOf(shape)
  const towns = useSignTowns(land)
  const located = towns.data?.located ?? null

  useEffect(() => {
    if (!visible) return
    form.resetFields()
    setProblem(null)
    setLandMode('parcel')
    if (editing) {
      form.setFieldsValue({
        name: editing.name,
        plannedInvestment: editing.plannedInvestment ?? undefined,
        investIntensity: editing.investIntensity ?? undefined,
        committedPlotRatio: editing.committedPlotRatio ?? undefined,
        committedTaxPerMu: editing.committedTaxPerMu ?? undefined,
        committedEnergyVa: editing.committedEnergyVa ?? undefined,
        committedEmissionVa: editing.committedEmissionVa ?? undefined,
        startDeadline: editing.startDeadline ? dayjs(editing.startDeadline) : null,
        completionDeadline: editing.completionDeadline ? dayjs(editing.completionDeadline) : null,
      })
    } else
      form.setFieldsValue({
        signedDate: productToday(),
        supplyMethod: '出让',
        latePenaltyPermille: DEFAULT_PENALTY_RULE.latePermille,
        taxPenaltyPercent: DEFAULT_PENALTY_RULE.taxPercent,
      })
  }, [visible, editing, form])

  const submit = async (v: Values) => {
    const common = {
      name: v.name,
      plannedInvestment: v.plannedInvestment,
      investIntensity: v.investIntensity,
      committedPlotRatio: v.committedPlotRatio,
      committedTaxPerMu: v.committedTaxPerMu,
      committedEnergyVa: v.committedEnergyVa,
      committedEmissionVa: v.committedEmissionVa,
      startDeadline: day(v.startDeadline),
      completionDeadline: day(v.completionDeadline),
    }
    const parsed = editing
      ? updateProjectBody.safeParse({ id: editing.id, ...common })
      : createProjectBody.safeParse({
          ...common,
          creditCode: v.creditCode,
          ...(landMode === 'parcel' ? { parcelId: v.parcelId } : { plannedShape: v.plannedShape ?? undefined }),
          signedDate: day(v.signedDate),
          investAgreementNo: v.investAgreementNo,
          landContractNo: v.landContractNo,
          landContractDate: day(v.landContractDate),
          supplyMethod: v.supplyMethod,
          supplyPriceYuan: v.supplyPriceYuan,
          performanceBondYuan: v.performanceBondYuan,
          latePenaltyPermille: v.latePenaltyPermille,
          taxPenaltyPercent: v.taxPenaltyPercent,
          // the located 乡镇 wins; the chosen one only where the land's location gives none
          townCode: located ? undefined : v.townCode,
        })
    if (!parsed.success) {
      const issues = parsed.error.issues
      form.setFields(issues.map((i) => ({ name: String(i.path[0]) as keyof Values, errors: [i.message] })))
      return
    }
    setBusy(true)
    setProblem(null)
    try {
      const done = editing
        ? await updateProject(parsed.data as Parameters<typeof updateProject>[0])
        : await createProject(parsed.data as Parameters<typeof createProject>[0])
      message.success(done.message)
      onClose()
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const known = new Set(
        Object.keys(form.getFieldsValue(true)).concat([
          'creditCode',
          'parcelId',
          'plannedShape',
          'signedDate',
          'investAgreementNo',
          'landContractNo',
          'landContractDate',
          'supplyMethod',
          'supplyPriceYuan',
          'performanceBondYuan',
          'townCode',
        ]),
      )
      // plannedShape.coordinates.0 → the shape's field
      const onFields = e.details
        .map((d) => ({ ...d, field: d.field.split('.')[0] }))
        .filter((d) => known.has(d.field))
        .map((d) => ({ name: d.field as keyof Values, errors: [d.message] }))
      form.setFields(onFields)
      if (onFields.length === 0) setProblem(e.message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: LIFECYCLE_KEY })
    }
  }

  const commitment = (k: keyof Commitments) => {
    const c = COMMITMENT_ITEMS[k]
    return (
      <Col span={8} key={k}>
        <Form.Item
          name={COMMITMENT_FIELDS[k]}
          label={`${c.name}${c.unit ? `（${c.unit}）` : ''}`}
          rules={[{ required: true, message: `请填写${c.name}承诺` }]}
        >
          <InputNumber min={0} max={c.max} style={{ width: '100%' }} data-testid={`sign-${COMMITMENT_FIELDS[k]}`} />
        </Form.Item>
      </Col>
    )
  }

  return (
    <Modal
      title={editing ? `修改项目 · ${editing.name}` : '新建签约项目'}
      open={visible}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      okText={editing ? '保存' : '签约'}
      okButtonProps={{ 'data-testid': 'sign-submit' }}
      cancelText="取消"
      width={landMode === 'draw' && !editing ? 980 : 780}
      destroyOnHidden
      data-testid="sign-modal"
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} data-testid="sign-problem" />}
      <Form<Values> form={form} layout="vertical" onKeyDown={enterMovesOn()} onFinish={(v) => void submit(v)} disabled={busy}>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="name" label="项目名称" rules={[{ required: true, message: '请填写项目名称' }]}>
              <Input maxLength={200} data-testid="sign-name" />
            </Form.Item>
          </Col>
          {!editing && (
            <Col span={12}>
              <Form.Item
                name="creditCode"
                label="用地企业统一社会信用代码"
                normalize={(v: string) => v?.toUpperCase()}
                rules={[
                  { required: true, message: '请填写统一社会信用代码' },
                  {
                    validator: async (_r, v: string) =>
                      v && validateCreditCode(v) ? Promise.reject(new Error(validateCreditCode(v)!)) : undefined,
                  },
                ]}
                extra="18位，校验位自动核验；企业须已在数据中心登记"
              >
                <Input maxLength={18} data-testid="sign-credit" />
              </Form.Item>
            </Col>
          )}
          {!editing && (
            <Col span={24}>
              <Form.Item label="规划用地" style={{ marginBottom: 12 }}>
                <Radio.Group
                  value={landMode}
                  onChange={(e) => {
                    setLandMode(e.target.value as 'parcel' | 'draw')
                    form.setFields([
                      { name: 'parcelId', errors: [] },
                      { name: 'plannedShape', errors: [] },
                    ])
                  }}
                  data-testid="sign-land-mode"
                  options={[
                    { value: 'parcel', label: '选择已有地块' },
                    { value: 'draw', label: '尚无地块：在地图上绘制规划用地' },
                  ]}
                />
              </Form.Item>
            </Col>
          )}
          {!editing && landMode === 'parcel' && (
            <Col span={12}>
              <Form.Item
                name="parcelId"
                label="规划用地（地块）"
                rules={[{ required: true, message: '请选择地块' }]}
                extra="可选本账号范围内尚无在履约项目的地块"
              >
                <Select
                  showSearch={{ filterOption: false, onSearch: setKeyword }}
                  placeholder="输入宗地代码或地块名称搜索"
                  loading={parcels.isFetching}
                  notFoundContent={parcels.isFetching ? '查询中…' : '没有可签约的地块，请换个关键字'}
                  options={(parcels.data ?? []).map((p) => ({
                    value: p.id,
                    label: `${p.landCode} ${p.name}（${p.countyName ?? '—'}，${p.areaMu} 亩，${p.status}）`,
                  }))}
                  data-testid="sign-parcel"
                />
              </Form.Item>
            </Col>
          )}
          {!editing && (
            <Col span={12}>
              {located ? (
                <Form.Item label="所在乡镇（街道）" extra="按地块位置确定" data-testid="sign-town-located">
                  <Input value={towns.data?.located?.name ?? ''} disabled />
                </Form.Item>
              ) : (
                <Form.Item
                  name="townCode"
                  label="所在乡镇（街道）"
                  // land outside every county (refused by the server, naming the shape) has no town to choose
                  rules={[{ required: (towns.data?.towns.length ?? 0) > 0, message: '地块位置没有乡镇界线，请选择所在乡镇（街道）' }]}
                  extra={land ? '地块位置没有乡镇界线，请选择' : '先选择地块或绘制规划用地'}
                >
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    placeholder="选择乡镇（街道）"
                    loading={towns.isFetching}
                    disabled={!land}
                    options={(towns.data?.towns ?? []).map((t) => ({ value: t.code, label: t.name }))}
                    data-testid="sign-town"
                  />
                </Form.Item>
              )}
            </Col>
          )}
          {!editing && (
            <Col span={6}>
              <Form.Item name="signedDate" label="签约日期（投资建设协议）" rules={[{ required: true, message: '请选择签约日期' }]}>
                <DatePicker
                  style={{ width: '100%' }}
                  disabledDate={(d) => d.isAfter(productToday().endOf('day'))}
                  data-testid="sign-date"
                />
              </Form.Item>
            </Col>
          )}
          <Col span={6}>
            <Form.Item name="plannedInvestment" label="计划投资（万元）" rules={[{ required: true, message: '请填写计划投资' }]}>
              <InputNumber min={0} style={{ width: '100%' }} data-testid="sign-plannedInvestment" />
            </Form.Item>
          </Col>
        </Row>
        {!editing && landMode === 'draw' && (
          <Form.Item
            name="plannedShape"
            label="规划用地图形"
            required
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  if (!v) throw new Error('请在地图上绘制规划用地，或填写其坐标')
                  const r = plannedShapeSchema.safeParse(v)
                  if (!r.success) throw new Error(r.error.issues[0]?.message ?? '图形不正确')
                },
              },
            ]}
            extra="绘制的图形成为数据中心的地块草稿；土地供应时填写宗地代码提交审核，通过后成为该项目的地块"
          >
            <PlannedShapeField />
          </Form.Item>
        )}
        {!editing && (
          <>
            <Divider titlePlacement="start" plain>
              标准地双合同
            </Divider>
            <Row gutter={16} data-testid="sign-contract">
              <Col span={12}>
                <Form.Item
                  name="investAgreementNo"
                  label="投资建设协议编号"
                  rules={[{ required: true, message: '请填写投资建设协议编号' }]}
                >
                  <Input maxLength={60} placeholder="如 投资协议〔2026〕18号" data-testid="sign-investAgreementNo" />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item name="landContractNo" label="出让合同编号" rules={[{ required: true, message: '请填写出让合同编号' }]}>
                  <Input maxLength={60} placeholder="国有建设用地使用权出让合同编号" data-testid="sign-landContractNo" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="landContractDate" label="出让合同签订日期" rules={[{ required: true, message: '请选择出让合同签订日期' }]}>
                  <DatePicker
                    style={{ width: '100%' }}
                    disabledDate={(d) => d.isAfter(productToday().endOf('day'))}
                    data-testid="sign-landContractDate"
                  />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="supplyMethod" label="供地方式" rules={[{ required: true, message: '请选择供地方式' }]}>
                  <Select options={SUPPLY_METHODS.map((m) => ({ value: m, label: m }))} data-testid="sign-supplyMethod" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="supplyPriceYuan"
                  label="出让价款（元）"
                  rules={[{ required: true, message: '请填写出让价款' }]}
                  extra="精确到分，最多两位小数"
                >
                  <Input inputMode="decimal" data-testid="sign-supplyPriceYuan" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item name="performanceBondYuan" label="履约保证金（元）" rules={[{ required: true, message: '请填写履约保证金' }]}>
                  <Input inputMode="decimal" data-testid="sign-performanceBondYuan" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="latePenaltyPermille"
                  label="逾期违约金（‰/日）"
                  rules={[{ required: true, message: '请填写逾期违约金比例' }]}
                  extra="逾期开工、竣工每日按出让价款的比例"
                >
                  <InputNumber min={0} max={10} step={0.5} style={{ width: '100%' }} data-testid="sign-latePenaltyPermille" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  name="taxPenaltyPercent"
                  label="亩均税收违约金（%）"
                  rules={[{ required: true, message: '请填写亩均税收违约金比例' }]}
                  extra="达产复核未达承诺：按税收差额的比例"
                >
                  <InputNumber min={0} max={200} style={{ width: '100%' }} data-testid="sign-taxPenaltyPercent" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
        <Divider titlePlacement="start" plain>
          标准地承诺
        </Divider>
        <Row gutter={16}>{(Object.keys(COMMITMENT_ITEMS) as (keyof Commitments)[]).map(commitment)}</Row>
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item
              name="startDeadline"
              label={editing ? '约定开工期限' : '约定开工日期（出让合同）'}
              rules={editing ? [] : [{ required: true, message: '请选择约定开工日期' }]}
              extra={editing ? `留空：交地后 ${START_WITHIN_MONTHS} 个月` : undefined}
            >
              <DatePicker style={{ width: '100%' }} data-testid="sign-startDeadline" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="completionDeadline"
              label={editing ? '约定竣工期限' : '约定竣工日期（出让合同）'}
              rules={editing ? [] : [{ required: true, message: '请选择约定竣工日期' }]}
              extra={editing ? `留空：开工后 ${COMPLETION_WITHIN_MONTHS} 个月` : undefined}
            >
              <DatePicker style={{ width: '100%' }} data-testid="sign-completionDeadline" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  )
}

/**
 * The planned land as one form field: the map to draw it on (its corners counted while drawing),
 * the same shape as GeoJSON text to paste or read, and the drawn shape in words below them
 * (已绘制多边形，12.34 亩 — measured as the database measures it, EPSG:4549), so the field's error
 * shows right under the map.
 */
function PlannedShapeField({ value, onChange }: { value?: Geometry | null; onChange?: (g: Geometry | null) => void }) {
  const [text, setText] = useState(value ? JSON.stringify(value) : '')
  const [textError, setTextError] = useState<string | null>(null)
  // the text follows a shape drawn or cleared on the map
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    setText(value ? JSON.stringify(value) : '')
    setTextError(null)
  }
  let area: number | null
  try {
    area = value ? forDisplay(mu(officialAreaM2(value)), 2) : null
  } catch {
    area = null
  }
  return (
    <>
      <Row gutter={12}>
        <Col span={15}>
          <RecordMap height={300} testId="sign-map">
            <ShapeEditor mode="polygon" value={value ?? null} onChange={(g) => onChange?.(g)} />
          </RecordMap>
        </Col>
        <Col span={9}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 6 }}>
            放大地图到项目所在位置，点击「绘制图形」后依次点击各拐点、双击结束；也可粘贴坐标（GeoJSON 多边形，WGS84 经纬度）。
          </Typography.Paragraph>
          <Input.TextArea
            rows={7}
            value={text}
            aria-label="规划用地坐标（GeoJSON）"
            status={textError ? 'error' : undefined}
            data-testid="sign-shape-text"
            onChange={(e) => setText(e.target.value)}
            onBlur={() => {
              if (!text.trim()) {
                if (value) onChange?.(null)
                return
              }
              try {
                onChange?.(JSON.parse(text) as Geometry)
                setTextError(null)
              } catch {
                setTextError('不是有效的 JSON，请粘贴 GeoJSON 多边形')
              }
            }}
          />
          {textError && <Typography.Text type="danger">{textError}</Typography.Text>}
        </Col>
      </Row>
      <Typography.Text data-testid="sign-shape-summary" type={value ? undefined : 'secondary'} style={{ display: 'block', marginTop: 6 }}>
        {value ? `已绘制${value.type === 'MultiPolygon' ? '多块多边形' : '多边形'}${area === null ? '' : `，${area} 亩`}` : '尚未绘制'}
      </Typography.Text>
    </>
  )
}
