/**
 * 数据采集 / 数据处理 batches (docs/domain.md "Data centre"; issue 7): the formats and coordinate systems an
 * import takes, the states a batch moves through, and the rules of the batch-level checks that
 * {@link checkRecord} (standard.ts) does not cover. Shared by the server and the pages.
 */

/** Source formats of an import batch. */
export const IMPORT_FORMATS = {
  xlsx: 'Excel 表格（.xlsx）',
  csv: 'CSV 文本（.csv，UTF-8 或 GBK）',
  shapefile: 'Shapefile 压缩包（.zip，含 .shp/.dbf/.shx/.prj，可含 .cpg）',
  geojson: 'GeoJSON（.geojson / .json）',
} as const
/** See {@link IMPORT_FORMATS}. */
export type ImportFormat = keyof typeof IMPORT_FORMATS

/** File extensions the import accepts. */
export const IMPORT_EXTENSIONS = ['.xlsx', '.csv', '.txt', '.zip', '.geojson', '.json'] as const

/**
 * Coordinate systems of source shapes. Everything is stored as EPSG:4326 (docs/architecture.md
 * "Database"); CGCS2000 geographic (4490) equals WGS84 at map scale.
 */
export const SOURCE_CRS = {
  '4326': 'WGS84 经纬度（EPSG:4326）',
  '4490': 'CGCS2000 经纬度（EPSG:4490）',
  '4549': 'CGCS2000 3度带 中央经线120°E（EPSG:4549）',
  gcj02: 'GCJ-02 火星坐标（高德、DataV）',
} as const
/** See {@link SOURCE_CRS}. */
export type SourceCrs = keyof typeof SOURCE_CRS
/** What the uploader declares: a system, or `auto` (read from .prj / the GeoJSON `crs` member, else 4326). */
export type DeclaredCrs = SourceCrs | 'auto'

/** 批次状态. */
export const BATCH_STATUSES = ['导入中', '导入失败', '已中断', '已上传', '检查中', '已检查', '已提交', '已退回'] as const
/** See {@link BATCH_STATUSES}. */
export type BatchStatus = (typeof BATCH_STATUSES)[number]

/**
 * The state machine of a batch. 导入中 and 检查中 are run by a job with a progress bar; a job
 * that stops (process killed) leaves 导入中 → 已中断 (rows removed, re-run from the stored file)
 * and 检查中 → 已上传 (checks are run again). Fixing a row or changing the mapping after a check
 * keeps 已检查 only for fixes (each fixed row is re-checked at once); a new mapping means 已上传.
 */
export const BATCH_TRANSITIONS: Readonly<Record<BatchStatus, readonly BatchStatus[]>> = {
  导入中: ['已上传', '导入失败', '已中断'],
  导入失败: ['导入中'],
  已中断: ['导入中'],
  已上传: ['检查中', '已上传', '已退回'],
  检查中: ['已检查', '已上传'],
  已检查: ['检查中', '已上传', '已检查', '已提交', '已退回'],
  已提交: [],
  已退回: [],
}

/** Whether a batch may go from one state to another. */
export function canMove(from: BatchStatus, to: BatchStatus): boolean {
  return BATCH_TRANSITIONS[from].includes(to)
}

/** States in which the rows of a batch can be read (staging finished, not failed). */
export const READABLE_STATUSES: readonly BatchStatus[] = ['已上传', '检查中', '已检查', '已提交', '已退回']
/** States in which the clerk may still change the batch (mapping, fixes, exclusions). */
export const EDITABLE_STATUSES: readonly BatchStatus[] = ['已上传', '已检查']

/** 行状态 after a check: '' = not checked yet. */
export type RowLevel = '' | '正常' | '警告' | '错误'

/** A row's state in words: 已排除, 未检查 (no check yet) or its level. */
export function rowLevelText(row: { level: RowLevel; excluded: boolean }): '已排除' | '未检查' | Exclude<RowLevel, ''> {
  return row.excluded ? '已排除' : row.level || '未检查'
}

/**
 * The value a staged row shows for a standard field: the checked record's, else the clerk's fix,
 * else the source column mapped to the field (so a value the check could not read still shows
 * as it was given); a fix that cleared the field shows blank.
 */
export function rowValue(
  row: { record: Record<string, unknown> | null; overrides: Record<string, unknown>; source: Record<string, unknown> },
  mapping: Readonly<Record<string, string>>,
  field: string,
): unknown {
  const given = field in row.overrides ? row.overrides[field] : mapping[field] ? row.source[mapping[field]] : null
  return row.record?.[field] ?? given ?? null
}

/** Rules of the batch-level checks, beside the field rules of checkRecord. */
export type BatchRule = 'geometryValid' | 'bounds' | 'location' | 'scope' | 'duplicate' | 'exists' | 'pending' | 'overlap' | 'link'

/** Chinese names of every rule a row issue can carry (field rules of checkRecord and batch rules). */
export const RULE_LABELS: Readonly<Record<string, string>> = {
  required: '必填',
  type: '类型',
  range: '取值范围',
  length: '长度',
  pattern: '格式',
  code: '代码表',
  region: '行政区划代码',
  creditCode: '统一社会信用代码校验位',
  parcelCode: '宗地代码格式',
  geometry: '几何类型',
  geometryValid: '几何有效性',
  bounds: '坐标范围',
  location: '位置与区县',
  scope: '数据范围',
  duplicate: '批次内重复',
  exists: '已存在（提交后为修改）',
  pending: '已有待审核的提交',
  overlap: '与地块重叠',
  link: '企业关联',
}

/** One issue of one row: a broken field rule or a batch rule. Errors block the commit, warnings do not. */
export interface RowIssue {
  field: string
  rule: string
  level: 'error' | 'warning'
  message: string
}

/**
 * 重叠容差: an imported parcel overlaps an existing one when the shared area is larger than BOTH
 * {@link OVERLAP_MIN_M2} and {@link OVERLAP_MIN_FRACTION} of the smaller parcel. Slivers along a
 * shared boundary (digitising noise, a metre-wide strip) are tolerated; a real overlap is not.
 */
export const OVERLAP_MIN_M2 = 10
/** See {@link OVERLAP_MIN_M2}. */
export const OVERLAP_MIN_FRACTION = 0.01
/** The overlap rule in words, for pages and messages. */
export const OVERLAP_RULE_TEXT = `重叠面积同时超过 ${OVERLAP_MIN_M2} 平方米且超过较小地块面积的 ${OVERLAP_MIN_FRACTION * 100}% 时视为重叠`

/** Whether an overlap counts (areas in m²). */
export function overlapCounts(sharedM2: number, areaA: number, areaB: number): boolean {
  return sharedM2 > OVERLAP_MIN_M2 && sharedM2 > OVERLAP_MIN_FRACTION * Math.min(areaA, areaB)
}

/**
 * How a parcel row found its enterprise (用地单位), in the order tried: the owner's credit code
 * in the master data (or in a submission awaiting audit), the exact enterprise name, the one
 * enterprise whose location lies inside the parcel.
 */
export const LINK_RULES = {
  creditCode: '按统一社会信用代码',
  pendingCreditCode: '按统一社会信用代码（企业待审核）',
  name: '按企业名称',
  location: '按企业位置落在地块内',
} as const
/** See {@link LINK_RULES}. */
export type LinkRule = keyof typeof LINK_RULES

/**
 * The enterprise a parcel row was linked to; before (or without) a link only the owner's name
 * the source gave, if any.
 */
export type RowLink = { rule: LinkRule; creditCode: string; name: string; ownerName?: string } | { rule?: undefined; ownerName: string }

/**
 * Pseudo fields a column may be mapped to besides the standard's fields: coordinates and shapes
 * in tabular files, and the owner's name (used only to link a parcel to its enterprise).
 */
export const EXTRA_TARGETS = {
  __lng: { label: '经度（X）', kinds: ['enterprise', 'parcel'] },
  __lat: { label: '纬度（Y）', kinds: ['enterprise', 'parcel'] },
  __wkt: { label: '图形（WKT 或 GeoJSON 文本）', kinds: ['enterprise', 'parcel'] },
  __owner_name: { label: '用地单位名称（用于关联企业）', kinds: ['parcel'] },
} as const
/** See {@link EXTRA_TARGETS}. */
export type ExtraTarget = keyof typeof EXTRA_TARGETS

/** Rough bounds of China (lon/lat): shapes outside were read in the wrong coordinate system. */
export const CHINA_BOUNDS = { minLng: 73, maxLng: 136, minLat: 3, maxLat: 54 } as const
