/**
 * 评价地图 (/land/evaluation/evaluationMap): the flagged parcels of a run (the latest by default,
 * or one chosen) on the map, coloured by score from the pass score to 100 and fitted to them, with
 * how many are drawn of how many there are; a click on a parcel shows its result beside the map.
 */
import { Card, Empty, Skeleton, Space, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { Link } from 'react-router-dom'
import { ListShell, LoadError } from '../../../ui/list-shell'
import { useAbstract } from '../api/get-abstract'
import { useFlaggedShapes } from '../api/get-flagged-shapes'
import { useRuns } from '../api/list-runs'
import { EVALUATION_PATHS, pageTitle } from '../components/evaluation-pages'
import { withQuery } from '../../../widgets/route-links'
import { formatCount } from '../components/evaluation-format'
import { flaggedLayerSpec } from '../components/flagged-layer-spec'
import { FlaggedMap } from '../components/flagged-map'
import { ResultPanel } from '../components/result-panel'
import { RunSelect } from '../components/run-select'
import { useRunId } from '../components/use-run-id'

/** Height of the map and its panel: the window less the header, breadcrumbs and the page's title. */
const BODY_HEIGHT = 'max(520px, calc(100vh - 220px))'

/** 评价地图 */
export function EvaluationMapPage() {
  const [runId, chooseRun] = useRunId()
  const abstract = useAbstract(runId)
  const runs = useRuns()
  const run = abstract.data?.run ?? null
  const shapes = useFlaggedShapes(run?.id)
  const [selected, setSelected] = useState<string | null>(null)
  const spec = useMemo(() => (shapes.data && run ? flaggedLayerSpec(shapes.data, run.passScore) : null), [shapes.data, run])
  const drawn = shapes.data?.features.length ?? 0
  const total = shapes.data?.total ?? 0

  return (
    <ListShell
      title={pageTitle(EVALUATION_PATHS.map)}
      intro="疑似低效地块的分布，颜色越深得分越高"
      testId="evaluation-map-page"
      error={abstract.error}
      onRetry={() => void abstract.refetch()}
      toolbar={
        run && (
          <>
            <Space wrap>
              <span>评价批次</span>
              <RunSelect
                runs={runs.data}
                value={run.id}
                onChange={(id) => {
                  setSelected(null)
                  chooseRun(id)
                }}
                loading={runs.isLoading}
              />
              <Link to={withQuery(EVALUATION_PATHS.abstract, { runId: run.id })}>查看评价概况</Link>
            </Space>
            {shapes.data && (
              <span data-testid="map-drawn" data-drawn={drawn} data-total={total}>
                地图显示疑似低效地块 <b data-testid="map-drawn-count">{formatCount(drawn)}</b> 宗
                {drawn < total ? `（共 ${formatCount(total)} 宗，按得分显示最高的 ${formatCount(drawn)} 宗）` : '（全部）'}
              </span>
            )}
          </>
        )
      }
    >
      {abstract.isLoading && <Skeleton active paragraph={{ rows: 8 }} />}
      {abstract.data && !run && (
        <Card data-testid="evaluation-empty" style={{ padding: '48px 0' }}>
          <Empty description="还没有评价结果">
            <Link to={EVALUATION_PATHS.abstract}>前往{pageTitle(EVALUATION_PATHS.abstract)}，选择模型和年度开始评价</Link>
          </Empty>
        </Card>
      )}
      {run && (
        <div style={{ display: 'flex', gap: 12, height: BODY_HEIGHT }}>
          <div style={{ flex: 1, minWidth: 0 }}>
            {spec ? (
              <FlaggedMap spec={spec} passScore={run.passScore} selected={selected} onPick={setSelected} />
            ) : shapes.error ? (
              <LoadError error={shapes.error} onRetry={() => void shapes.refetch()} />
            ) : (
              <Skeleton.Node active style={{ width: '100%', height: '100%' }} />
            )}
          </div>
          <Card size="small" style={{ width: 340, flex: 'none', overflow: 'auto' }} data-testid="map-panel">
            {spec ? (
              <ResultPanel run={run} items={abstract.data?.items ?? []} parcels={spec.parcels} selected={selected} onSelect={setSelected} />
            ) : (
              <Skeleton active />
            )}
          </Card>
        </div>
      )}
      {run && spec && spec.parcels.length === 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          本次评价没有疑似低效地块。
        </Typography.Paragraph>
      )}
    </ListShell>
  )
}
