/** 工作日历 GET /api/workCalendar/list */
import { useQueries } from '@tanstack/react-query'
import type { CalendarYear } from '../../../../domain/contracts/work-calendar'
import { apiGet } from '../../../core/api'
import { APPRAISAL_KEY } from './appraisal-api'

/** The marked days of a year, its working-day count, the 公示期 and the product's today. */
export const getWorkCalendar = (year: number) => apiGet<CalendarYear>('/api/workCalendar/list', { year })

/** The calendars of several years (a 公示 window may run into the next year); idle while `years` is empty. */
export const useWorkCalendars = (years: number[]) =>
  useQueries({
    queries: years.map((year) => ({
      queryKey: [...APPRAISAL_KEY, 'calendar', year],
      queryFn: () => getWorkCalendar(year),
    })),
  })
