/** The fields of a 数据标准 version as a table: name, label, type, unit, required, code list, rules. */
import { Table, Tag } from 'antd'
import type { StandardView } from '../../../../domain/contracts/datacenter'
import type { FieldType, StandardField } from '../../../../domain/datacenter/standard'

/** 类型 in words. */
export const FIELD_TYPE_NAMES: Readonly<Record<FieldType, string>> = {
  string: '文本',
  integer: '整数',
  number: '数值',
  date: '日期',
  code: '代码',
  region: '行政区划',
  geometry: '图形',
}

/** The range, length, pattern and special checks of a field, in words. */
export function ruleText(f: StandardField): string {
  const parts: string[] = []
  if (f.min !== undefined || f.max !== undefined) parts.push(`取值 ${f.min ?? '不限'} ~ ${f.max ?? '不限'}`)
  if (f.maxLength !== undefined) parts.push(`不超过 ${f.maxLength} 字`)
  if (f.pattern) parts.push(`格式：${f.patternHint ?? f.pattern}`)
  if (f.check === 'creditCode') parts.push('统一社会信用代码校验位（GB 32100）')
  if (f.check === 'parcelCode') parts.push('宗地代码19位结构')
  if (f.geometryTypes?.length) parts.push(f.geometryTypes.includes('Point') ? '点' : '面（多边形）')
  if (f.type === 'date') parts.push('YYYY-MM-DD')
  return parts.join('；') || '—'
}

/** The field table of a version. */
export function StandardTable({ std, testId }: { std: Pick<StandardView, 'fields' | 'codeLists'>; testId?: string }) {
  return (
    <Table<StandardField & { i: number }>
      data-testid={testId}
      rowKey="name"
      size="small"
      pagination={false}
      dataSource={std.fields.map((f, i) => ({ ...f, i: i + 1 }))}
      columns={[
        { title: '序号', dataIndex: 'i', width: 60 },
        { title: '字段名', dataIndex: 'name', width: 190, render: (v: string) => <code>{v}</code> },
        { title: '中文名', dataIndex: 'label', width: 190 },
        { title: '类型', dataIndex: 'type', width: 90, render: (t: FieldType) => FIELD_TYPE_NAMES[t] },
        { title: '单位', dataIndex: 'unit', width: 80, render: (v?: string) => v ?? '—' },
        { title: '必填', dataIndex: 'required', width: 70, render: (v: boolean) => (v ? <Tag color="red">必填</Tag> : <Tag>选填</Tag>) },
        { title: '代码表', dataIndex: 'dict', width: 160, render: (d?: string) => (d ? (std.codeLists[d]?.name ?? d) : '—') },
        { title: '校验规则', key: 'rule', render: (_, f) => ruleText(f) },
      ]}
    />
  )
}
