/**
 * 数据标准 (sjgf): the field dictionary of parcel (工业用地, gyyd) and enterprise (用地单位, yddw)
 * records, and the one checker every entry point uses — the import checks of 数据处理 (sjcl), the
 * one-record forms of 数据更新 (input / gyydInput / yddwInput) on the server and in the browser.
 * A standard is versioned data (table dc_standard); {@link DEFAULT_STANDARD} is version 1.
 * Changing a rule in the stored standard changes what passes, because nothing else checks fields.
 */
import { validateCreditCode } from '../codes/credit-code'
import { INDUSTRY_DIVISIONS } from '../codes/industry'
import { LAND_USE_CODES, RECLAIMED_LAND_USE_CODES, PLANNING_USE_CODES } from '../codes/land-use'
import { validateParcelCode } from '../codes/parcel-code'

/** The two kinds of master record the data centre keeps: 地块 and 企业. */
export const RECORD_KINDS = ['parcel', 'enterprise'] as const
/** parcel = 工业用地 (gyyd), enterprise = 用地单位 (yddw). */
export type RecordKind = (typeof RECORD_KINDS)[number]
/** Chinese name of a record kind. */
export const RECORD_KIND_LABEL: Readonly<Record<RecordKind, string>> = { parcel: '地块', enterprise: '企业' }

/**
 * Value types of a field. `code` takes a value of a code list (`dict`); `region` a division code
 * of the region table; `date` is YYYY-MM-DD; `geometry` is GeoJSON in EPSG:4326.
 */
export const FIELD_TYPES = ['string', 'integer', 'number', 'date', 'code', 'region', 'geometry'] as const
/** See {@link FIELD_TYPES}. */
export type FieldType = (typeof FIELD_TYPES)[number]

/** Checks beyond type and range that a field may name, each with its own official rule. */
export const SPECIAL_CHECKS = ['creditCode', 'parcelCode'] as const
/** creditCode = GB 32100-2015 check char; parcelCode = 宗地代码 form (19 chars). */
export type SpecialCheck = (typeof SPECIAL_CHECKS)[number]

/** One field of a standard. `name` is the master table's column (or a link key such as owner_credit_code). */
export interface StandardField {
  name: string
  /** 中文名, used in every message about the field */
  label: string
  type: FieldType
  /** 单位 shown beside the value, e.g. 平方米, 万元 */
  unit?: string
  required: boolean
  /** code list for `code` fields: a dict code (dict table) or a built-in list of {@link BUILTIN_CODE_LISTS} */
  dict?: string
  /** inclusive bounds of `number` and `integer` fields */
  min?: number
  max?: number
  /** longest text in characters */
  maxLength?: number
  /** regular expression (source text, whole value) for strings */
  pattern?: string
  /** what the pattern means, for the message: 「联系电话」格式应为{patternHint} */
  patternHint?: string
  check?: SpecialCheck
  /** accepted geometry types for `geometry` fields */
  geometryTypes?: readonly string[]
}

/** A versioned standard for one kind of record. */
export interface DataStandard {
  kind: RecordKind
  version: number
  fields: StandardField[]
}

/** Code lists that live in the domain code tables rather than in the dict table. */
export const BUILTIN_CODE_LISTS: Readonly<Record<string, { name: string; items: Readonly<Record<string, string>> }>> = {
  // a 复垦 parcel keeps its new 农用地 class (it leaves the industrial books as 已收回)
  land_use: { name: '现状地类', items: { ...LAND_USE_CODES, ...RECLAIMED_LAND_USE_CODES } },
  planning_use: { name: '规划用途', items: PLANNING_USE_CODES },
  industry: { name: '国民经济行业分类', items: INDUSTRY_DIVISIONS },
}

const POLYGONAL = ['Polygon', 'MultiPolygon'] as const

/** Version 1 of the parcel standard: the columns of table parcel that a clerk maintains. */
export const DEFAULT_PARCEL_FIELDS: StandardField[] = [
  { name: 'land_code', label: '宗地代码', type: 'string', required: true, check: 'parcelCode' },
  { name: 'name', label: '地块名称', type: 'string', required: true, maxLength: 200 },
  { name: 'land_use_code', label: '现状地类', type: 'code', required: true, dict: 'land_use' },
  { name: 'planning_use_code', label: '规划用途', type: 'code', required: false, dict: 'planning_use' },
  { name: 'county_code', label: '所在县（市、区）', type: 'region', required: false },
  { name: 'location_desc', label: '坐落', type: 'string', required: false, maxLength: 255 },
  { name: 'status', label: '地块状态', type: 'code', required: true, dict: 'parcel_status' },
  { name: 'plot_ratio', label: '容积率', type: 'number', required: false, min: 0, max: 20 },
  { name: 'building_density', label: '建筑密度', type: 'number', unit: '%', required: false, min: 0, max: 100 },
  { name: 'building_area', label: '建筑面积', type: 'number', unit: '平方米', required: false, min: 0, max: 10_000_000 },
  { name: 'supply_date', label: '供地日期', type: 'date', required: false },
  { name: 'supply_method', label: '供地方式', type: 'code', required: false, dict: 'supply_method' },
  { name: 'supply_price', label: '出让价款', type: 'number', unit: '万元', required: false, min: 0, max: 10_000_000 },
  { name: 'use_term_years', label: '出让年限', type: 'integer', unit: '年', required: false, min: 1, max: 70 },
  { name: 'agreed_start_date', label: '约定开工日期', type: 'date', required: false },
  { name: 'agreed_completion_date', label: '约定竣工日期', type: 'date', required: false },
  { name: 'actual_start_date', label: '实际开工日期', type: 'date', required: false },
  { name: 'actual_completion_date', label: '实际竣工日期', type: 'date', required: false },
  { name: 'owner_credit_code', label: '用地单位统一社会信用代码', type: 'string', required: false, check: 'creditCode' },
  { name: 'geom', label: '地块范围', type: 'geometry', required: false, geometryTypes: POLYGONAL },
]

/** Version 1 of the enterprise standard: the columns of table enterprise that a clerk maintains. */
export const DEFAULT_ENTERPRISE_FIELDS: StandardField[] = [
  { name: 'credit_code', label: '统一社会信用代码', type: 'string', required: true, check: 'creditCode' },
  { name: 'name', label: '企业名称', type: 'string', required: true, maxLength: 200 },
  { name: 'industry_code', label: '所属行业', type: 'code', required: false, dict: 'industry' },
  { name: 'scale', label: '企业规模', type: 'code', required: true, dict: 'enterprise_scale' },
  { name: 'status', label: '经营状态', type: 'code', required: true, dict: 'enterprise_status' },
  { name: 'legal_person', label: '法定代表人', type: 'string', required: false, maxLength: 50 },
  { name: 'established_date', label: '成立日期', type: 'date', required: false },
  { name: 'registered_capital', label: '注册资本', type: 'number', unit: '万元', required: false, min: 0, max: 100_000_000 },
  { name: 'employees', label: '从业人数', type: 'integer', unit: '人', required: false, min: 0, max: 1_000_000 },
  { name: 'contact_person', label: '联系人', type: 'string', required: false, maxLength: 50 },
  {
    name: 'contact_phone',
    label: '联系电话',
    type: 'string',
    required: false,
    maxLength: 30,
    pattern: '(1[3-9]\\d{9})|(0\\d{2,3}-?\\d{7,8})',
    patternHint: '11位手机号或带区号的固定电话',
  },
  { name: 'address', label: '地址', type: 'string', required: false, maxLength: 255 },
  { name: 'county_code', label: '所在县（市、区）', type: 'region', required: false },
  { name: 'location', label: '企业位置', type: 'geometry', required: false, geometryTypes: ['Point'] },
]

/** The standard a fresh database starts with (version 1 of each kind). */
export const DEFAULT_STANDARD: Readonly<Record<RecordKind, StandardField[]>> = {
  parcel: DEFAULT_PARCEL_FIELDS,
  enterprise: DEFAULT_ENTERPRISE_FIELDS,
}

/** Names of the rules a field can break; `message` always names the field's label. */
export type IssueRule = 'required' | 'type' | 'range' | 'length' | 'pattern' | 'code' | 'region' | SpecialCheck | 'geometry'

/** One broken rule of one field. */
export interface FieldIssue {
  field: string
  rule: IssueRule
  message: string
}

/** What the checker needs to know about code lists and regions (loaded once per check run). */
export interface CheckLookups {
  /** allowed values of a code list, or undefined when the list does not exist */
  codeList(dict: string): ReadonlySet<string> | undefined
  /** whether a division code exists in the region table */
  isRegion(code: string): boolean
}

/** The result of checking one raw record: normalised values (by field name) and the issues found. */
export interface CheckResult {
  value: Record<string, unknown>
  issues: FieldIssue[]
}

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Excel serial day 25569 is 1970-01-01 (the 1900 date system as spreadsheets store it). */
const EXCEL_EPOCH_OFFSET_DAYS = 25569

function isBlank(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '')
}

function toNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null
  if (typeof v !== 'string') return null
  const s = v.trim().replace(/,/g, '')
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s)) return null
  return Number(s)
}

/** A date as YYYY-MM-DD from text (2024-3-5, 2024/03/05, 2024.03.05, 2024年3月5日), a Date or an Excel serial. */
export function normaliseDate(v: unknown): string | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10)
  if (typeof v === 'number') {
    if (!Number.isInteger(v) || v < 1 || v > 2_958_465) return null
    return new Date((v - EXCEL_EPOCH_OFFSET_DAYS) * 86_400_000).toISOString().slice(0, 10)
  }
  if (typeof v !== 'string') return null
  const m = /^(\d{4})\s*[-/.年]\s*(\d{1,2})\s*[-/.月]\s*(\d{1,2})\s*日?$/.exec(v.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return date.toISOString().slice(0, 10)
}

function formatBound(f: StandardField): string {
  const unit = f.unit ? ` ${f.unit}` : ''
  if (f.min !== undefined && f.max !== undefined) return `应在 ${f.min} 至 ${f.max}${unit} 之间`
  if (f.min !== undefined) return `应不小于 ${f.min}${unit}`
  return `应不大于 ${f.max}${unit}`
}

function checkGeometry(f: StandardField, v: unknown): FieldIssue | null {
  const g = v as { type?: unknown; coordinates?: unknown } | null
  if (typeof g !== 'object' || g === null || typeof g.type !== 'string' || !Array.isArray(g.coordinates)) {
    return { field: f.name, rule: 'type', message: `「${f.label}」应为 GeoJSON 几何` }
  }
  if (f.geometryTypes && !f.geometryTypes.includes(g.type)) {
    return { field: f.name, rule: 'geometry', message: `「${f.label}」应为${f.geometryTypes.join('或')}，得到 ${g.type}` }
  }
  return null
}

/**
 * Checks one raw record (from a spreadsheet row, a shapefile feature or a form) against the fields
 * of a standard, and normalises what it can: trimmed text, numbers from text, dates to YYYY-MM-DD,
 * codes and credit codes to upper case. Fields the standard does not name are dropped. Every issue
 * message names the field's Chinese label and the rule, so it can be shown as is.
 */
export function checkRecord(fields: readonly StandardField[], raw: Readonly<Record<string, unknown>>, lookups: CheckLookups): CheckResult {
  const value: Record<string, unknown> = {}
  const issues: FieldIssue[] = []
  const issue = (f: StandardField, rule: IssueRule, message: string) => issues.push({ field: f.name, rule, message })
  for (const f of fields) {
    const v = raw[f.name]
    if (isBlank(v)) {
      value[f.name] = null
      if (f.required) issue(f, 'required', `「${f.label}」为必填项`)
      continue
    }
    switch (f.type) {
      case 'integer':
      case 'number': {
        const n = toNumber(v)
        if (n === null) {
          issue(f, 'type', `「${f.label}」应为数字，得到「${String(v)}」`)
          continue
        }
        if (f.type === 'integer' && !Number.isInteger(n)) {
          issue(f, 'type', `「${f.label}」应为整数，得到 ${n}`)
          continue
        }
        value[f.name] = n
        if ((f.min !== undefined && n < f.min) || (f.max !== undefined && n > f.max))
          issue(f, 'range', `「${f.label}」${formatBound(f)}，得到 ${n}`)
        break
      }
      case 'date': {
        const d = normaliseDate(v)
        if (d === null || !DATE_RE.test(d)) {
          issue(f, 'type', `「${f.label}」应为日期（如 2024-03-05），得到「${String(v)}」`)
          continue
        }
        value[f.name] = d
        break
      }
      case 'code': {
        const s = String(v).trim()
        value[f.name] = s
        const list = f.dict ? lookups.codeList(f.dict) : undefined
        if (!list) issue(f, 'code', `「${f.label}」的代码表「${f.dict ?? ''}」不存在，请在数据标准中修正`)
        else if (!list.has(s)) issue(f, 'code', `「${f.label}」的值「${s}」不在代码表中`)
        break
      }
      case 'region': {
        const s = String(v).trim()
        value[f.name] = s
        if (!lookups.isRegion(s)) issue(f, 'region', `「${f.label}」的行政区划代码「${s}」不存在`)
        break
      }
      case 'geometry': {
        const bad = checkGeometry(f, v)
        if (bad) issues.push(bad)
        else value[f.name] = v
        break
      }
      case 'string': {
        let s = String(v).trim()
        if (f.check) s = s.toUpperCase()
        value[f.name] = s
        if (f.maxLength !== undefined && [...s].length > f.maxLength) issue(f, 'length', `「${f.label}」不能超过 ${f.maxLength} 个字符`)
        if (f.pattern && !new RegExp(`^(?:${f.pattern})$`).test(s))
          issue(f, 'pattern', `「${f.label}」格式应为${f.patternHint ?? `「${f.pattern}」`}`)
        if (f.check === 'creditCode') {
          const m = validateCreditCode(s)
          if (m) issue(f, 'creditCode', `「${f.label}」：${m}`)
        } else if (f.check === 'parcelCode') {
          const m = validateParcelCode(s)
          if (m) issue(f, 'parcelCode', `「${f.label}」：${m}`)
        }
        break
      }
    }
  }
  return { value, issues }
}
