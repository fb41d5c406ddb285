/**
 * 列映射 (数据采集): which source column feeds which field of the data standard. Suggested from
 * the column names (the field's label, its name, the names Zhejiang's land and enterprise ledgers
 * commonly use, and text similarity), then remembered per template (kind + header signature) once
 * the clerk saves it. Pure: used by the server when a batch is staged and by the mapping editor.
 */
import { EXTRA_TARGETS, type ExtraTarget } from './import-batch'
import type { RecordKind, StandardField } from './standard'

/** standard field name (or extra target) → source column name */
export type ColumnMapping = Record<string, string>

/** Column names ledgers use for each field, beside its label and name. */
export const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = {
  land_code: ['宗地编码', '宗地号', '宗地编号', '地块编码', '地块编号', '地块代码', 'ZDDM', 'landcode', 'landid'],
  name: ['名称', '宗地名称', '项目名称', '单位名称', 'DKMC', 'ZDMC', 'QYMC'],
  land_use_code: ['地类代码', '地类编码', '土地用途', '现状用途', 'DLBM'],
  planning_use_code: ['规划地类', '规划用途代码', 'GHYT'],
  county_code: ['区县代码', '行政区划代码', '县级行政区', '所在区县', '区县', 'XZQDM'],
  location_desc: ['土地坐落', '地块坐落', '坐落位置', 'ZL'],
  status: ['状态', '现状'],
  plot_ratio: ['RJL'],
  building_density: ['JZMD'],
  building_area: ['JZMJ'],
  supply_date: ['供地时间', '出让日期', '供应日期'],
  supply_method: ['供应方式', '出让方式'],
  supply_price: ['成交价款', '出让金', '价款'],
  use_term_years: ['使用年限', '土地使用年限'],
  agreed_start_date: ['约定开工时间'],
  agreed_completion_date: ['约定竣工时间'],
  actual_start_date: ['实际开工时间', '开工日期'],
  actual_completion_date: ['实际竣工时间', '竣工日期'],
  owner_credit_code: ['统一社会信用代码', '信用代码', '用地单位信用代码', '企业信用代码', 'TYSHXYDM'],
  credit_code: ['信用代码', '社会信用代码', 'TYSHXYDM', 'USCC'],
  industry_code: ['行业代码', '行业', '行业分类', '国民经济行业分类'],
  scale: ['规模', '规上规下', '企业类型'],
  legal_person: ['法人', '法人代表', '法定代表人姓名'],
  established_date: ['成立时间', '注册日期'],
  registered_capital: ['注册资金'],
  employees: ['职工人数', '员工人数', '人数', '从业人员'],
  contact_phone: ['电话', '手机', '联系方式'],
  address: ['注册地址', '经营地址', '企业地址'],
  __lng: ['经度', 'lng', 'lon', 'longitude', 'X', 'X坐标'],
  __lat: ['纬度', 'lat', 'latitude', 'Y', 'Y坐标'],
  __wkt: ['wkt', 'geometry', '几何', '图形', 'shape'],
  __owner_name: ['用地单位', '用地单位名称', '企业名称', '权利人', '使用权人', '土地使用者'],
}

/** A mapping target: a standard field (geometry fields come from the shape, not a column) or an extra target. */
export interface MappingTarget {
  name: string
  label: string
  required: boolean
}

/** The targets a column may feed for a kind of record. */
export function mappingTargets(kind: RecordKind, fields: readonly StandardField[]): MappingTarget[] {
  const standard = fields.filter((f) => f.type !== 'geometry').map((f) => ({ name: f.name, label: f.label, required: f.required }))
  const extra = (Object.keys(EXTRA_TARGETS) as ExtraTarget[])
    .filter((k) => (EXTRA_TARGETS[k].kinds as readonly string[]).includes(kind))
    .map((k) => ({ name: k, label: EXTRA_TARGETS[k].label, required: false }))
  return [...standard, ...extra]
}

/** A column name reduced for comparison: lower case, half-width, no spaces, brackets or punctuation. */
export function normaliseHeader(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s_\-·.:：/\\()（）[\]【】<>《》"'“”‘’,，、*#]/g, '')
}

function bigrams(s: string): string[] {
  const out: string[] = []
  for (let i = 0; i + 1 < s.length; i++) out.push(s.slice(i, i + 2))
  return out
}

/** Dice coefficient of character bigrams (0..1). */
export function similarity(a: string, b: string): number {
  if (a === b) return 1
  const x = bigrams(a)
  const y = bigrams(b)
  if (!x.length || !y.length) return 0
  const pool = [...y]
  let hits = 0
  for (const g of x) {
    const i = pool.indexOf(g)
    if (i >= 0) {
      hits++
      pool.splice(i, 1)
    }
  }
  return (2 * hits) / (x.length + y.length)
}

/** How well a column name fits a target (1 = the label, name or an alias exactly). */
export function matchScore(header: string, target: MappingTarget): number {
  const h = normaliseHeader(header)
  if (!h) return 0
  const names = [target.label, target.name, ...(FIELD_ALIASES[target.name] ?? [])].map(normaliseHeader).filter(Boolean)
  if (names.includes(h)) return 1
  let best = 0
  for (const n of names) {
    if (n.length >= 2 && h.length >= 2 && (h.includes(n) || n.includes(h)))
      best = Math.max(best, 0.85 * (Math.min(n.length, h.length) / Math.max(n.length, h.length)) + 0.1)
    best = Math.max(best, similarity(h, n))
  }
  return best
}

/** Below this a column is not suggested for a target. */
export const MATCH_THRESHOLD = 0.6

/**
 * The suggested mapping: best pairs first, each column and each target used once, pairs under
 * {@link MATCH_THRESHOLD} left out.
 */
export function suggestMapping(headers: readonly string[], targets: readonly MappingTarget[]): ColumnMapping {
  const pairs: { header: string; target: string; score: number; order: number }[] = []
  headers.forEach((h, hi) =>
    targets.forEach((t, ti) => pairs.push({ header: h, target: t.name, score: matchScore(h, t), order: hi * 1000 + ti })),
  )
  pairs.sort((a, b) => b.score - a.score || a.order - b.order)
  const mapping: ColumnMapping = {}
  const used = new Set<string>()
  for (const p of pairs) {
    if (p.score < MATCH_THRESHOLD) break
    if (p.target in mapping || used.has(p.header)) continue
    mapping[p.target] = p.header
    used.add(p.header)
  }
  return mapping
}

/** The text a header signature is the hash of: the normalised column names, in file order. */
export function signatureText(headers: readonly string[]): string {
  return headers.map(normaliseHeader).join('\u0001')
}

/**
 * Problems of a mapping the clerk wants to save, in Chinese: unknown targets, columns that do
 * not exist, one column feeding two targets is allowed (e.g. a code used for two fields) but a
 * required field without a column is named so the clerk knows the check will flag every row.
 */
export function mappingProblems(mapping: ColumnMapping, headers: readonly string[], targets: readonly MappingTarget[]): string[] {
  const known = new Map(targets.map((t) => [t.name, t]))
  const problems: string[] = []
  for (const [target, header] of Object.entries(mapping)) {
    if (!known.has(target)) problems.push(`「${target}」不是可映射的字段`)
    else if (!headers.includes(header)) problems.push(`「${known.get(target)?.label}」映射的列「${header}」不在源文件中`)
  }
  return problems
}
