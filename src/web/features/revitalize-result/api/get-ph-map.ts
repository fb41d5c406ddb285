/** 成效地图 GET /api/revitalize/getPhMap */
import { useQuery } from '@tanstack/react-query'
import type { EffectMap } from '../../../../domain/contracts/revitalize'
import { apiGet } from '../../../core/api'
import { RESULT_KEY } from './query-keys'

/** The parcels of the done plans of a year (all years without one), each with its plan's effects. */
export const getPhMap = (year: number | undefined) => apiGet<EffectMap>('/api/revitalize/getPhMap', { year })

/** react-query hook of {@link getPhMap}. */
export const usePhMap = (year: number | undefined) =>
  useQuery({ queryKey: [...RESULT_KEY, 'map', year ?? null], queryFn: () => getPhMap(year) })
