/** 疑似低效地块图形 GET /api/inefficient/shapes */
import { useQuery } from '@tanstack/react-query'
import type { FlaggedShapes } from '../../../../domain/contracts/land-evaluation'
import { apiGet } from '../../../core/api'

/** The flagged parcels of a run as GeoJSON with their score (at most 5 000, highest first). */
export const getFlaggedShapes = (runId: number) => apiGet<FlaggedShapes>('/api/inefficient/shapes', { runId })

/** react-query hook of {@link getFlaggedShapes}; waits for a run. */
export const useFlaggedShapes = (runId: number | undefined) =>
  useQuery({
    queryKey: ['evaluation', 'shapes', runId],
    queryFn: () => getFlaggedShapes(runId!),
    enabled: runId !== undefined,
    staleTime: 5 * 60_000,
  })
