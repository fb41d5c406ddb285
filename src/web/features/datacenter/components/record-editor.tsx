/**
 * 一条记录的表单 (数据更新 input / gyydInput / yddwInput): the fields of the standard in force, each
 * checked while typing by the same `checkRecord` the server runs; the shape on the map (drawn,
 * edited, or typed as GeoJSON); 保存草稿 (a draft may still miss required values) or 提交审核.
 * The server's answer about a field is shown on that field.
 */
import { AutoComplete, Alert, App, Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Spin, Typography } from 'antd'
import dayjs from 'dayjs'
import type { Geometry } from 'geojson'
import { useEffect, useMemo, useState } from 'react'
import type { AttachmentView, CountyOption, StandardView, SubmissionSaved } from '../../../../domain/contracts/datacenter'
import type { RecordKind, StandardField } from '../../../../domain/datacenter/standard'
import { ApiError } from '../../../core/api'
import { useByValue } from '../../../core/use-by-value'
import { LoadError } from '../../../ui/list-shell'
import { enterMovesOn } from '../../../ui/form-keys'
import { readSessionDraft, useUnsavedMark, writeSessionDraft } from '../../../ui/unsaved-changes'
import { featuresOf, GeoJsonLayer } from '../../../map/geojson-layer'
import { ShapeEditor } from '../../../map/shape-editor'
import { addRecord } from '../api/add-record'
import { editDraft } from '../api/edit-draft'
import { useEnterprises } from '../api/list-enterprises'
import { useCounties } from '../api/list-counties'
import { useRecord } from '../api/get-record'
import { useStandard } from '../api/get-standard'
import { updateRecord } from '../api/update-record'
import { AttachmentField } from './attachment-field'
import { AttachmentList } from './attachment-list'
import { RecordMap } from '../../../map/record-map'
import { clientLookups, fieldIssue, geometryText } from './record-values'

/** What the editor edits: a new record, a master record, or one's draft (or returned submission). */
export type EditTarget =
  | { mode: 'create' }
  | { mode: 'update'; targetId: number }
  | {
      mode: 'draft'
      id: number
      targetId: number | null
      payload: Record<string, unknown>
      remark: string
      attachments: AttachmentView[]
      reason?: string | null
    }

const REQUIRED_SUFFIX = '为必填项'

/** The field's input control by type; Form.Item's value, onChange and the like pass through. */
function FieldInput({
  f,
  std,
  counties,
  ...control
}: {
  f: StandardField
  std: StandardView
  counties: CountyOption[]
  disabled?: boolean
  value?: never
  onChange?: never
}) {
  const testId = `field-${f.name}`
  const disabled = control.disabled
  if (f.type === 'code' || f.type === 'region') {
    const list = f.dict ? std.codeLists[f.dict] : undefined
    const options =
      f.type === 'region'
        ? counties.map((c) => ({ value: c.code, label: `${c.cityName} ${c.name}` }))
        : (list?.items ?? []).map((i) => ({ value: i.value, label: i.label === i.value ? i.label : `${i.value} ${i.label}` }))
    return (
      <Select
        {...control}
        data-testid={testId}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        disabled={disabled}
        placeholder={f.type === 'region' ? '选择区县' : list ? `选择${list.name}` : '代码表缺失'}
        options={options}
      />
    )
  }
  if (f.type === 'number' || f.type === 'integer') {
    return (
      <InputNumber
        {...control}
        data-testid={testId}
        disabled={disabled}
        style={{ width: '100%' }}
        suffix={f.unit}
        precision={f.type === 'integer' ? 0 : undefined}
      />
    )
  }
  if (f.type === 'date')
    return <DatePicker {...control} data-testid={testId} disabled={disabled} style={{ width: '100%' }} placeholder="YYYY-MM-DD" />
  return <Input {...control} data-testid={testId} disabled={disabled} allowClear maxLength={f.maxLength} suffix={f.unit} />
}

/** 用地单位: pick an enterprise by name or code; the value is its credit code. */
function OwnerInput({ value, onChange, disabled }: { value?: string; onChange?: (v: string) => void; disabled?: boolean }) {
  const [keyword, setKeyword] = useState('')
  const found = useEnterprises({ page: 1, pageSize: 10, keyword }, keyword.trim().length >= 2)
  return (
    <AutoComplete
      data-testid="field-owner_credit_code"
      value={value}
      disabled={disabled}
      onChange={(v) => onChange?.(v)}
      onSearch={setKeyword}
      placeholder="输入企业名称或信用代码搜索"
      options={(found.data?.list ?? []).map((e) => ({ value: e.creditCode, label: `${e.name}（${e.creditCode}）` }))}
      allowClear
    />
  )
}

/** The form and map of one record. */
export function RecordEditor({
  kind,
  target,
  onDone,
  readOnly,
}: {
  kind: RecordKind
  target: EditTarget
  onDone?: (saved: SubmissionSaved) => void
  readOnly?: boolean
}) {
  const std = useStandard(kind)
  const counties = useCounties()
  const record = useRecord(kind, target.mode === 'update' ? target.targetId : null)
  const [form] = Form.useForm()
  const { message } = App.useApp()
  const [busy, setBusy] = useState<'draft' | 'submit' | null>(null)
  // typed but not saved: leaving asks first, and the session keeps it as a draft (issue 18)
  const [dirty, setDirty] = useState(false)
  const [restored, setRestored] = useState(false)
  const [geoText, setGeoText] = useState('')
  const [geoTextError, setGeoTextError] = useState<string | null>(null)
  const geomField = std.data?.fields.find((f) => f.type === 'geometry')
  const shape = Form.useWatch(geomField?.name ?? '__none__', form) as Geometry | null | undefined

  // the target is often a literal of the parent: its identity is its key
  const targetKey = target.mode === 'create' ? 'create' : target.mode === 'update' ? `update-${target.targetId}` : `draft-${target.id}`
  const current = useByValue(target, targetKey)
  const draftKey = `record-${kind}-${targetKey}`
  useUnsavedMark(draftKey, dirty && !readOnly)
  const initial = useMemo(() => {
    if (current.mode === 'update') return record.data?.values
    if (current.mode === 'draft') return current.payload
    return {}
  }, [current, record.data])
  const lookups = useMemo(() => clientLookups(std.data?.codeLists ?? {}, counties.data ?? []), [std.data, counties.data])

  // fill the form once the standard and the values are there (not on every render)
  useEffect(() => {
    if (!std.data || !initial) return
    form.resetFields()
    const values = Object.fromEntries(std.data.fields.map((f) => [f.name, initial[f.name] ?? undefined]))
    form.setFieldsValue({
      ...values,
      __remark: current.mode === 'draft' ? current.remark : '',
      __attachments: current.mode === 'draft' ? current.attachments : [],
    })
    // what this session typed here and did not save comes back
    const kept = readOnly ? null : readSessionDraft(draftKey)
    if (kept) form.setFieldsValue(kept)
    setRestored(!!kept)
    setDirty(!!kept)
  }, [std.data, initial, form, current, draftKey, readOnly])
  useEffect(() => setGeoText(shape ? JSON.stringify(shape) : ''), [shape])

  const changed = () => {
    setDirty(true)
    writeSessionDraft(draftKey, form.getFieldsValue(true) as Record<string, unknown>)
  }
  const discard = () => {
    writeSessionDraft(draftKey, null)
    setDirty(false)
    setRestored(false)
    form.resetFields()
    if (initial && std.data) {
      form.setFieldsValue({
        ...Object.fromEntries(std.data.fields.map((f) => [f.name, initial[f.name] ?? undefined])),
        __remark: current.mode === 'draft' ? current.remark : '',
        __attachments: current.mode === 'draft' ? current.attachments : [],
      })
    }
  }

  if (std.error || counties.error || record.error) {
    const error = (std.error ?? counties.error ?? record.error) as Error
    return <LoadError error={error} onRetry={() => void (std.refetch(), counties.refetch(), record.refetch())} />
  }
  if (!std.data || !counties.data || !initial) return <Spin style={{ display: 'block', margin: 48 }} tip="正在读取数据标准…" />
  const standard = std.data

  const save = async (submit: boolean) => {
    try {
      await form.validateFields()
    } catch (err) {
      const fields = (err as { errorFields?: { name: (string | number)[]; errors: string[] }[] }).errorFields ?? []
      const onlyMissing = fields.every((f) => f.errors.every((m) => m.endsWith(REQUIRED_SUFFIX)))
      // a draft may be incomplete; anything else wrong is fixed first
      if (submit || !onlyMissing) {
        if (fields[0]) form.scrollToField(fields[0].name, { block: 'center' })
        message.error(submit && onlyMissing ? '提交审核前请填写全部必填项' : '请先修正标红的字段')
        return
      }
    }
    const all = form.getFieldsValue(true) as Record<string, unknown>
    const payload = Object.fromEntries(standard.fields.map((f) => [f.name, all[f.name] ?? null]))
    const remark = String(all.__remark ?? '')
    const attachments = ((all.__attachments as AttachmentView[] | undefined) ?? []).map((a) => a.id)
    setBusy(submit ? 'submit' : 'draft')
    try {
      let saved: SubmissionSaved
      if (target.mode === 'create') saved = await addRecord(kind, { payload, submit, remark, attachments })
      else if (target.mode === 'update')
        saved = await updateRecord(kind, { targetId: target.targetId, payload, submit, remark, attachments })
      else saved = await editDraft({ id: target.id, payload, submit, remark, attachments })
      message.success(saved.state === '待审核' ? `已提交审核（提交编号 ${saved.id}）` : `已保存草稿（提交编号 ${saved.id}）`)
      writeSessionDraft(draftKey, null)
      setDirty(false)
      onDone?.(saved)
    } catch (err) {
      const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
      const names = new Set(standard.fields.map((f) => f.name))
      form.setFields(e.details.filter((d) => names.has(d.field)).map((d) => ({ name: d.field, errors: [d.message] })))
      const fileIssue = e.details.find((d) => d.field === 'attachments' || d.field.startsWith('attachments.'))
      if (fileIssue) form.setFields([{ name: '__attachments', errors: [fileIssue.message] }])
      message.error(e.message)
    } finally {
      setBusy(null)
    }
  }

  const applyGeoText = () => {
    if (!geomField) return
    if (!geoText.trim()) {
      form.setFieldValue(geomField.name, null)
      setGeoTextError(null)
      return
    }
    try {
      const g = JSON.parse(geoText) as Geometry
      form.setFieldValue(geomField.name, g)
      setGeoTextError(null)
      changed()
      void form.validateFields([geomField.name])
    } catch {
      setGeoTextError('不是合法的 JSON')
    }
  }

  const open = record.data?.open ?? []
  return (
    <div data-testid={`record-editor-${kind}`}>
      {target.mode === 'draft' && target.reason && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title={`退回原因：${target.reason}`}
          description="按退回意见修改后可重新提交审核。"
        />
      )}
      {open.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`该记录已有未完成的提交：${open.map((o) => `#${o.id}（${o.state}，${o.createdByName}）`).join('、')}`}
          description="先审核通过的修改会使其他基于旧数据的提交无法通过，请注意协调。"
        />
      )}
      {restored && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="draft-restored"
          title="已恢复本次会话中未保存的填写内容"
          action={
            <Button size="small" onClick={discard} data-testid="draft-discard">
              放弃这些内容
            </Button>
          }
        />
      )}
      <Row gutter={16}>
        <Col xs={24} xl={13}>
          <Form
            form={form}
            layout="vertical"
            requiredMark
            disabled={readOnly}
            data-testid="record-form"
            onValuesChange={changed}
            onKeyDown={enterMovesOn()}
          >
            <Row gutter={12}>
              {standard.fields
                .filter((f) => f.type !== 'geometry')
                .map((f) => (
                  <Col span={12} key={f.name}>
                    <Form.Item
                      name={f.name}
                      label={f.unit ? `${f.label}（${f.unit}）` : f.label}
                      required={f.required}
                      validateFirst
                      rules={[
                        {
                          validator: async (_r, v) => {
                            const m = fieldIssue(f, v, lookups)
                            if (m) throw new Error(m)
                          },
                        },
                      ]}
                      {...(f.type === 'date'
                        ? {
                            getValueProps: (v: string | null) => ({ value: v ? dayjs(v) : null }),
                            normalize: (d: dayjs.Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null),
                          }
                        : {})}
                    >
                      {f.name === 'owner_credit_code' ? <OwnerInput /> : <FieldInput f={f} std={standard} counties={counties.data ?? []} />}
                    </Form.Item>
                  </Col>
                ))}
              {geomField && (
                <Col span={24}>
                  <Form.Item
                    name={geomField.name}
                    label={geomField.label}
                    required={geomField.required}
                    rules={[
                      {
                        validator: async (_r, v) => {
                          const m = fieldIssue(geomField, v, lookups)
                          if (m) throw new Error(m)
                        },
                      },
                    ]}
                  >
                    <GeometrySummary />
                  </Form.Item>
                </Col>
              )}
              <Col span={24}>
                <Form.Item name="__remark" label="提交说明（审核员可见）">
                  <Input.TextArea rows={2} maxLength={500} data-testid="field-remark" placeholder="如：依据2025年变更调查更新" />
                </Form.Item>
              </Col>
              <Col span={24}>
                <Form.Item name="__attachments" label="附件（随提交送审，审核通过后归入该记录）">
                  <AttachmentField />
                </Form.Item>
                {!!record.data?.attachments.length && (
                  <Form.Item label="该记录已有附件">
                    <AttachmentList files={record.data.attachments} testId="record-attachments" />
                  </Form.Item>
                )}
              </Col>
            </Row>
          </Form>
        </Col>
        <Col xs={24} xl={11}>
          {geomField && (
            <>
              <RecordMap height={420} testId="record-map">
                <ShapeEditor
                  mode={geomField.geometryTypes?.includes('Point') ? 'point' : 'polygon'}
                  value={shape ?? null}
                  disabled={readOnly}
                  onChange={(g) => {
                    form.setFieldValue(geomField.name, g)
                    changed()
                    void form.validateFields([geomField.name]).catch(() => {})
                  }}
                />
                {/* the record's shape before this edit, for comparison */}
                {target.mode === 'update' && record.data?.values[geomField.name] ? (
                  <GeoJsonLayer
                    data={featuresOf(record.data.values[geomField.name] as Geometry)}
                    color="#8c8c8c"
                    kind="outline"
                    dashed
                    zIndex={24}
                    fitMaxZoom={17}
                  />
                ) : (
                  <GeoJsonLayer
                    data={featuresOf((initial[geomField.name] as Geometry) ?? null)}
                    color="#8c8c8c"
                    kind="outline"
                    dashed
                    zIndex={24}
                    fitMaxZoom={17}
                  />
                )}
              </RecordMap>
              <Typography.Paragraph type="secondary" style={{ margin: '6px 0' }}>
                {target.mode === 'create' ? '在地图上绘制' : '灰色虚线为原图形，蓝色为当前图形；可在地图上编辑'}
                ，也可直接填写下方坐标（GeoJSON，WGS84 经纬度）。
              </Typography.Paragraph>
              <Input.TextArea
                data-testid="geometry-text"
                aria-label={`${geomField.label}坐标（GeoJSON）`}
                rows={4}
                value={geoText}
                disabled={readOnly}
                status={geoTextError ? 'error' : undefined}
                onChange={(e) => setGeoText(e.target.value)}
                onBlur={applyGeoText}
              />
              {geoTextError && <Typography.Text type="danger">{geoTextError}</Typography.Text>}
            </>
          )}
        </Col>
      </Row>
      {!readOnly && (
        <Space style={{ marginTop: 12 }}>
          <Button data-testid="save-draft" loading={busy === 'draft'} disabled={busy !== null} onClick={() => void save(false)}>
            保存草稿
          </Button>
          <Button
            type="primary"
            data-testid="submit-audit"
            loading={busy === 'submit'}
            disabled={busy !== null}
            onClick={() => void save(true)}
          >
            提交审核
          </Button>
          <Typography.Text type="secondary">提交后由审核员审核，通过后才写入主数据。</Typography.Text>
        </Space>
      )}
    </div>
  )
}

/** The geometry field's value in words (the map edits it). */
function GeometrySummary({ value }: { value?: unknown }) {
  return (
    <Typography.Text data-testid="geometry-summary">
      {value ? geometryText(value) : '未绘制：请在右侧地图上绘制，或填写坐标'}
    </Typography.Text>
  )
}
