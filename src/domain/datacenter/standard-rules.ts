/**
 * What a new version of a 数据标准 may say (sjgf "save as a new version"). A standard field names a
 * column of the master table (or the owner link of a parcel), so a version may reorder, relabel,
 * make required or optional, drop optional fields and tighten ranges, code lists and patterns —
 * but it cannot invent a column the approval could not write, change a column's type, or allow
 * a value the database itself refuses (its CHECK limits and text lengths).
 */
import { z } from 'zod'
import { DEFAULT_STANDARD, FIELD_TYPES, SPECIAL_CHECKS, type RecordKind, type StandardField } from './standard'
import { RECORD_KIND_LABEL } from './standard'

/** Limits the master table enforces on a column (migrations 0002: CHECK, NOT NULL and varchar lengths). */
export interface ColumnLimits {
  min?: number
  max?: number
  maxLength?: number
  /** NOT NULL without a blank default: when the standard has the field, it must be required */
  notNull?: true
  /** NOT NULL DEFAULT '': a blank value is stored as '' */
  blankText?: true
}

/** Hard limits of the master columns, by kind and field name. */
export const MASTER_COLUMN_LIMITS: Readonly<Record<RecordKind, Readonly<Record<string, ColumnLimits>>>> = {
  parcel: {
    land_code: { notNull: true },
    name: { maxLength: 200, notNull: true },
    land_use_code: { notNull: true },
    status: { notNull: true },
    location_desc: { maxLength: 255, blankText: true },
    plot_ratio: { min: 0 },
    building_density: { min: 0, max: 100 },
    building_area: { min: 0 },
    supply_price: { min: 0 },
    use_term_years: { min: 1, max: 70 },
  },
  enterprise: {
    credit_code: { notNull: true },
    name: { maxLength: 200, notNull: true },
    scale: { notNull: true },
    status: { notNull: true },
    legal_person: { maxLength: 50, blankText: true },
    registered_capital: { min: 0 },
    employees: { min: 0 },
    contact_person: { maxLength: 50, blankText: true },
    contact_phone: { maxLength: 30, blankText: true },
    address: { maxLength: 255, blankText: true },
  },
}

/** Fields every version must keep, and keep required: they identify the record. */
export const IDENTITY_FIELDS: Readonly<Record<RecordKind, readonly string[]>> = {
  parcel: ['land_code', 'name'],
  enterprise: ['credit_code', 'name'],
}

/** The field of the built-in definition (version 1) with that name: the column it stands for. */
export function masterColumn(kind: RecordKind, name: string): StandardField | undefined {
  return DEFAULT_STANDARD[kind].find((f) => f.name === name)
}

const optionalNumber = z.number({ error: '应为数字' }).finite().optional()

/** One field definition as the sjgf editor sends it. */
export const standardFieldSchema = z.object({
  name: z.string().trim().min(1, '字段名不能为空').max(64),
  label: z.string({ error: '中文名不能为空' }).trim().min(1, '中文名不能为空').max(50, '中文名最多50个字符'),
  type: z.enum(FIELD_TYPES, { error: `类型应为 ${FIELD_TYPES.join('、')} 之一` }),
  unit: z.string().trim().max(20, '单位最多20个字符').optional(),
  required: z.boolean({ error: '是否必填应为是或否' }),
  dict: z.string().trim().max(50).optional(),
  min: optionalNumber,
  max: optionalNumber,
  maxLength: z.number().int('最大长度应为整数').min(1, '最大长度至少为1').max(10000).optional(),
  pattern: z.string().max(500, '格式规则最多500个字符').optional(),
  patternHint: z.string().trim().max(100, '格式说明最多100个字符').optional(),
  check: z.enum(SPECIAL_CHECKS).optional(),
  geometryTypes: z.array(z.string()).readonly().optional(),
})

/** One broken rule of a definition: `field` is `fields.<i>.<attribute>` or `fields`. */
export interface DefinitionIssue {
  field: string
  message: string
}

const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) => JSON.stringify(a ?? []) === JSON.stringify(b ?? [])

/**
 * Checks the field list of a new version against the master columns. Empty strings of the
 * optional attributes are treated as absent. `codeListExists` tells whether a dict code names a
 * code list (dict table or built-in). Returns every issue, each message naming the field.
 */
export function validateStandardFields(
  kind: RecordKind,
  fields: readonly StandardField[],
  codeListExists: (dict: string) => boolean,
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = []
  const kindLabel = RECORD_KIND_LABEL[kind]
  if (fields.length === 0) return [{ field: 'fields', message: '数据标准至少要有一个字段' }]
  const seen = new Set<string>()
  fields.forEach((f, i) => {
    const at = (attr: string, message: string) =>
      issues.push({ field: `fields.${i}.${attr}`, message: `第 ${i + 1} 个字段「${f.label || f.name}」：${message}` })
    const col = masterColumn(kind, f.name)
    if (!col) {
      at('name', `「${f.name}」不是${kindLabel}主表的字段，审核入库时无处写入`)
      return
    }
    if (seen.has(f.name)) at('name', `字段「${f.name}」重复`)
    seen.add(f.name)
    if (f.type !== col.type) at('type', `类型不能由「${col.type}」改为「${f.type}」（主表字段类型固定）`)
    if (f.check !== col.check) at('check', col.check ? `必须保留「${col.check}」校验` : '该字段没有专门校验')
    if (!sameList(f.geometryTypes, col.geometryTypes)) at('geometryTypes', `几何类型固定为 ${(col.geometryTypes ?? []).join('、') || '无'}`)
    if (f.type === 'code') {
      if (!f.dict) at('dict', '代码字段必须指定代码表')
      else if (!codeListExists(f.dict)) at('dict', `代码表「${f.dict}」不存在`)
    } else if (f.dict) at('dict', '只有代码字段可以指定代码表')
    const numeric = f.type === 'number' || f.type === 'integer'
    if (!numeric && (f.min !== undefined || f.max !== undefined)) at('min', '只有数值字段可以设取值范围')
    if (f.min !== undefined && f.max !== undefined && f.min > f.max) at('min', `最小值 ${f.min} 大于最大值 ${f.max}`)
    if (f.type !== 'string' && (f.maxLength !== undefined || f.pattern)) at('maxLength', '只有文本字段可以设长度和格式')
    if (f.pattern) {
      try {
        new RegExp(`^(?:${f.pattern})$`)
      } catch {
        at('pattern', `格式规则「${f.pattern}」不是合法的正则表达式`)
      }
    }
    const hard = MASTER_COLUMN_LIMITS[kind][f.name] ?? {}
    if (hard.min !== undefined && (f.min === undefined || f.min < hard.min)) at('min', `最小值不能小于 ${hard.min}（主表约束）`)
    if (hard.max !== undefined && (f.max === undefined || f.max > hard.max)) at('max', `最大值不能大于 ${hard.max}（主表约束）`)
    if (hard.maxLength !== undefined && (f.maxLength === undefined || f.maxLength > hard.maxLength))
      at('maxLength', `最大长度不能超过 ${hard.maxLength}（主表约束）`)
    if (hard.notNull && !f.required && !IDENTITY_FIELDS[kind].includes(f.name)) at('required', '主表不允许为空，必须为必填')
  })
  for (const name of IDENTITY_FIELDS[kind]) {
    const f = fields.find((x) => x.name === name)
    const label = masterColumn(kind, name)?.label ?? name
    if (!f) issues.push({ field: 'fields', message: `「${label}」用于识别${kindLabel}，不能从标准中删除` })
    else if (!f.required)
      issues.push({ field: `fields.${fields.indexOf(f)}.required`, message: `「${label}」用于识别${kindLabel}，必须为必填` })
  }
  return issues
}

/** Drops empty optional attributes (the editor sends '' for a cleared input), keeping the order. */
export function tidyField(f: StandardField): StandardField {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined || v === null || v === '') continue
    if (Array.isArray(v) && v.length === 0) continue
    out[k] = typeof v === 'string' && k !== 'pattern' ? v.trim() : v
  }
  return out as unknown as StandardField
}
