/** 查看记录的某一历史版本 GET /api/datacenter/input/history/one */
import { useQuery } from '@tanstack/react-query'
import type { HistoryVersion } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** A record as it was at a version (0: before its first recorded change). */
export const getHistoryVersion = (kind: RecordKind, id: number, version: number) =>
  apiGet<HistoryVersion>('/api/datacenter/input/history/one', { kind, id, version })

/** react-query hook of {@link getHistoryVersion}; idle without a version. */
export const useHistoryVersion = (kind: RecordKind, id: number | null, version: number | null) =>
  useQuery({
    queryKey: ['history', kind, id, version],
    queryFn: () => getHistoryVersion(kind, id!, version!),
    enabled: id !== null && version !== null,
  })
