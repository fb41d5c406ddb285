/** One evaluation model as a card: its items and weights, 认定分值, how often it ran, who changed it last; its actions. */
import { DeleteOutlined, EditOutlined, PlayCircleOutlined } from '@ant-design/icons'
import { Button, Card, Popconfirm, Tag, Typography } from 'antd'
import type { EvaluationModel } from '../../../../domain/contracts/land-evaluation'
import { conditionText, formatWeight } from './evaluation-format'
import { formatTime } from '../../../widgets/format-time'

/** Props of {@link ModelCard}. */
export interface ModelCardProps {
  model: EvaluationModel
  onRun: () => void
  onEdit: () => void
  onDelete: () => Promise<unknown>
}

/** A model's card. */
export function ModelCard({ model, onRun, onEdit, onDelete }: ModelCardProps) {
  return (
    <Card
      size="small"
      data-testid={`model-card-${model.id}`}
      data-name={model.name}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
      title={<span title={model.name}>{model.name}</span>}
      extra={<Tag color="volcano">认定分值 ≥ {formatWeight(model.passScore)} 分</Tag>}
      actions={[
        <Button key="run" type="link" size="small" icon={<PlayCircleOutlined />} onClick={onRun} data-testid="model-run">
          使用此模型评价
        </Button>,
        <Button key="edit" type="link" size="small" icon={<EditOutlined />} onClick={onEdit} data-testid="model-edit">
          编辑
        </Button>,
        <Popconfirm
          key="delete"
          title={`删除模型“${model.name}”？`}
          description={model.runCount > 0 ? `已用它评价 ${model.runCount} 次，评价结果将保留。` : '删除后不可恢复。'}
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true }}
          onConfirm={onDelete}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid="model-delete">
            删除
          </Button>
        </Popconfirm>,
      ]}
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2, tooltip: model.description }} style={{ minHeight: 44, marginBottom: 8 }}>
        {model.description || '（无说明）'}
      </Typography.Paragraph>
      <ol style={{ margin: 0, padding: 0, listStyle: 'none' }} data-testid="model-items">
        {model.items.map((item, i) => (
          <li
            key={`${item.indicator}${item.operator}`}
            style={{ display: 'flex', justifyContent: 'space-between', gap: 8, padding: '3px 0', borderBottom: '1px dashed #eef1f6' }}
          >
            <span>
              <span style={{ color: '#9aa5b1', marginRight: 6 }}>{i + 1}.</span>
              {conditionText(item)}
            </span>
            <b style={{ whiteSpace: 'nowrap' }}>{formatWeight(item.weight)} 分</b>
          </li>
        ))}
      </ol>
      <div style={{ marginTop: 10, fontSize: 12, color: '#6b7280' }} data-testid="model-meta">
        评价 {model.runCount} 次 · {model.updatedBy} 更新于 {formatTime(model.updatedAt)}
      </div>
    </Card>
  )
}
