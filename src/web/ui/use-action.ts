/**
 * Runs a write with feedback: a confirmation first for destructive actions, the server's message
 * on failure, 已保存-style success, and a refresh of the queries it touched.
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { App } from 'antd'
import { useCallback } from 'react'
import { toApiError } from '../core/http-catalogue'

/** `run(fn, { confirm?, success, refresh })` */
export function useAction() {
  const { message, modal } = App.useApp()
  const queryClient = useQueryClient()
  return useCallback(
    async (
      fn: () => Promise<unknown>,
      opts: { confirm?: { title: string; content?: string; danger?: boolean }; success?: string; refresh?: QueryKey[] } = {},
    ): Promise<boolean> => {
      if (opts.confirm) {
        const ok = await modal.confirm({
          title: opts.confirm.title,
          content: opts.confirm.content,
          okText: '确定',
          cancelText: '取消',
          okButtonProps: { danger: opts.confirm.danger ?? true },
        })
        if (!ok) return false
      }
      try {
        await fn()
        if (opts.success) message.success(opts.success)
        return true
      } catch (err) {
        message.error(toApiError(err).message)
        return false
      } finally {
        for (const key of opts.refresh ?? []) void queryClient.invalidateQueries({ queryKey: key })
      }
    },
    [message, modal, queryClient],
  )
}
