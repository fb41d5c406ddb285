/** 数据标准字段 GET /api/datacenter/sjcl/fields */
import { useQuery } from '@tanstack/react-query'
import type { StandardFields } from '../../../../domain/contracts/datacenter-import'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** The standard in force with its code lists. */
export const queryFields = (kind: RecordKind) => apiGet<StandardFields>('/api/datacenter/sjcl/fields', { kind })

/** react-query hook of {@link queryFields}. */
export const useFields = (kind: RecordKind | undefined) =>
  useQuery({ queryKey: ['dc-fields', kind], queryFn: () => queryFields(kind as RecordKind), enabled: !!kind, staleTime: 60_000 })
