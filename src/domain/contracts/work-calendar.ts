/**
 * 工作日历 (系统设置 → 工作日历, issue 28): the holidays and 调休 working days of the product's
 * calendar and the due-process periods counted on it (/api/workCalendar/*).
 */
import { z } from 'zod'
import { isDate } from '../work-calendar'

const day = z.string({ error: '日期 day 必填' }).refine(isDate, '日期 day 应为 YYYY-MM-DD 格式的有效日期')

/** GET /api/workCalendar/list */
export const calendarListQuery = z.object({
  year: z.coerce
    .number({ error: '年度 year 应为数字' })
    .int('年度 year 应为整数')
    .min(2000, '年度 year 不能早于2000')
    .max(2100, '年度 year 不能晚于2100'),
})

/** POST /api/workCalendar/save: marks a day 休 (a holiday) or 班 (a 调休 working day). */
export const calendarSaveBody = z.object({
  day,
  mark: z.enum(['休', '班'], { error: '类型 mark 应为 休（节假日）或 班（调休上班）' }),
  name: z.string().trim().min(1, '名称 name 不能为空，如 春节').max(40, '名称 name 最多40个字'),
})

/** POST /api/workCalendar/delete: the day is again what its weekday makes it. */
export const calendarDeleteBody = z.object({ day })

/** POST /api/workCalendar/settings */
export const dueSettingsBody = z.object({
  publicityDays: z
    .number({ error: '公示期 publicityDays 应为数字' })
    .int('公示期 publicityDays 应为整数')
    .min(5, '公示期 publicityDays 不能少于5个工作日')
    .max(30, '公示期 publicityDays 最多30个工作日'),
  hearingDays: z
    .number({ error: '听证申请期限 hearingDays 应为数字' })
    .int('听证申请期限 hearingDays 应为整数')
    .min(3, '听证申请期限 hearingDays 不能少于3个工作日')
    .max(30, '听证申请期限 hearingDays 最多30个工作日'),
})

/** One marked day. */
export interface CalendarDay {
  day: string
  mark: '休' | '班'
  name: string
  updatedBy: string
}

/** GET /api/workCalendar/list: the marked days of a year and the year's working-day count. */
export interface CalendarYear {
  year: number
  days: CalendarDay[]
  workingDays: number
  publicityDays: number
  hearingDays: number
  today: string
}
