/**
 * 低效用地 as the 台账 of record, and 疑似低效 beside it (issue 29): GET /api/stock/lowLand answers
 * both for a scope — 低效用地 (catalogue lowEfficiencyCount …, the walls' figure) as of today or a
 * past year's end, 疑似低效用地 (suspectedLowCount …) as of today — so the 台账 and 盘活 pages show the
 * same 低效用地 as the walls and name what is only flagged apart.
 */
import { z } from 'zod'
import { zjRegionCode } from '../contracts/fields'

/** GET /api/stock/lowLand: a district (absent = the user's scope) and a year (absent = today). */
export const lowLandQuery = z.object({
  regionCode: zjRegionCode.optional(),
  year: z.coerce
    .number({ error: '年度 year 应为数字' })
    .int('年度 year 应为整数')
    .min(1980, '年度 year 不能早于1980')
    .max(2100, '年度 year 不能晚于2100')
    .optional(),
})

/** The answer: 低效用地 of `year` (the current year: today), 疑似低效用地 today. */
export interface LowLandFigures {
  /** the stock figures' year; the current year means today (asOfLabel) */
  year: number
  lowEfficiencyCount: number
  lowEfficiencyAreaMu: number
  idleCount: number
  suspectedLowCount: number
  suspectedLowAreaMu: number
}
