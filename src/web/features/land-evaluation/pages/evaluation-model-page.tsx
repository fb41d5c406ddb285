/**
 * 评价模型 (/land/evaluation/evaluationModal): the evaluation models as cards — items with
 * thresholds and weights, 认定分值, how often each ran — with 新建, 编辑, 删除 (confirmed, naming
 * the model) and 使用此模型评价, which opens 开始评价 with the model chosen and then shows the run.
 */
import { PlusOutlined } from '@ant-design/icons'
import { useQueryClient } from '@tanstack/react-query'
import { App, Button, Col, Empty, Row, Skeleton } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import type { EvaluationModel } from '../../../../domain/contracts/land-evaluation'
import { toApiError } from '../../../core/http-catalogue'
import { ListShell } from '../../../ui/list-shell'
import { deleteModel } from '../api/delete-model'
import { useModels } from '../api/list-models'
import { EVALUATION_PATHS, pageTitle } from '../components/evaluation-pages'
import { withQuery } from '../../../widgets/route-links'
import { ModelCard } from '../components/model-card'
import { ModelEditor } from '../components/model-editor'
import { RunModal } from '../components/run-modal'

/** 评价模型 */
export function EvaluationModelPage() {
  const models = useModels()
  const [editing, setEditing] = useState<EvaluationModel | 'new' | null>(null)
  const [runWith, setRunWith] = useState<number | null>(null)
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const { message } = App.useApp()

  const remove = async (m: EvaluationModel) => {
    try {
      await deleteModel(m.id)
      message.success(`已删除模型“${m.name}”`)
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      void queryClient.invalidateQueries({ queryKey: ['evaluation', 'models'] })
    }
  }

  return (
    <ListShell
      title={pageTitle(EVALUATION_PATHS.models)}
      intro="评价模型由若干指标组成：地块满足某项指标即得该项权重分，得分达到认定分值的为疑似低效"
      testId="evaluation-model-page"
      error={models.error}
      onRetry={() => void models.refetch()}
      toolbar={
        <>
          <span style={{ color: '#6b7280' }}>{models.data ? `共 ${models.data.length} 个模型` : ''}</span>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="model-new">
            新建模型
          </Button>
        </>
      }
    >
      {models.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      {models.data?.length === 0 && <Empty description="还没有评价模型，点击“新建模型”设置指标和权重" />}
      <Row gutter={[16, 16]} data-testid="model-list">
        {models.data?.map((m) => (
          <Col key={m.id} xs={24} lg={12} xxl={8}>
            <ModelCard model={m} onRun={() => setRunWith(m.id)} onEdit={() => setEditing(m)} onDelete={() => remove(m)} />
          </Col>
        ))}
      </Row>
      <ModelEditor target={editing} onClose={() => setEditing(null)} />
      <RunModal
        open={runWith !== null}
        modelId={runWith ?? undefined}
        onClose={() => setRunWith(null)}
        onDone={(run) => navigate(withQuery(EVALUATION_PATHS.abstract, { runId: run.id }))}
      />
    </ListShell>
  )
}
