/** 工作日历（今天） GET /api/workCalendar/list */
import { useQuery } from '@tanstack/react-query'
import type { CalendarYear } from '../../../../domain/contracts/work-calendar'
import { apiGet } from '../../../core/api'
import { COMPANY_KEY } from './query-keys'

/** The product's calendar of a year; the page reads its `today`, the server's date the 异议 deadline is checked against. */
export const getWorkCalendar = (year: number) => apiGet<CalendarYear>('/api/workCalendar/list', { year })

/** react-query hook of {@link getWorkCalendar}. */
export const useWorkCalendar = (year: number) =>
  useQuery({ queryKey: [...COMPANY_KEY, 'calendar', year], queryFn: () => getWorkCalendar(year) })
