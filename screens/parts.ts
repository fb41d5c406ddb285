/**
 * Pieces the wall screens share: the canvas frame, the data bindings of `/api/bigData/*` and the
 * usual figures. Plain data only (no React in screens/).
 */
import type { KpiItem } from '../src/web/screen/kpi-widget'
import type { BindingValue, DataBinding } from '../src/web/screen/screen-types'
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import type { SeriesField } from '../src/web/charts/chart-config'

/** The frame every screen starts from: 1920×1080 design, dark background, 90 px title bar. */
export const FRAME: Pick<WallScreen, 'design' | 'mode' | 'background' | 'titleHeight' | 'refreshMs'> = {
  design: { width: 1920, height: 1080 },
  mode: 'fit',
  background: 'radial-gradient(ellipse at 50% 30%, #0d2a5c 0%, #061533 45%, #030a1c 100%)',
  titleHeight: 90,
  refreshMs: 60_000,
}

/** The three columns of a 1920 design (x, w) and the content's top and bottom. */
export const COL = { left: [20, 450], centre: [486, 948], right: [1450, 450], top: 100, bottom: 1060 } as const

/** A box in a column from y to y + h. */
export function at(col: keyof Pick<typeof COL, 'left' | 'centre' | 'right'>, y: number, h: number) {
  return { x: COL[col][0], w: COL[col][1], y, h }
}

/** A statistics read scoped by the screen's year (and city / park where the screen has them). */
export function stat(
  path: string,
  scope: readonly ('cityCode' | 'parkId')[] = [],
  extra: Record<string, BindingValue> = {},
  refreshMs?: number,
): DataBinding {
  const params: Record<string, BindingValue> = { year: '$year', ...extra }
  for (const s of scope) params[s] = `$${s}`
  return { url: `/api/bigData/${path}`, params, ...(refreshMs ? { refreshMs } : {}) }
}

/** Headline figures (fields of /api/bigData/overview), each a figure of the catalogue (its 口径 on hover). */
export const FIG = {
  parcels: { field: 'parcelCount', label: '工业用地', unit: '宗', figure: 'parcelCount' },
  area: { field: 'parcelAreaMu', label: '用地面积', unit: '亩', digits: 0, figure: 'landAreaMu' },
  enterprises: { field: 'enterpriseCount', label: '用地企业', unit: '家', figure: 'landEnterpriseCount' },
  scale: { field: 'scaleCount', label: '规上企业', unit: '家', figure: 'scaleAboveCount' },
  rated: { field: 'ratedEnterpriseCount', label: '参评企业', unit: '家', figure: 'ratedEnterpriseCount' },
  parks: { field: 'parkCount', label: '开发区(园区)', unit: '个', figure: 'parkCount' },
  low: { field: 'lowEfficiencyCount', label: '低效闲置用地', unit: '宗', figure: 'lowEfficiencyCount' },
  tax: { field: 'tax', label: '实缴税金', money: true, figure: 'tax' },
  taxPerMu: { field: 'taxPerMu', label: '亩均税收', unit: '万元/亩', digits: 2, figure: 'taxPerMu' },
  vaPerMu: { field: 'valueAddedPerMu', label: '亩均增加值', unit: '万元/亩', digits: 2, figure: 'valueAddedPerMu' },
} as const satisfies Record<string, KpiItem>

/** Series fields of grouped rows; an enterprise count names its population (用地企业数, never 企业数). */
export const SERIES = {
  areaMu: { field: 'areaMu', name: '用地面积', unit: '亩', digits: 0, figure: 'landAreaMu' },
  parcelCount: { field: 'parcelCount', name: '地块数', unit: '宗', figure: 'parcelCount' },
  enterpriseCount: { field: 'enterpriseCount', name: '用地企业数', unit: '家', figure: 'landEnterpriseCount' },
  taxPerMu: { field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 2, figure: 'taxPerMu' },
  vaPerMu: { field: 'valueAddedPerMu', name: '亩均增加值', unit: '万元/亩', digits: 2, figure: 'valueAddedPerMu' },
  tax: { field: 'tax', name: '实缴税金', unit: '万元', digits: 0, figure: 'tax' },
  /** a class's count (`/api/bigData/classes` rows), named by the population it counts */
  parcelsOfClass: { field: 'count', name: '地块数', unit: '宗', figure: 'parcelCount' },
  areaOfClass: { field: 'areaMu', name: '用地面积', unit: '亩', figure: 'landAreaMu' },
  landEnterprisesOfClass: { field: 'count', name: '用地企业数', unit: '家', figure: 'landEnterpriseCount' },
  ratedOfClass: { field: 'count', name: '参评企业数', unit: '家', figure: 'ratedEnterpriseCount' },
  appraisedOfClass: { field: 'count', name: '评价范围企业数', unit: '家', figure: 'appraisedEnterpriseCount' },
} as const satisfies Record<string, SeriesField>

/** 亩均税收 ranking of enterprises as a scrolling table. */
export const TOP_ENTERPRISE_COLUMNS = [
  { field: 'name', title: '企业名称', flex: 3 },
  { field: 'countyName', title: '区县', flex: 1.2 },
  { field: 'taxPerMu', title: '亩均税收', flex: 1.3, digits: 2, align: 'right', figure: 'taxPerMu' },
] as const
