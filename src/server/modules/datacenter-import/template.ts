/**
 * 模板下载: an .xlsx generated from the data standard in force — the first sheet's header row is
 * the fields' labels (so a filled template maps itself), with drop-down lists for code fields;
 * a second sheet explains every field's rule; a third lists the code tables.
 */
import { EXTRA_TARGETS } from '../../../domain/datacenter/import-batch'
import { BUILTIN_CODE_LISTS, RECORD_KIND_LABEL, type DataStandard, type StandardField } from '../../../domain/datacenter/standard'
import type { Db } from '../../db/engine'
import { escapeCell, safeRow } from '../../http/xlsx'

const TYPE_TEXT: Record<StandardField['type'], string> = {
  string: '文本',
  integer: '整数',
  number: '数值',
  date: '日期（如 2024-03-05）',
  code: '代码（取代码表中的值）',
  region: '行政区划代码（6位，如 330102）',
  geometry: '图形',
}

function ruleText(f: StandardField): string {
  const parts: string[] = []
  if (f.min !== undefined && f.max !== undefined) parts.push(`${f.min} 至 ${f.max}`)
  else if (f.min !== undefined) parts.push(`不小于 ${f.min}`)
  else if (f.max !== undefined) parts.push(`不大于 ${f.max}`)
  if (f.maxLength) parts.push(`最多 ${f.maxLength} 个字符`)
  if (f.patternHint) parts.push(f.patternHint)
  if (f.check === 'creditCode') parts.push('18位，校验位按 GB 32100-2015 计算')
  if (f.check === 'parcelCode') parts.push('19位：县级区划码6位 + 地籍区3位 + 地籍子区3位 + 宗地特征码2位（如 GB）+ 顺序号5位')
  return parts.join('；')
}

/** Code lists by dict code: value → label (dict table, then the built-in lists). */
async function codeLists(db: Db, dicts: string[]): Promise<Map<string, { name: string; items: [string, string][] }>> {
  const out = new Map<string, { name: string; items: [string, string][] }>()
  for (const d of dicts) {
    const builtin = BUILTIN_CODE_LISTS[d]
    if (builtin) out.set(d, { name: builtin.name, items: Object.entries(builtin.items) })
  }
  const rows = await db.query<{ code: string; name: string; value: string; label: string }>(
    `SELECT d.code, d.name, i.value, i.label FROM dict d JOIN dict_item i ON i.dict_id = d.id
     WHERE d.code = ANY($1::text[]) AND i.status = 1 ORDER BY d.code, i.sort, i.id`,
    [dicts.filter((d) => !BUILTIN_CODE_LISTS[d])],
  )
  for (const r of rows.rows) {
    const list = out.get(r.code) ?? { name: r.name, items: [] }
    list.items.push([r.value, r.label])
    out.set(r.code, list)
  }
  return out
}

/** The template workbook of a standard, as bytes. */
export async function templateWorkbook(db: Db, standard: DataStandard): Promise<Buffer> {
  // loaded on first use (see source/xlsx.ts)
  const ExcelJS = (await import('exceljs')).default
  const wb = new ExcelJS.Workbook()
  wb.creator = '产业用地一张图'
  const noun = RECORD_KIND_LABEL[standard.kind]
  const columns = standard.fields.filter((f) => f.type !== 'geometry')
  const extras =
    standard.kind === 'enterprise'
      ? [EXTRA_TARGETS.__lng.label, EXTRA_TARGETS.__lat.label]
      : [EXTRA_TARGETS.__owner_name.label, EXTRA_TARGETS.__wkt.label]
  const lists = await codeLists(db, [...new Set(columns.flatMap((f) => (f.dict ? [f.dict] : [])))])

  const data = wb.addWorksheet(`${noun}数据`, { views: [{ state: 'frozen', ySplit: 1 }] })
  data.addRow(safeRow([...columns.map((f) => f.label), ...extras]))
  data.getRow(1).font = { bold: true }
  columns.forEach((f, i) => {
    const cell = data.getRow(1).getCell(i + 1)
    if (f.required) cell.font = { bold: true, color: { argb: 'FFC00000' } }
    data.getColumn(i + 1).width = Math.max(12, f.label.length * 2 + 4)
  })
  extras.forEach((_, i) => (data.getColumn(columns.length + i + 1).width = 18))

  // 填写说明 is the second sheet; it is filled once the code lists are placed
  const help = wb.addWorksheet('填写说明')
  const codes = wb.addWorksheet('代码表')
  let col = 1
  const ranges = new Map<string, string>()
  for (const [dict, list] of lists) {
    codes.getRow(1).getCell(col).value = escapeCell(`${list.name}（${dict}）`)
    codes.getRow(1).getCell(col).font = { bold: true }
    codes.getRow(1).getCell(col + 1).value = '名称'
    list.items.forEach(([value, label], i) => {
      codes.getRow(i + 2).getCell(col).value = escapeCell(value)
      codes.getRow(i + 2).getCell(col + 1).value = escapeCell(label)
    })
    const letter = codes.getColumn(col).letter
    ranges.set(dict, `'代码表'!$${letter}$2:$${letter}$${list.items.length + 1}`)
    codes.getColumn(col).width = 14
    codes.getColumn(col + 1).width = 30
    col += 3
  }
  columns.forEach((f, i) => {
    const range = f.dict ? ranges.get(f.dict) : undefined
    if (!range) return
    const letter = data.getColumn(i + 1).letter
    // a drop-down of the code list on the first 5 000 data rows
    ;(data as unknown as { dataValidations: { add(ref: string, v: object): void } }).dataValidations.add(`${letter}2:${letter}5001`, {
      type: 'list',
      allowBlank: !f.required,
      formulae: [range],
      showErrorMessage: true,
      errorTitle: f.label,
      error: `「${f.label}」请从代码表中选择`,
    })
  })

  help.addRow(safeRow([`${noun}数据导入模板（数据标准第 ${standard.version} 版）`])).font = { bold: true, size: 14 }
  help.addRow(['第一行为列名，请勿修改；从第二行起每行一条记录。红色列名为必填项。'])
  help.addRow([])
  help.addRow(['列名', '字段', '类型', '必填', '单位', '规则', '代码表']).font = { bold: true }
  for (const f of columns) {
    help.addRow(
      safeRow([
        f.label,
        f.name,
        TYPE_TEXT[f.type],
        f.required ? '是' : '否',
        f.unit ?? '',
        ruleText(f),
        f.dict ? `${lists.get(f.dict)?.name ?? f.dict}（见「代码表」）` : '',
      ]),
    )
  }
  if (standard.kind === 'enterprise') {
    help.addRow([EXTRA_TARGETS.__lng.label, '', '数值（WGS84 经度，如 120.15）', '否', '度', '企业位置；与纬度同时填写', ''])
    help.addRow([EXTRA_TARGETS.__lat.label, '', '数值（WGS84 纬度，如 30.28）', '否', '度', '企业位置；与经度同时填写', ''])
  } else {
    help.addRow([EXTRA_TARGETS.__owner_name.label, '', '文本', '否', '', '未填用地单位信用代码时，按企业名称关联用地单位', ''])
    help.addRow([
      EXTRA_TARGETS.__wkt.label,
      '',
      'WKT 文本（WGS84），如 POLYGON((120.1 30.2, …))',
      '否',
      '',
      '地块范围；有图形的数据建议用 Shapefile 或 GeoJSON 导入',
      '',
    ])
  }
  help.getColumn(1).width = 26
  help.getColumn(2).width = 22
  help.getColumn(3).width = 30
  help.getColumn(6).width = 60
  help.getColumn(7).width = 24
  return Buffer.from(await wb.xlsx.writeBuffer())
}
