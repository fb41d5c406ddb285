/** 打开一条主数据记录 GET /api/datacenter/input/record */
import { useQuery } from '@tanstack/react-query'
import type { RecordView } from '../../../../domain/contracts/datacenter'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** A master record by standard field names, with its version and open submissions. */
export const getRecord = (kind: RecordKind, id: number) => apiGet<RecordView>('/api/datacenter/input/record', { kind, id })

/** react-query hook of {@link getRecord}; idle without an id. */
export const useRecord = (kind: RecordKind, id: number | null) =>
  useQuery({ queryKey: ['record', kind, id], queryFn: () => getRecord(kind, id!), enabled: id !== null })
