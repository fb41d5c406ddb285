/** 待认领记录图形 GET /api/foundCenter/shapes */
import { useQuery } from '@tanstack/react-query'
import type { FeatureCollection } from 'geojson'
import { apiGet } from '../../../core/api'
import type { FoundQuery } from './list-unclaimed'

/** The shapes (parcels) or points (enterprises) of the records waiting for 认领. */
export const getUnclaimedShapes = (q: Omit<FoundQuery, 'page' | 'pageSize'>) =>
  apiGet<FeatureCollection>('/api/foundCenter/shapes', { ...q })

/** react-query hook of {@link getUnclaimedShapes}. */
export const useUnclaimedShapes = (q: Omit<FoundQuery, 'page' | 'pageSize'>) =>
  useQuery({ queryKey: ['found', 'shapes', q], queryFn: () => getUnclaimedShapes(q) })
