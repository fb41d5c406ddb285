/**
 * 修订数据标准 (sjgf "edit as a new version"): the fields of the version in force, editable —
 * labels, units, required, code lists, ranges, lengths, patterns, order, optional fields dropped
 * or added back — checked by the same rules as the server (standard-rules.ts) and saved, after a
 * confirmation, as the next version. The version in force is never edited.
 */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons'
import { Alert, App, Button, Drawer, Input, InputNumber, Select, Space, Switch, Table, Typography } from 'antd'
import { useEffect, useMemo, useState } from 'react'
import type { StandardView } from '../../../../domain/contracts/datacenter'
import { DEFAULT_STANDARD, RECORD_KIND_LABEL, type StandardField } from '../../../../domain/datacenter/standard'
import { IDENTITY_FIELDS, tidyField, validateStandardFields, type DefinitionIssue } from '../../../../domain/datacenter/standard-rules'
import { ApiError } from '../../../core/api'
import { useCodeLists } from '../api/list-code-lists'
import { saveStandard } from '../api/save-standard'
import { FIELD_TYPE_NAMES } from './standard-table'

/** The editor of a new version, based on `std` (the version in force). */
export function StandardEditor({
  std,
  open,
  onClose,
  onSaved,
}: {
  std: StandardView
  open: boolean
  onClose: () => void
  onSaved: (version: number) => void
}) {
  const [fields, setFields] = useState<StandardField[]>(std.fields)
  const [remark, setRemark] = useState('')
  const [serverIssues, setServerIssues] = useState<DefinitionIssue[]>([])
  const [busy, setBusy] = useState(false)
  const lists = useCodeLists(open)
  const { modal, message } = App.useApp()
  useEffect(() => {
    if (open) {
      setFields(std.fields.map((f) => ({ ...f })))
      setRemark('')
      setServerIssues([])
    }
  }, [open, std])

  const known = useMemo(() => new Set((lists.data ?? []).map((l) => l.code)), [lists.data])
  const issues = useMemo(
    () => (lists.data ? validateStandardFields(std.kind, fields.map(tidyField), (d) => known.has(d)) : []),
    [fields, known, lists.data, std.kind],
  )
  const addable = DEFAULT_STANDARD[std.kind].filter((c) => !fields.some((f) => f.name === c.name))
  const identity = IDENTITY_FIELDS[std.kind]
  const change = (i: number, patch: Partial<StandardField>) => setFields((fs) => fs.map((f, j) => (j === i ? { ...f, ...patch } : f)))
  const move = (i: number, d: -1 | 1) =>
    setFields((fs) => {
      const next = [...fs]
      const [f] = next.splice(i, 1)
      next.splice(i + d, 0, f)
      return next
    })

  const save = () => {
    if (issues.length || !remark.trim()) return
    modal.confirm({
      title: `保存为${RECORD_KIND_LABEL[std.kind]}数据标准版本 ${std.version + 1}？`,
      content: '保存后立即生效：录入、导入检查和审核都按新版本校验；旧版本保留可查，不会被修改。',
      okText: '保存',
      cancelText: '取消',
      onOk: async () => {
        setBusy(true)
        try {
          const r = await saveStandard({ kind: std.kind, baseVersion: std.version, remark: remark.trim(), fields: fields.map(tidyField) })
          message.success(`已保存为版本 ${r.version}`)
          onSaved(r.version)
          onClose()
        } catch (err) {
          const e = err instanceof ApiError ? err : new ApiError(0, (err as Error).message)
          setServerIssues(e.details.length ? e.details : [{ field: 'fields', message: e.message }])
        } finally {
          setBusy(false)
        }
      },
    })
  }

  const shown = serverIssues.length ? serverIssues : issues
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1280}
      destroyOnHidden
      title={`修订${RECORD_KIND_LABEL[std.kind]}数据标准（基于版本 ${std.version}，保存为版本 ${std.version + 1}）`}
      data-testid="standard-editor"
      extra={
        <Space>
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" loading={busy} disabled={issues.length > 0 || !remark.trim()} onClick={save} data-testid="standard-save">
            保存为新版本
          </Button>
        </Space>
      }
    >
      {shown.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          title="以下问题修正后才能保存"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {shown.map((i) => (
                <li key={i.field + i.message}>{i.message}</li>
              ))}
            </ul>
          }
          data-testid="standard-issues"
        />
      )}
      <Space style={{ marginBottom: 12 }} wrap>
        <Input
          style={{ width: 420 }}
          placeholder="修订说明（必填），如：坐落改为必填"
          value={remark}
          maxLength={255}
          onChange={(e) => setRemark(e.target.value)}
          status={remark.trim() ? undefined : 'warning'}
          data-testid="standard-remark"
          aria-label="修订说明"
        />
        <Select
          style={{ width: 260 }}
          placeholder={addable.length ? '添加主表字段…' : '主表字段均已在标准中'}
          disabled={addable.length === 0}
          value={null}
          onChange={(name: string) => {
            const col = addable.find((c) => c.name === name)
            if (col) setFields((fs) => [...fs, { ...col }])
          }}
          options={addable.map((c) => ({ value: c.name, label: `${c.label}（${c.name}）` }))}
        />
        <Typography.Text type="secondary">字段名和类型由主表决定，不能修改；取值范围不能超出主表约束。</Typography.Text>
      </Space>
      <Table<StandardField & { i: number }>
        rowKey="name"
        size="small"
        pagination={false}
        dataSource={fields.map((f, i) => ({ ...f, i }))}
        scroll={{ x: 1480 }}
        columns={[
          {
            title: '字段',
            dataIndex: 'name',
            width: 170,
            render: (v: string, f) => (
              <span>
                <code>{v}</code>
                <br />
                <Typography.Text type="secondary">{FIELD_TYPE_NAMES[f.type]}</Typography.Text>
              </span>
            ),
          },
          {
            title: '中文名',
            key: 'label',
            width: 190,
            render: (_, f) => (
              <Input
                size="small"
                style={{ width: '100%' }}
                value={f.label}
                onChange={(e) => change(f.i, { label: e.target.value })}
                aria-label={`${f.name} 中文名`}
                data-testid={`std-label-${f.name}`}
              />
            ),
          },
          {
            title: '单位',
            key: 'unit',
            width: 90,
            render: (_, f) => (
              <Input
                size="small"
                style={{ width: '100%' }}
                value={f.unit ?? ''}
                onChange={(e) => change(f.i, { unit: e.target.value })}
                aria-label={`${f.name} 单位`}
              />
            ),
          },
          {
            title: '必填',
            key: 'required',
            width: 60,
            render: (_, f) => (
              <Switch
                size="small"
                checked={f.required}
                onChange={(required) => change(f.i, { required })}
                aria-label={`${f.name} 必填`}
                data-testid={`std-required-${f.name}`}
              />
            ),
          },
          {
            title: '代码表',
            key: 'dict',
            width: 190,
            render: (_, f) =>
              f.type === 'code' ? (
                <Select
                  size="small"
                  style={{ width: '100%' }}
                  value={f.dict}
                  onChange={(dict) => change(f.i, { dict })}
                  options={(lists.data ?? []).map((l) => ({ value: l.code, label: l.name }))}
                  aria-label={`${f.name} 代码表`}
                />
              ) : (
                '—'
              ),
          },
          {
            title: '取值范围',
            key: 'range',
            width: 190,
            render: (_, f) =>
              f.type === 'number' || f.type === 'integer' ? (
                <Space size={4}>
                  <InputNumber
                    size="small"
                    style={{ width: 80 }}
                    value={f.min}
                    onChange={(v) => change(f.i, { min: v ?? undefined })}
                    aria-label={`${f.name} 最小值`}
                  />
                  ~
                  <InputNumber
                    size="small"
                    style={{ width: 80 }}
                    value={f.max}
                    onChange={(v) => change(f.i, { max: v ?? undefined })}
                    aria-label={`${f.name} 最大值`}
                  />
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: '文本长度 / 格式（正则） / 格式说明',
            key: 'text',
            width: 440,
            render: (_, f) =>
              f.type === 'string' ? (
                <Space size={4}>
                  <InputNumber
                    size="small"
                    style={{ width: 70 }}
                    min={1}
                    value={f.maxLength}
                    onChange={(v) => change(f.i, { maxLength: v ?? undefined })}
                    aria-label={`${f.name} 最大长度`}
                  />
                  <Input
                    size="small"
                    style={{ width: 170 }}
                    value={f.pattern ?? ''}
                    onChange={(e) => change(f.i, { pattern: e.target.value })}
                    placeholder="正则，可空"
                    aria-label={`${f.name} 格式`}
                  />
                  <Input
                    size="small"
                    style={{ width: 150 }}
                    value={f.patternHint ?? ''}
                    onChange={(e) => change(f.i, { patternHint: e.target.value })}
                    placeholder="格式说明"
                    aria-label={`${f.name} 格式说明`}
                  />
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: '',
            key: 'ops',
            width: 100,
            render: (_, f) => (
              <Space size={0}>
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowUpOutlined />}
                  disabled={f.i === 0}
                  onClick={() => move(f.i, -1)}
                  aria-label="上移"
                />
                <Button
                  size="small"
                  type="text"
                  icon={<ArrowDownOutlined />}
                  disabled={f.i === fields.length - 1}
                  onClick={() => move(f.i, 1)}
                  aria-label="下移"
                />
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  disabled={identity.includes(f.name)}
                  onClick={() => setFields((fs) => fs.filter((_, j) => j !== f.i))}
                  aria-label="移除"
                />
              </Space>
            ),
          },
        ]}
      />
    </Drawer>
  )
}
