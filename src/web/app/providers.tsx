/** App-wide providers: react-query, the product's theme, antd's App context; dates in Chinese. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { App as AntApp } from 'antd'
import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import type { ReactNode } from 'react'
import { ApiError } from '../core/http-catalogue'
import { ThemeProviders } from './theme-providers'

dayjs.locale('zh-cn')

/** Statuses that a retry cannot fix (docs/product.md §8, docs/api.md). */
const NO_RETRY = new Set([400, 401, 403, 404, 409, 422, 423, 9002])

/** The app's query client. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && !(error instanceof ApiError && NO_RETRY.has(error.status)),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  })
}

/** Wraps the app in its providers. */
export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProviders>
        <AntApp style={{ height: '100%' }}>{children}</AntApp>
      </ThemeProviders>
    </QueryClientProvider>
  )
}
