/** 记录历史版本列表 GET /api/datacenter/input/history/list */
import { useQuery } from '@tanstack/react-query'
import type { HistoryRow } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** The versions of a record, newest first. */
export const listHistory = (kind: RecordKind, id: number) => apiGet<HistoryRow[]>('/api/datacenter/input/history/list', { kind, id })

/** react-query hook of {@link listHistory}; idle without an id. */
export const useHistory = (kind: RecordKind, id: number | null) =>
  useQuery({ queryKey: ['history', kind, id], queryFn: () => listHistory(kind, id!), enabled: id !== null })
