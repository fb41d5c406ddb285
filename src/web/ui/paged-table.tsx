/**
 * The server-paged table of an admin list page: a failed load shows the server's message with 重试
 * above the table, and an empty list says in words what is missing.
 */
import { Table, type TablePaginationConfig, type TableProps } from 'antd'
import { LoadError, emptyState } from './list-shell'

/** What a page's list query offers the table. */
export interface PagedList<T> {
  data?: { list: T[]; total: number }
  error: Error | null
  isFetching: boolean
  refetch: () => unknown
}

/** Props: the list query, the empty-state words, the page's paging, plus any antd Table prop. */
export type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination' | 'locale'> & {
  list: PagedList<T>
  /** e.g. 没有符合条件的字典 */
  emptyText: string
  pagination: (total?: number) => TablePaginationConfig
}

/** LoadError + Table, as every admin list draws them. */
export function PagedTable<T extends object>({ list, emptyText, pagination, ...table }: PagedTableProps<T>) {
  return (
    <>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<T>
        rowKey="id"
        size="middle"
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={pagination(list.data?.total)}
        locale={{ emptyText: emptyState(list.error ? '加载失败' : emptyText) }}
        {...table}
      />
    </>
  )
}
