/**
 * Colour themes of the 3D map (issue 5 "/system/3DMap"): land status, low-efficiency flag,
 * 亩均 appraisal class, lifecycle stage. Pure data: a legend and a colour per parcel, in the
 * product's shared palettes (src/domain/palettes.ts), so the globe and the 2D map agree.
 */
import { LIFECYCLE_STAGES, STAGE_NAMES } from '../../../domain/lifecycle'
import {
  APPRAISAL_CLASS_COLORS,
  APPRAISAL_CLASS_NAMES,
  APPRAISAL_CLASSES,
  LIFECYCLE_STAGE_COLORS,
  LOW_EFFICIENCY_COLORS,
  NO_DATA_COLOR as NONE,
  PARCEL_STATUS_COLORS,
} from '../../../domain/palettes'
import type { GlobeParcel } from '../../../domain/contracts/globe'

/** Theme keys. */
export type GlobeThemeKey = 'status' | 'lowEfficiency' | 'appraisal' | 'stage'

/** One legend row. */
export interface LegendItem {
  label: string
  color: string
}

/** A colour theme. */
export interface GlobeTheme {
  key: GlobeThemeKey
  label: string
  legend: LegendItem[]
  colorOf(p: Pick<GlobeParcel, 'status' | 'lowEfficiency' | 'appraisalClass' | 'stage'>): string
}

/** The four themes, in the switch's order. */
export const GLOBE_THEMES: readonly GlobeTheme[] = [
  {
    key: 'status',
    label: '用地状态',
    legend: [...Object.entries(PARCEL_STATUS_COLORS).map(([label, color]) => ({ label, color }))],
    colorOf: (p) => PARCEL_STATUS_COLORS[p.status] ?? NONE,
  },
  {
    key: 'lowEfficiency',
    label: '低效用地',
    legend: [
      // 低效用地 (catalogue lowEfficiencyCount): the 台账 of record (认定, not 销号) and 闲置; 疑似 is not
      { label: '低效用地（含闲置）', color: LOW_EFFICIENCY_COLORS.low },
      { label: '非低效（含疑似）', color: LOW_EFFICIENCY_COLORS.notLow },
    ],
    colorOf: (p) => (p.lowEfficiency ? LOW_EFFICIENCY_COLORS.low : LOW_EFFICIENCY_COLORS.notLow),
  },
  {
    key: 'appraisal',
    label: '亩均评价',
    legend: [
      ...APPRAISAL_CLASSES.map((c) => ({ label: APPRAISAL_CLASS_NAMES[c], color: APPRAISAL_CLASS_COLORS[c] })),
      { label: '未评价', color: NONE },
    ],
    colorOf: (p) => (p.appraisalClass ? APPRAISAL_CLASS_COLORS[p.appraisalClass] : NONE),
  },
  {
    key: 'stage',
    label: '生命周期',
    legend: [
      ...LIFECYCLE_STAGES.map((s) => ({ label: STAGE_NAMES[s], color: LIFECYCLE_STAGE_COLORS[s] })),
      { label: '无项目', color: NONE },
    ],
    colorOf: (p) => (p.stage ? LIFECYCLE_STAGE_COLORS[p.stage] : NONE),
  },
]

/** The theme by key (status when unknown). */
export function themeOf(key: string): GlobeTheme {
  return GLOBE_THEMES.find((t) => t.key === key) ?? GLOBE_THEMES[0]
}
