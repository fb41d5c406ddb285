/** 可选代码表 GET /api/datacenter/sjgf/codeLists */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../../../core/api'

/** Code lists a standard's code field may name (dict table and built-in lists). */
export const listCodeLists = () => apiGet<{ code: string; name: string }[]>('/api/datacenter/sjgf/codeLists')

/** react-query hook of {@link listCodeLists}. */
export const useCodeLists = (enabled = true) => useQuery({ queryKey: ['sjgf', 'codeLists'], queryFn: listCodeLists, enabled })
