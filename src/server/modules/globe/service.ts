/** The globe's read rules: zoom → simplification, rows → plain shapes, stage and overdue today. */
import type { Db } from '../../db/engine'
import { overdueAt, stageAt, type LifecycleStage, type StageDates } from '../../../domain/lifecycle'
import {
  TIMELINE_DATE_KEYS,
  timelineRows,
  type TimelineDateKey,
  type GlobeLifecycleTimeline,
  type GlobeLifecycleProject,
  type GlobeLifecycleZonePage,
  type GlobeParcelInfo,
  type GlobeParcelPage,
  type GlobeRegion,
  type GlobeRegionOutline,
  type LifecycleZoneKind,
} from '../../../domain/contracts/globe'
import { notFound } from '../../http/errors'
import type { DataScope } from '../../auth/data-scope'
import * as repo from './repo'
import { shown } from '../../figures/values'
import { todayInProductZone } from '../../../domain/today'

type Rings = [number, number][][]

/** Outer rings of a GeoJSON Polygon / MultiPolygon text (holes are not extruded). */
export function outerRings(geojson: string | null): Rings {
  if (!geojson) return []
  const g = JSON.parse(geojson) as { type: string; coordinates: unknown }
  if (g.type === 'Polygon') return [(g.coordinates as Rings)[0]]
  if (g.type === 'MultiPolygon') return (g.coordinates as Rings[]).map((poly) => poly[0])
  return []
}

/** Today as YYYY-MM-DD (server clock, local calendar). */
const today = () => todayInProductZone()

function stageOf(row: { signedDate?: string | null }, date: string): LifecycleStage | null {
  return row.signedDate ? stageAt(row as unknown as StageDates, date) : null
}

/**
 * Simplification by zoom: below street level a parcel is a few pixels, so ~20 m (0.0002°) of
 * detail is invisible and halves the payload; from zoom 13 on the surveyed shape is sent.
 */
export const toleranceForZoom = (zoom: number): number => (zoom < 11 ? 0.0002 : zoom < 13 ? 0.00005 : 0)

/** Parcels in a box for the current view. */
export async function parcelsInView(
  db: Db,
  q: { bbox: number[]; zoom: number; limit: number },
  scope: DataScope,
): Promise<GlobeParcelPage> {
  const rows = await repo.parcelsInBox(db, { bbox: q.bbox, tolerance: toleranceForZoom(q.zoom), limit: q.limit, scope })
  const date = today()
  const truncated = rows.length > q.limit
  return {
    truncated,
    parcels: rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      landCode: r.landCode,
      name: r.name,
      status: r.status,
      height: Math.round(Number(r.height) * 10) / 10,
      lowEfficiency: r.lowEfficiency === true,
      appraisalClass: r.appraisalClass,
      stage: stageOf(r, date),
      rings: outerRings(r.geojson),
    })),
  }
}

/** One parcel for the info panel; 404 when unknown or outside the user's region. */
export async function parcelInfo(db: Db, id: number, scope: DataScope): Promise<GlobeParcelInfo> {
  const r = await repo.parcelInfo(db, id, scope)
  if (!r) throw notFound(`地块不存在或不在您的管辖范围内：${id}`)
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    id: r.id as number,
    landCode: r.landCode as string,
    name: r.name as string,
    status: r.status as string,
    landUseCode: r.landUseCode as string,
    areaM2: Number(r.areaM2),
    plotRatio: n(r.plotRatio),
    buildingDensity: n(r.buildingDensity),
    supplyDate: (r.supplyDate as string | null) ?? null,
    countyName: (r.countyName as string | null) ?? null,
    enterpriseName: (r.enterpriseName as string | null) ?? null,
    creditCode: (r.creditCode as string | null) ?? null,
    appraisalClass: (r.appraisalClass as GlobeParcelInfo['appraisalClass']) ?? null,
    taxPerMu: shown('taxPerMu', n(r.taxPerMu)),
    lowEfficiency: r.lowEfficiency === true,
    stage: stageOf(r as { signedDate?: string | null }, today()),
    bbox: [Number(r.w), Number(r.s), Number(r.e), Number(r.n)],
  }
}

/** Search by name or 宗地代码. */
export async function search(db: Db, keyword: string, scope: DataScope) {
  const rows = await repo.searchParcels(db, keyword, scope)
  return rows.map((r) => ({
    id: r.id,
    landCode: r.landCode,
    name: r.name,
    bbox: [r.w, r.s, r.e, r.n].map(Number) as [number, number, number, number],
  }))
}

/** The district picker's regions. */
export async function regionList(db: Db): Promise<GlobeRegion[]> {
  return (await repo.regions(db)).map((r) => ({
    code: r.code,
    name: r.name,
    level: r.level,
    parentCode: r.parentCode,
    bbox: r.w === null ? null : [Number(r.w), Number(r.s), Number(r.e), Number(r.n)],
    center: r.cx === null ? null : [Number(r.cx), Number(r.cy)],
  }))
}

const OUTLINE_TOLERANCE = { province: 0.01, city: 0.005, county: 0.003 } as const

/** Simplified boundaries of one level. */
export async function outlines(db: Db, level: 'province' | 'city' | 'county'): Promise<GlobeRegionOutline[]> {
  return (await repo.regionOutlines(db, level, OUTLINE_TOLERANCE[level])).map((r) => ({
    code: r.code,
    name: r.name,
    level,
    rings: outerRings(r.geojson),
    center: r.cx === null ? null : [Number(r.cx), Number(r.cy)],
  }))
}

/** The table column of each timeline date (signedDate → signed_date). */
const TIMELINE_COLUMN = Object.fromEntries(TIMELINE_DATE_KEYS.map((k) => [k, k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)])) as Record<
  TimelineDateKey,
  string
>

/** The lifecycle timeline as of `asOf` (default today): every project in scope, column by column. */
export async function lifecycle(db: Db, scope: DataScope, asOf = today()): Promise<GlobeLifecycleTimeline> {
  const rows = await repo.lifecycleTimeline(db, scope, Object.values(TIMELINE_COLUMN))
  const day = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  const days = Object.fromEntries(
    TIMELINE_DATE_KEYS.map((k) => [k, rows.map((r) => day(r[TIMELINE_COLUMN[k]]))]),
  ) as GlobeLifecycleTimeline['days']
  const t: GlobeLifecycleTimeline = {
    asOf,
    id: rows.map((r) => r.id),
    name: rows.map((r) => r.name),
    lng: rows.map((r) => (r.lng === null ? null : round5(Number(r.lng)))),
    lat: rows.map((r) => (r.lat === null ? null : round5(Number(r.lat)))),
    days,
    overdue: [],
  }
  // overdue by the one rule (domain/lifecycle overdueAt) on the dates as the client reads them
  t.overdue = timelineRows(t)
    .filter((r) => overdueAt(r, asOf))
    .map((r) => r.id)
  return t
}

/** One lifecycle project with stage and overdue flag today and the box to fly to; 404 when unknown or outside the region. */
export async function lifecycleProject(db: Db, id: number, scope: DataScope, asOf = today()): Promise<GlobeLifecycleProject> {
  const r = await repo.lifecycleProject(db, id, scope)
  if (!r) throw notFound(`项目不存在或不在您的管辖范围内：${id}`)
  const dates = r as unknown as StageDates
  const n = (v: unknown) => (v === null || v === undefined ? null : Number(v))
  return {
    id: r.id,
    name: r.name as string,
    parcelId: (r.parcelId as number | null) ?? null,
    landCode: (r.landCode as string | null) ?? null,
    enterpriseName: (r.enterpriseName as string | null) ?? null,
    signedDate: dates.signedDate,
    supplyDate: dates.supplyDate,
    startDate: dates.startDate,
    constructionDate: dates.constructionDate,
    completionDate: dates.completionDate,
    productionDate: dates.productionDate,
    evaluationDate: dates.evaluationDate,
    startDeadline: dates.startDeadline,
    completionDeadline: dates.completionDeadline,
    exitDate: dates.exitDate ?? null,
    stage: stageAt(dates, asOf),
    overdue: overdueAt(dates, asOf),
    investIntensity: n(r.investIntensity),
    committedPlotRatio: n(r.committedPlotRatio),
    committedTaxPerMu: n(r.committedTaxPerMu),
    bbox: r.w === null ? null : ([Number(r.w), Number(r.s), Number(r.e), Number(r.n)].map(round6) as [number, number, number, number]),
  }
}

/** The zones of the in-scope projects meeting a box, simplified for the zoom as the parcels are. */
export async function lifecycleZonesInView(
  db: Db,
  q: { bbox: number[]; zoom: number; limit: number },
  scope: DataScope,
): Promise<GlobeLifecycleZonePage> {
  const rows = await repo.lifecycleZonesInBox(db, { bbox: q.bbox, tolerance: toleranceForZoom(q.zoom), limit: q.limit, scope })
  return {
    truncated: rows.length > q.limit,
    zones: rows.slice(0, q.limit).map((r) => ({ projectId: r.projectId, kind: r.kind as LifecycleZoneKind, rings: outerRings(r.geojson) })),
  }
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6
const round5 = (v: number) => Math.round(v * 1e5) / 1e5
