/**
 * Runs a group write and says what happened in the server's own words (已新增地块分组“…”, 已移出 1 个,
 * 已有名为“…”的地块分组), then refreshes the groups and members of the kind.
 */
import { useQueryClient } from '@tanstack/react-query'
import { App } from 'antd'
import { useCallback } from 'react'
import type { GroupKind } from '../../../../domain/contracts/record-group'
import { toApiError } from '../../../core/http-catalogue'
import { groupsKey } from '../api/list-groups'
import { membersKey } from '../api/list-members'
import type { Said } from '../../../core/post-saying'

/** `write(fn)` → the data, or undefined when it failed (the message is already shown). */
export function useGroupWrite(kind: GroupKind) {
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: groupsKey(kind) })
    void queryClient.invalidateQueries({ queryKey: membersKey(kind) })
  }, [queryClient, kind])
  const write = useCallback(
    async <T>(fn: () => Promise<Said<T>>, opts: { rethrow?: boolean } = {}): Promise<T | undefined> => {
      try {
        const said = await fn()
        message.success(said.message)
        return said.data
      } catch (err) {
        // a form shows its own errors next to its fields
        if (opts.rethrow) throw err
        message.error(toApiError(err).message)
        return undefined
      } finally {
        refresh()
      }
    },
    [message, refresh],
  )
  return write
}
