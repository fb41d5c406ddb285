/**
 * The globe's read-only API (issue 5; /api/globe/*): query schemas shared by server validation and
 * the web's typed fetchers, and the shapes of the answers.
 */
import { z } from 'zod'
import type { LifecycleStage, StageDates } from '../lifecycle'

const num = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name}必须是数字` })
    .min(min, `${name}不能小于${min}`)
    .max(max, `${name}不能大于${max}`)

/** A lon/lat box 西,南,东,北 as text. */
const bboxText = z
  .string({ error: 'bbox不能为空' })
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'bbox格式应为 西,南,东,北（经纬度）')
  .refine((s) => {
    const [w, so, e, n] = s.split(',').map(Number)
    return w < e && so < n && w >= -180 && e <= 180 && so >= -90 && n <= 90
  }, 'bbox范围无效：应满足 西<东、南<北 且在经纬度范围内')

/** GET /api/globe/parcels query: a lon/lat box and the map zoom level. */
export const globeParcelQuery = z.object({
  bbox: bboxText,
  zoom: num('zoom', 0, 22).default(10),
  limit: num('limit', 1, 60000).int('limit必须是整数').default(20000),
})

/** GET /api/globe/lifecycle/zones query: the zones of the projects in a box, at a zoom level. */
export const globeLifecycleZoneQuery = z.object({
  bbox: bboxText,
  zoom: num('zoom', 0, 22).default(10),
  limit: num('limit', 1, 20000).int('limit必须是整数').default(6000),
})

/** GET /api/globe/search query. */
export const globeSearchQuery = z.object({
  keyword: z.string({ error: 'keyword不能为空' }).trim().min(1, 'keyword不能为空').max(50, 'keyword不能超过50个字符'),
})

/** GET /api/globe/lifecycle query. */
export const globeLifecycleQuery = z.object({
  asOf: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'asOf格式应为 YYYY-MM-DD')
    .optional(),
})

/** A parcel as the globe colours it. */
export interface GlobeParcel {
  id: number
  landCode: string
  name: string
  status: string
  /** extrusion height (m) */
  height: number
  lowEfficiency: boolean
  /** 亩均效益评价 class of the owner, null without figures */
  appraisalClass: 'A' | 'B' | 'C' | 'D' | null
  /** lifecycle stage today, null when the parcel has no project */
  stage: LifecycleStage | null
  /** outer rings, [[lng, lat], …] */
  rings: [number, number][][]
}

/** Answer of GET /api/globe/parcels. */
export interface GlobeParcelPage {
  parcels: GlobeParcel[]
  /** more parcels matched than `limit` */
  truncated: boolean
}

/** GET /api/globe/parcels/:id — the info panel. */
export interface GlobeParcelInfo {
  id: number
  landCode: string
  name: string
  status: string
  landUseCode: string
  areaM2: number
  plotRatio: number | null
  buildingDensity: number | null
  supplyDate: string | null
  countyName: string | null
  enterpriseName: string | null
  creditCode: string | null
  appraisalClass: 'A' | 'B' | 'C' | 'D' | null
  taxPerMu: number | null
  lowEfficiency: boolean
  stage: LifecycleStage | null
  bbox: [number, number, number, number]
}

/** A region of the district picker with its box. */
export interface GlobeRegion {
  code: string
  name: string
  level: 'province' | 'city' | 'county'
  parentCode: string | null
  bbox: [number, number, number, number] | null
  center: [number, number] | null
}

/** A region outline for the globe. */
export interface GlobeRegionOutline {
  code: string
  name: string
  level: 'province' | 'city' | 'county'
  rings: [number, number][][]
  center: [number, number] | null
}

/** The kinds of a lifecycle project's zones: 指界, 勘测定界, 竣工, 建新. */
export type LifecycleZoneKind = '指界' | '勘测定界' | '竣工' | '建新'

/** The stage dates of a lifecycle project, in stage order (签约 … 评价). */
export const STAGE_DATE_KEYS = [
  'signedDate',
  'supplyDate',
  'startDate',
  'constructionDate',
  'completionDate',
  'productionDate',
  'evaluationDate',
] as const satisfies readonly (keyof StageDates)[]

/** The date columns of the lifecycle timeline: the stage dates, then the deadlines and 退出. */
export const TIMELINE_DATE_KEYS = [
  ...STAGE_DATE_KEYS,
  'startDeadline',
  'completionDeadline',
  'exitDate',
] as const satisfies readonly (keyof StageDates)[]
export type TimelineDateKey = (typeof TIMELINE_DATE_KEYS)[number]

/**
 * GET /api/globe/lifecycle: every project in scope, column by column (a province holds tens of
 * thousands: a row of objects with repeated keys would be several times the size). Dates are days
 * since 1970-01-01; `timelineRows` turns the columns back into rows.
 */
export interface GlobeLifecycleTimeline {
  /** the day `overdue` is judged at (YYYY-MM-DD) */
  asOf: string
  id: number[]
  name: string[]
  /** a point inside the project's land (5 decimals): the survey boundary's centre, else its first zone's, else its parcel's */
  lng: (number | null)[]
  lat: (number | null)[]
  /** each stage date as days since 1970-01-01, null when not reached */
  days: Record<TimelineDateKey, (number | null)[]>
  /** ids of the projects overdue on `asOf` */
  overdue: number[]
}

/** One project of the timeline as a row. */
export interface GlobeLifecycleRow extends StageDates {
  id: number
  name: string
  point: [number, number] | null
  /** overdue on the timeline's `asOf` */
  overdue: boolean
}

const DAY_MS = 86_400_000
/** YYYY-MM-DD → days since 1970-01-01. */
export const dayNumber = (iso: string): number => Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS)
/** Days since 1970-01-01 → YYYY-MM-DD. */
export const dayText = (day: number): string => new Date(day * DAY_MS).toISOString().slice(0, 10)

/** The timeline's columns as rows. */
export function timelineRows(t: GlobeLifecycleTimeline): GlobeLifecycleRow[] {
  const overdue = new Set(t.overdue)
  return t.id.map((id, i) => {
    const date = (k: TimelineDateKey) => {
      const d = t.days[k][i]
      return d === null ? null : dayText(d)
    }
    const lng = t.lng[i]
    const lat = t.lat[i]
    return {
      id,
      name: t.name[i],
      point: lng === null || lat === null ? null : [lng, lat],
      overdue: overdue.has(id),
      signedDate: date('signedDate') as string,
      supplyDate: date('supplyDate'),
      startDate: date('startDate'),
      constructionDate: date('constructionDate'),
      completionDate: date('completionDate'),
      productionDate: date('productionDate'),
      evaluationDate: date('evaluationDate'),
      startDeadline: date('startDeadline'),
      completionDeadline: date('completionDeadline'),
      exitDate: date('exitDate'),
    }
  })
}

/** GET /api/globe/lifecycle/:id — one project: stage dates, commitments, where it is. */
export interface GlobeLifecycleProject extends StageDates {
  id: number
  name: string
  /** null while the planned land drawn at signing waits for the data centre's approval */
  parcelId: number | null
  landCode: string | null
  enterpriseName: string | null
  stage: LifecycleStage | null
  overdue: boolean
  investIntensity: number | null
  committedPlotRatio: number | null
  committedTaxPerMu: number | null
  /** 西,南,东,北 of all its zones (else the parcel); null without any shape */
  bbox: [number, number, number, number] | null
}

/** One zone of a lifecycle project, outer rings only. */
export interface GlobeLifecycleZone {
  projectId: number
  kind: LifecycleZoneKind
  rings: [number, number][][]
}

/** Answer of GET /api/globe/lifecycle/zones. */
export interface GlobeLifecycleZonePage {
  zones: GlobeLifecycleZone[]
  /** more zones met the box than `limit` (the smallest were left out) */
  truncated: boolean
}
