/**
 * List state in the URL (docs/conventions.md "Where state lives"): page,
 * page size, sort and filters survive a reload and are remembered with the last page (docs/product.md §4).
 */
import type { TablePaginationConfig } from 'antd'
import type { FilterValue, SorterResult } from 'antd/es/table/interface'
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router-dom'
import { useByValue } from '../core/use-by-value'

/** What a list page reads from the URL. */
export interface ListParams<K extends string> {
  page: number
  pageSize: number
  sortField?: string
  sortOrder?: 'ascend' | 'descend'
  filters: Partial<Record<K, string>>
}

/** The list state of a page and the handlers that change it. */
export function useListParams<K extends string>(keyList: readonly K[], defaultPageSize = 20) {
  const [sp, setSp] = useSearchParams()
  // a page passes its constant list as a literal: its text stands for it
  const filterKeys = useByValue(keyList, keyList.join(','))
  const params: ListParams<K> = useMemo(() => {
    const num = (k: string, d: number) => {
      const n = Number(sp.get(k))
      return Number.isInteger(n) && n > 0 ? n : d
    }
    const order = sp.get('sortOrder')
    return {
      page: num('page', 1),
      pageSize: Math.min(num('pageSize', defaultPageSize), 500),
      sortField: sp.get('sortField') || undefined,
      sortOrder: order === 'ascend' || order === 'descend' ? order : undefined,
      filters: Object.fromEntries(filterKeys.flatMap((k) => (sp.get(k) ? [[k, sp.get(k) as string]] : []))) as Partial<Record<K, string>>,
    }
  }, [sp, defaultPageSize, filterKeys])

  const write = useCallback(
    (change: Record<string, string | number | undefined | null>) => {
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev)
          for (const [k, v] of Object.entries(change)) {
            if (v === undefined || v === null || v === '') next.delete(k)
            else next.set(k, String(v))
          }
          return next
        },
        { replace: true },
      )
    },
    [setSp],
  )

  /** New filter values: back to page 1. */
  const setFilters = useCallback(
    (values: Partial<Record<K, string | number | undefined | null>>) =>
      write({ ...Object.fromEntries(filterKeys.map((k) => [k, undefined])), ...values, page: undefined }),
    [write, filterKeys],
  )

  /** antd Table onChange: paging, sorting and column filters (the column key names the URL parameter). */
  const onTableChange = useCallback(
    (p: TablePaginationConfig, columnFilters: Record<string, FilterValue | null>, sorter: unknown) => {
      const s = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<unknown> | undefined
      const change: Record<string, string | number | undefined> = {
        page: p.current && p.current > 1 ? p.current : undefined,
        pageSize: p.pageSize && p.pageSize !== defaultPageSize ? p.pageSize : undefined,
        sortField: s?.order ? String(s.columnKey ?? s.field) : undefined,
        sortOrder: s?.order ?? undefined,
      }
      for (const [k, v] of Object.entries(columnFilters)) {
        if ((filterKeys as readonly string[]).includes(k)) {
          change[k] = v?.[0] === undefined ? undefined : String(v[0])
          change.page = undefined
        }
      }
      write(change)
    },
    [write, defaultPageSize, filterKeys],
  )

  /** antd pagination props for a total. */
  const pagination = useCallback(
    (total: number | undefined): TablePaginationConfig => ({
      current: params.page,
      pageSize: params.pageSize,
      total: total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 20, 50, 100],
      showTotal: (t) => `共 ${t} 条`,
    }),
    [params.page, params.pageSize],
  )

  /** The sort order a column shows (controlled by the URL). */
  const sortOrderOf = useCallback(
    (key: string) => (params.sortField === key ? (params.sortOrder ?? null) : null),
    [params.sortField, params.sortOrder],
  )

  return { params, setFilters, onTableChange, pagination, sortOrderOf }
}
