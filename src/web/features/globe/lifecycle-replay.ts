/**
 * Pure rules of the lifecycle replay: the date range to replay, a project's colour on a date, the
 * stage counts on a date, the zone extruded as a project's land. Dates are YYYY-MM-DD text,
 * compared as text.
 */
import { LIFECYCLE_STAGES, overdueAt, stageAt, STAGE_NAMES, type LifecycleStage } from '../../../domain/lifecycle'
import { STAGE_DATE_KEYS, type GlobeLifecycleRow, type GlobeLifecycleZone } from '../../../domain/contracts/globe'
import { LIFECYCLE_STAGE_COLORS, NO_DATA_COLOR } from '../../../domain/palettes'

/**
 * First signing to today (or the last recorded stage date, if later), or null when there are no
 * projects: the replay ends on today's picture, so 逾期 is counted to today as on 一本账 (the
 * catalogue's overdueCount), not to the last date something was registered.
 */
export function replayRange(projects: GlobeLifecycleRow[], today: string): [string, string] | null {
  const dates = projects.flatMap((p) => STAGE_DATE_KEYS.map((k) => p[k]).filter((d): d is string => d !== null))
  if (dates.length === 0) return null
  dates.sort()
  const last = dates[dates.length - 1]
  return [dates[0], last > today ? last : today]
}

/** A project's colour on a date (grey before signing). */
export function projectColorAt(p: GlobeLifecycleRow, date: string): string {
  const s = stageAt(p, date)
  return s ? LIFECYCLE_STAGE_COLORS[s] : NO_DATA_COLOR
}

/** Projects per stage name on a date, plus 未签约 and 逾期. */
export function stageCountsAt(projects: GlobeLifecycleRow[], date: string): Record<string, number> & { 逾期: number } {
  const counts: Record<string, number> & { 逾期: number } = { 逾期: 0 }
  for (const s of LIFECYCLE_STAGES) counts[STAGE_NAMES[s]] = 0
  counts['未签约'] = 0
  for (const p of projects) {
    const s: LifecycleStage | null = stageAt(p, date)
    counts[s ? STAGE_NAMES[s] : '未签约'] += 1
    if (overdueAt(p, date)) counts.逾期 += 1
  }
  return counts
}

/** One zone per project to extrude as its land: the survey boundary (勘测定界), else the first one given. */
export function mainZones(zones: GlobeLifecycleZone[]): GlobeLifecycleZone[] {
  const byProject = new Map<number, GlobeLifecycleZone>()
  for (const z of zones) {
    const had = byProject.get(z.projectId)
    if (!had || (z.kind === '勘测定界' && had.kind !== '勘测定界')) byProject.set(z.projectId, z)
  }
  return [...byProject.values()]
}

/** Day offset ↔ date, for the slider. */
export const addDays = (iso: string, days: number): string =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86400000).toISOString().slice(0, 10)
export const daysBetween = (a: string, b: string): number =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86400000)
