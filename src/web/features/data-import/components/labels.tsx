/** Colours and words of batch states, row levels and rules, shared by the 数据采集 and 数据处理 pages. */
import { Space, Tag } from 'antd'
import type { BatchView } from '../../../../domain/contracts/datacenter-import'
import type { BatchStatus, RowLevel } from '../../../../domain/datacenter/import-batch'

/** antd tag colour of a batch state. */
export const STATUS_COLOR: Record<BatchStatus, string> = {
  导入中: 'processing',
  导入失败: 'error',
  已中断: 'warning',
  已上传: 'blue',
  检查中: 'processing',
  已检查: 'green',
  已提交: 'purple',
  已退回: 'magenta',
}

/** A batch state as a tag. */
export function StatusTag({ status }: { status: BatchStatus }) {
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="batch-status">
      {status}
    </Tag>
  )
}

/** Map and tag colours of a row level ('' = not checked). */
export const LEVEL_COLOR: Record<Exclude<RowLevel, ''> | '未检查' | '已排除', string> = {
  正常: '#389e0d',
  警告: '#d48806',
  错误: '#cf1322',
  未检查: '#1d4e9e',
  已排除: '#8c8c8c',
}

/** A row's level as a tag (an excluded row says so). */
export function LevelTag({ level, excluded }: { level: RowLevel; excluded?: boolean }) {
  const key = excluded ? '已排除' : level || '未检查'
  return (
    <Tag color={LEVEL_COLOR[key]} style={{ marginInlineEnd: 0 }}>
      {key}
    </Tag>
  )
}

/** The title of a batch's card: number, file name, state. */
export function BatchTitle({ batch }: { batch: Pick<BatchView, 'id' | 'name' | 'status'> }) {
  return (
    <Space>
      <span>
        批次 #{batch.id} {batch.name}
      </span>
      <StatusTag status={batch.status} />
    </Space>
  )
}
