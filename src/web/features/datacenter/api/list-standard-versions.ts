/** 数据标准版本列表 GET /api/datacenter/sjgf/versions */
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { StandardVersionRow } from '../../../../domain/contracts/datacenter'
import type { Page } from '../../../../domain/contracts/envelope'
import type { RecordKind } from '../../../../domain/datacenter/standard'
import { apiGet } from '../../../core/api'

/** The versions of a kind's standard, newest first. */
export const listStandardVersions = (q: { kind: RecordKind; page: number; pageSize: number }) =>
  apiGet<Page<StandardVersionRow>>('/api/datacenter/sjgf/versions', q)

/** react-query hook of {@link listStandardVersions}. */
export const useStandardVersions = (q: { kind: RecordKind; page: number; pageSize: number }) =>
  useQuery({ queryKey: ['sjgf', 'versions', q], queryFn: () => listStandardVersions(q), placeholderData: keepPreviousData })
