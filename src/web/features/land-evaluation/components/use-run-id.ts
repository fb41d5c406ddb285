/**
 * The run a page shows, kept in the URL (`runId`) so that a reload or a shared link shows the same
 * run; absent means the latest. Choosing another run starts its list on page 1.
 */
import { useCallback } from 'react'
import { useSearchParams } from 'react-router-dom'

/** [runId from the URL (undefined: latest), choose a run] */
export function useRunId(): [number | undefined, (runId: number) => void] {
  const [sp, setSp] = useSearchParams()
  const n = Number(sp.get('runId'))
  const runId = Number.isInteger(n) && n > 0 ? n : undefined
  const choose = useCallback(
    (id: number) =>
      setSp(
        (prev) => {
          const next = new URLSearchParams(prev)
          next.set('runId', String(id))
          next.delete('page')
          return next
        },
        { replace: true },
      ),
    [setSp],
  )
  return [runId, choose]
}
