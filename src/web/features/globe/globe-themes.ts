/**
 * Colour themes of the 3D map (issue 5 "/system/3DMap"): land status, low-efficiency flag,
 * 亩均 appraisal class, lifecycle stage. Pure data: a legend and a colour per parcel.
 */
import { LIFECYCLE_STAGES, STAGE_NAMES, type LifecycleStage } from '../../../domain/lifecycle'
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

const NONE = '#9aa5b1'

/** parcel.status → colour (the 2D map's status palette should match; unify when it lands). */
const STATUS_COLORS: Record<string, string> = {
  已投产: '#2f9e44',
  在建: '#1c7ed6',
  已供未建: '#fab005',
  闲置: '#e8590c',
  低效: '#c92a2a',
  已收回: '#868e96',
}

/** 亩均效益评价 classes: A 优先支持, B 提升发展, C 调整转型, D 整治淘汰 (DOMAIN). */
const CLASS_COLORS = { A: '#2f9e44', B: '#1c7ed6', C: '#f59f00', D: '#e03131' } as const
const CLASS_NAMES = { A: 'A类 优先支持', B: 'B类 提升发展', C: 'C类 调整转型', D: 'D类 整治淘汰' } as const

/** Stage colours, cool to warm along the lifecycle. */
export const STAGE_COLORS: Record<LifecycleStage, string> = {
  xmqy: '#845ef7',
  tdgy: '#5c7cfa',
  xmkg: '#22b8cf',
  sgjs: '#fab005',
  jgys: '#fd7e14',
  xmtc: '#40c057',
  xmpj: '#087f5b',
}

/** The four themes, in the switch's order. */
export const GLOBE_THEMES: readonly GlobeTheme[] = [
  {
    key: 'status',
    label: '用地状态',
    legend: [...Object.entries(STATUS_COLORS).map(([label, color]) => ({ label, color }))],
    colorOf: (p) => STATUS_COLORS[p.status] ?? NONE,
  },
  {
    key: 'lowEfficiency',
    label: '低效用地',
    legend: [
      { label: '低效用地', color: '#e03131' },
      { label: '非低效', color: '#51cf66' },
    ],
    colorOf: (p) => (p.lowEfficiency ? '#e03131' : '#51cf66'),
  },
  {
    key: 'appraisal',
    label: '亩均评价',
    legend: [
      ...(['A', 'B', 'C', 'D'] as const).map((c) => ({ label: CLASS_NAMES[c], color: CLASS_COLORS[c] })),
      { label: '未评价', color: NONE },
    ],
    colorOf: (p) => (p.appraisalClass ? CLASS_COLORS[p.appraisalClass] : NONE),
  },
  {
    key: 'stage',
    label: '生命周期',
    legend: [...LIFECYCLE_STAGES.map((s) => ({ label: STAGE_NAMES[s], color: STAGE_COLORS[s] })), { label: '无项目', color: NONE }],
    colorOf: (p) => (p.stage ? STAGE_COLORS[p.stage] : NONE),
  },
]

/** The theme by key (status when unknown). */
export function themeOf(key: string): GlobeTheme {
  return GLOBE_THEMES.find((t) => t.key === key) ?? GLOBE_THEMES[0]
}

/** Colour for "no stage" in the lifecycle replay (before signing). */
export const NOT_YET_COLOR = NONE
