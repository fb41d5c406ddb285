/** 工作日历 GET /api/workCalendar/list */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { CalendarYear } from '../../../../domain/contracts/work-calendar'
import { apiGet } from '../../../core/api'

/** react-query key of the calendar (writes refresh it). */
export const WORK_CALENDAR_KEY = ['workCalendar'] as const

/** The marked days of a year, its working-day count and the due-process periods. */
export const listWorkCalendar = (year: number) => apiGet<CalendarYear>('/api/workCalendar/list', { year })

/** react-query hook of {@link listWorkCalendar}. */
export const useWorkCalendar = (year: number) =>
  useQuery({ queryKey: [...WORK_CALENDAR_KEY, year], queryFn: () => listWorkCalendar(year), placeholderData: keepPreviousData })
