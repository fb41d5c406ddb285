/** 查看数据标准某一版本 GET /api/datacenter/sjgf/version */
import { useQuery } from '@tanstack/react-query'
import type { StandardView } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** One version of a kind's standard. */
export const getStandardVersion = (kind: RecordKind, version: number) =>
  apiGet<StandardView>('/api/datacenter/sjgf/version', { kind, version })

/** react-query hook of {@link getStandardVersion}; idle without a version. */
export const useStandardVersion = (kind: RecordKind, version: number | null) =>
  useQuery({ queryKey: ['sjgf', 'version', kind, version], queryFn: () => getStandardVersion(kind, version!), enabled: version !== null })
