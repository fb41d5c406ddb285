/** 查询现行数据标准 GET /api/datacenter/sjgf/current */
import { useQuery } from '@tanstack/react-query'
import type { StandardView } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** The standard in force for a kind, with its code lists. */
export const getStandard = (kind: RecordKind) => apiGet<StandardView>('/api/datacenter/sjgf/current', { kind })

/** react-query hook of {@link getStandard}. */
export const useStandard = (kind: RecordKind) => useQuery({ queryKey: ['sjgf', 'current', kind], queryFn: () => getStandard(kind) })
