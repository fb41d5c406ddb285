/**
 * A widget's live data (issue 6 "Live"): react-query keyed by URL + resolved params, so widgets
 * bound to the same call share one request (de-duplicated); refetched on the binding's interval
 * (throttled to ≥ 5 s) also in the background; a failed refresh keeps the last data and reports
 * itself as stale.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { apiGet } from '../core/api'
import { refreshInterval, resolveParams } from './bindings'
import type { DataBinding, ScreenParams } from './screen-types'

/** State of a widget's data. */
export interface WidgetData {
  data: unknown
  loading: boolean
  /** the last refresh failed and older data is shown */
  stale: boolean
  /** no data at all because the first load failed */
  error: string | null
  updatedAt: number
}

/** Loads and refreshes a binding. */
export function useWidgetData(binding: DataBinding | undefined, params: ScreenParams, screenRefreshMs: number): WidgetData {
  const resolved = binding ? resolveParams(binding, params) : {}
  const q = useQuery({
    queryKey: ['screen', binding?.url, resolved],
    queryFn: () => apiGet<unknown>(binding?.url ?? '', resolved),
    enabled: !!binding,
    refetchInterval: binding ? refreshInterval(binding, screenRefreshMs) : false,
    refetchIntervalInBackground: true,
    staleTime: 4000,
    retry: 0,
    placeholderData: keepPreviousData,
  })
  return {
    data: q.data,
    loading: !!binding && q.data === undefined && q.isFetching,
    stale: q.isError && q.data !== undefined,
    error: q.isError && q.data === undefined ? (q.error as Error).message || '数据加载失败' : null,
    updatedAt: q.dataUpdatedAt,
  }
}
