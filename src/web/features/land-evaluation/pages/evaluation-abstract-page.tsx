/**
 * 评价概况 (/land/evaluation/evaluationAbstract): the run shown (the latest by default, or one
 * chosen among the runs), 开始评价 with a model and a year; the run's headline figures, its score
 * distribution, how many parcels meet each item, the flagged per county; then its parcels.
 * With no run yet the page says so and offers to start one.
 */
import { PlayCircleOutlined } from '@ant-design/icons'
import { Button, Card, Empty, Skeleton, Space, Typography } from 'antd'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { ListShell } from '../../../ui/list-shell'
import { useAbstract } from '../api/get-abstract'
import { useRuns } from '../api/list-runs'
import { AbstractCharts } from '../components/abstract-charts'
import { EVALUATION_PATHS, pageTitle } from '../components/evaluation-pages'
import { withQuery } from '../../../widgets/route-links'
import { runScope } from '../components/evaluation-format'
import { formatTime } from '../../../widgets/format-time'
import { KpiCards } from '../components/kpi-cards'
import { ResultTable } from '../components/result-table'
import { RunModal } from '../components/run-modal'
import { RunSelect } from '../components/run-select'
import { useRunId } from '../components/use-run-id'

/** 评价概况 */
export function EvaluationAbstractPage() {
  const [runId, chooseRun] = useRunId()
  const abstract = useAbstract(runId)
  const runs = useRuns()
  const [, setSp] = useSearchParams()
  const [running, setRunning] = useState(false)
  const data = abstract.data
  const run = data?.run ?? null

  // a click on an item's bar narrows the results to the parcels meeting its indicator
  const filterIndicator = (indicator: string) =>
    setSp(
      (prev) => {
        const next = new URLSearchParams(prev)
        next.set('indicator', indicator)
        next.delete('page')
        return next
      },
      { replace: true },
    )

  const startButton = (
    <Button type="primary" icon={<PlayCircleOutlined />} onClick={() => setRunning(true)} data-testid="run-open">
      开始评价
    </Button>
  )

  return (
    <ListShell
      title={pageTitle(EVALUATION_PATHS.abstract)}
      intro="按评价模型对数据范围内的工业用地逐宗评分，得分达到认定分值的为疑似低效用地"
      testId="evaluation-abstract-page"
      error={abstract.error}
      onRetry={() => void abstract.refetch()}
      toolbar={
        run && (
          <>
            <Space wrap>
              <span>评价批次</span>
              <RunSelect runs={runs.data} value={run.id} onChange={chooseRun} loading={runs.isLoading} />
              <Link to={withQuery(EVALUATION_PATHS.map, { runId: run.id })}>在地图上查看</Link>
            </Space>
            {startButton}
          </>
        )
      }
    >
      {abstract.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {data && !run && (
        <Card data-testid="evaluation-empty" style={{ padding: '48px 0' }}>
          <Empty description="还没有评价结果，选择模型和年度开始评价">{startButton}</Empty>
        </Card>
      )}
      {data && run && (
        <div data-testid="evaluation-run" data-run-id={run.id}>
          <Typography.Paragraph type="secondary" style={{ marginTop: -4 }} data-testid="run-summary">
            评价模型：<b>{run.modelName}</b>（{data.items.length} 项指标，得分 ≥ {run.passScore} 分为疑似低效） · 评价年度：{run.year}年 ·
            范围：{runScope(run)} · {run.runBy} 于 {formatTime(run.runAt)} 评价
          </Typography.Paragraph>
          <KpiCards run={run} abstract={data} />
          <AbstractCharts run={run} abstract={data} onIndicator={filterIndicator} />
          <Card size="small" title="评价结果">
            <ResultTable key={run.id} run={run} items={data.items} />
          </Card>
        </div>
      )}
      <RunModal open={running} onClose={() => setRunning(false)} onDone={(r) => chooseRun(r.id)} />
    </ListShell>
  )
}
