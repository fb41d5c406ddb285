/**
 * The progress bar of a batch's job (reading a file, running the checks): polls the server's
 * progress every 500 ms and says what is being done; calls `onFinished` once the job is over.
 */
import { Alert, Progress } from 'antd'
import { useEffect, useRef } from 'react'
import type { BatchProgress } from '../../../../domain/contracts/datacenter-import'
import { useProgress } from '../api/query-progress'

/** Props of {@link JobProgress}. */
export interface JobProgressProps {
  batchId: number
  onFinished?: (p: BatchProgress) => void
}

const RUNNING = new Set(['导入中', '检查中'])

/** Progress of the batch's running job, then its outcome when it failed. */
export function JobProgress({ batchId, onFinished }: JobProgressProps) {
  const { data, error } = useProgress(batchId)
  const reported = useRef<number | null>(null)
  useEffect(() => {
    if (data && !RUNNING.has(data.status) && reported.current !== batchId) {
      reported.current = batchId
      onFinished?.(data)
    }
  }, [data, batchId, onFinished])
  if (error) return <Alert type="error" showIcon title={`无法读取进度：${error.message}`} />
  if (!data) return null
  if (RUNNING.has(data.status)) {
    return (
      <div data-testid="job-progress" data-status={data.status}>
        <Progress percent={data.progress} status="active" />
        <div style={{ color: '#6b7280', fontSize: 13 }}>
          {data.status}：{data.phase || '请稍候'}
        </div>
      </div>
    )
  }
  if (data.status === '导入失败' || data.status === '已中断')
    return <Alert type="error" showIcon title={`${data.status}：${data.message}`} data-testid="job-failed" />
  return <Progress percent={100} size="small" data-testid="job-done" />
}
