/** 保存节假日 POST /api/workCalendar/save */
import type { z } from 'zod'
import type { calendarSaveBody } from '../../../../domain/contracts/work-calendar'
import { postSaying } from '../../../core/post-saying'

/** Marks a day 休 (a holiday) or 班 (a 调休 working day), replacing its mark if it had one. */
export const saveCalendarDay = (body: z.input<typeof calendarSaveBody>) => postSaying<null>('/api/workCalendar/save', body)
