/** 列映射 GET /api/datacenter/sjcj/mapping */
import { useQuery } from '@tanstack/react-query'
import type { BatchMapping } from '../../../../domain/contracts/datacenter-import'
import { apiGet } from '../../../core/api'

/** The mapping of a batch with the suggestion, targets and sample rows. */
export const queryMapping = (id: number) => apiGet<BatchMapping>('/api/datacenter/sjcj/mapping', { id })

/** react-query hook of {@link queryMapping}. */
export const useMapping = (id: number | null) =>
  useQuery({ queryKey: ['dc-mapping', id], queryFn: () => queryMapping(id as number), enabled: id !== null })
