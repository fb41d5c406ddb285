/** 上传限制 GET /api/base/file/limits */
import { useQuery } from '@tanstack/react-query'
import { apiGet } from '../api'

/** The largest upload the server takes. */
export const queryFileLimits = () => apiGet<{ maxBytes: number }>('/api/base/file/limits')

/** react-query hook of {@link queryFileLimits}. */
export const useFileLimits = () => useQuery({ queryKey: ['file-limits'], queryFn: queryFileLimits, staleTime: Infinity })
