/** 工作日历 GET /api/workCalendar/list */
import { keepPreviousData, useQueries, useQuery } from '@tanstack/react-query'
import type { CalendarYear } from '../../../domain/contracts/work-calendar'
import { apiGet } from '../api'

/** react-query key of the calendar (its writes refresh every reader). */
export const WORK_CALENDAR_KEY = ['workCalendar'] as const

/** The marked days of a year, its working-day count, the due-process periods and the product's today. */
export const queryWorkCalendar = (year: number) => apiGet<CalendarYear>('/api/workCalendar/list', { year })

/** react-query hook of {@link queryWorkCalendar}. */
export const useWorkCalendar = (year: number) =>
  useQuery({ queryKey: [...WORK_CALENDAR_KEY, year], queryFn: () => queryWorkCalendar(year), placeholderData: keepPreviousData })

/** The calendars of several years (a 公示 window may run into the next year); idle while `years` is empty. */
export const useWorkCalendars = (years: number[]) =>
  useQueries({ queries: years.map((year) => ({ queryKey: [...WORK_CALENDAR_KEY, year], queryFn: () => queryWorkCalendar(year) })) })
