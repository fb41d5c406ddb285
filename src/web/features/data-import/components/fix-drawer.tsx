/**
 * 修正: one row's fields as a form built from the data standard — code fields pick from their
 * code list — with the fields that broke a rule highlighted and the rule's message under them.
 * Saving sends only what changed; a checked batch re-checks the row at once and the drawer shows
 * the result.
 */
import { Alert, App, Button, Drawer, Form, Input, Select, Space } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import type { BatchRowView, StandardFields } from '../../../../domain/contracts/datacenter-import'
import { toApiError } from '../../../core/http-catalogue'
import { fixRow } from '../api/fix-row'

/** Props of {@link FixDrawer}. */
export interface FixDrawerProps {
  batchId: number
  row: BatchRowView | null
  mapping: Record<string, string>
  standard: StandardFields | undefined
  onClose: () => void
  onFixed: (row: BatchRowView) => void
}

type Values = Record<string, string | undefined>

/** What a field shows before any fix: the clerk's fix, the checked value, else the mapped source value. */
function initialValue(row: BatchRowView, name: string, mapping: Record<string, string>): string | undefined {
  const v = name in row.overrides ? row.overrides[name] : (row.record?.[name] ?? (mapping[name] ? row.source[mapping[name]] : null))
  return v === null || v === undefined ? undefined : String(v)
}

/** The fix form of a row. */
export function FixDrawer({ batchId, row: opened, mapping, standard, onClose, onFixed }: FixDrawerProps) {
  const { message } = App.useApp()
  const [form] = Form.useForm<Values>()
  const [row, setRow] = useState<BatchRowView | null>(opened)
  const [saving, setSaving] = useState(false)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    setRow(opened)
    setError(null)
  }, [opened])
  const fields = useMemo(() => (standard?.fields ?? []).filter((f) => f.type !== 'geometry'), [standard])
  const initial = useMemo(() => {
    if (!row) return {}
    const v: Values = Object.fromEntries(fields.map((f) => [f.name, initialValue(row, f.name, mapping)]))
    if (standard?.kind === 'parcel') v.__owner_name = initialValue(row, '__owner_name', mapping)
    return v
  }, [row, fields, mapping, standard])
  useEffect(() => {
    form.resetFields()
    form.setFieldsValue(initial)
  }, [form, initial])
  const issuesOf = (name: string) => (row?.issues ?? []).filter((i) => i.field === name)

  const save = async () => {
    if (!row) return
    const values = form.getFieldsValue()
    const changed: Record<string, string | null> = {}
    for (const [k, v] of Object.entries(values)) {
      const before = initial[k] ?? ''
      const now = (v ?? '').trim()
      if (now !== before) changed[k] = now === '' ? null : now
    }
    if (Object.keys(changed).length === 0) {
      setError('没有修改任何字段')
      return
    }
    setSaving(true)
    setError(null)
    try {
      const fixed = await fixRow(batchId, row.rowNo, changed)
      setRow(fixed)
      onFixed(fixed)
      const errors = fixed.issues.filter((i) => i.level === 'error').length
      if (fixed.level === '') message.success(`第 ${fixed.sourceLine} 行已修改，运行检查后生效`)
      else if (errors === 0) message.success(`第 ${fixed.sourceLine} 行已修正并复查通过`)
      else message.warning(`第 ${fixed.sourceLine} 行复查后仍有 ${errors} 个错误`)
    } catch (err) {
      setError(toApiError(err).message)
    } finally {
      setSaving(false)
    }
  }

  const otherIssues = (row?.issues ?? []).filter((i) => !fields.some((f) => f.name === i.field) && i.field !== '__owner_name')
  return (
    <Drawer
      open={!!opened}
      size={560}
      title={row ? `修正第 ${row.sourceLine} 行` : ''}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>关闭</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="fix-save">
            保存并复查
          </Button>
        </Space>
      }
      data-testid="fix-drawer"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
      {row && row.level && (
        <Alert
          type={row.level === '错误' ? 'error' : row.level === '警告' ? 'warning' : 'success'}
          showIcon
          style={{ marginBottom: 12 }}
          title={row.level === '正常' ? '本行没有问题' : `本行有 ${row.issues.length} 个问题，已在对应字段下标出`}
          data-testid="fix-result"
        />
      )}
      {otherIssues.map((i, k) => (
        <Alert key={k} type={i.level === 'error' ? 'error' : 'warning'} title={i.message} style={{ marginBottom: 8 }} />
      ))}
      <Form form={form} layout="vertical" initialValues={initial}>
        {fields.map((f) => {
          const issues = issuesOf(f.name)
          const status = issues.some((i) => i.level === 'error') ? 'error' : issues.length ? 'warning' : undefined
          const list = f.dict ? standard?.codeLists[f.dict] : undefined
          return (
            <Form.Item
              key={f.name}
              name={f.name}
              label={`${f.label}${f.unit ? `（${f.unit}）` : ''}`}
              required={f.required}
              validateStatus={status}
              help={issues.length ? issues.map((i) => i.message).join('；') : undefined}
              data-testid={`fix-field-${f.name}`}
            >
              {list ? (
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={list.map((i) => ({ value: i.value, label: i.value === i.label ? i.label : `${i.value} ${i.label}` }))}
                />
              ) : (
                <Input placeholder={f.type === 'date' ? '如 2024-03-05' : f.type === 'region' ? '6位区划代码，如 330106' : undefined} />
              )}
            </Form.Item>
          )
        })}
        {standard?.kind === 'parcel' && (
          <Form.Item name="__owner_name" label="用地单位名称（用于关联企业）" extra="未填用地单位信用代码时，按名称关联企业库中的企业">
            <Input />
          </Form.Item>
        )}
      </Form>
    </Drawer>
  )
}
