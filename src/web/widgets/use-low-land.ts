/**
 * 低效用地 (台账 of record) and 疑似低效用地 of a district GET /api/stock/lowLand: the walls' 低效用地
 * for the 盘活 and 台账 pages, so every page says one number (issue 29).
 */
import { useQuery } from '@tanstack/react-query'
import type { LowLandFigures } from '../../domain/figures/low-land'
import { apiGet } from '../core/api'

/** The filter: a district (absent = the user's scope) and a year (absent or the current year = today). */
export interface LowLandFilter {
  regionCode?: string
  year?: number
}

/** 低效用地 as the walls count it, and 疑似低效用地 today. */
export const getLowLand = (f: LowLandFilter) => apiGet<LowLandFigures>('/api/stock/lowLand', { ...f })

/** react-query hook of {@link getLowLand}. */
export const useLowLand = (f: LowLandFilter) => useQuery({ queryKey: ['lowLand', f], queryFn: () => getLowLand(f) })
