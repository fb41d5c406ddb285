/** The three charts of a run: 得分分布, 各项指标命中 (a click filters the results), 各区县疑似低效. */
import { Card, Col, Row } from 'antd'
import { useMemo } from 'react'
import type { EvaluationAbstract, EvaluationRun } from '../../../../domain/contracts/land-evaluation'
import { G2Host } from '../../../charts/g2-host'
import { buildCountySpec, countyPoints } from './build-county-spec'
import { buildItemHitSpec } from './build-item-hit-spec'
import { buildScoreBandSpec } from './build-score-band-spec'

const HEIGHT = 260

/** Props of {@link AbstractCharts}. */
export interface AbstractChartsProps {
  run: EvaluationRun
  abstract: EvaluationAbstract
  /** an item's bar was clicked: its indicator */
  onIndicator: (indicator: string) => void
}

/** The charts in one row. */
export function AbstractCharts({ run, abstract, onIndicator }: AbstractChartsProps) {
  const bands = useMemo(() => buildScoreBandSpec(abstract.scoreBands, run.passScore), [abstract.scoreBands, run.passScore])
  const hits = useMemo(
    () => buildItemHitSpec(abstract.items, abstract.byItem, run.parcelCount),
    [abstract.items, abstract.byItem, run.parcelCount],
  )
  const counties = useMemo(() => buildCountySpec(abstract.byCounty), [abstract.byCounty])
  const countyCount = countyPoints(abstract.byCounty).length
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
      <Col xs={24} xl={7}>
        <Card size="small" title="得分分布" style={{ height: '100%' }}>
          <G2Host
            spec={bands}
            count={abstract.scoreBands.length}
            emptyText="没有参评地块"
            height={HEIGHT}
            label="参评地块的得分分布"
            testId="chart-score-bands"
          />
        </Card>
      </Col>
      <Col xs={24} xl={10}>
        <Card
          size="small"
          title="各项指标命中"
          extra={<span style={{ fontSize: 12, color: '#6b7280' }}>点击条形筛选下方列表</span>}
          style={{ height: '100%' }}
        >
          <G2Host
            spec={hits}
            count={abstract.items.length}
            emptyText="模型没有指标"
            height={HEIGHT}
            label="各项指标命中的地块数"
            onPick={(d) => typeof d.key === 'string' && onIndicator(d.key)}
            testId="chart-item-hits"
          />
        </Card>
      </Col>
      <Col xs={24} xl={7}>
        <Card size="small" title="各区县疑似低效（前10）" style={{ height: '100%' }}>
          <G2Host
            spec={counties}
            count={countyCount}
            emptyText="没有疑似低效地块"
            height={HEIGHT}
            label="各区县疑似低效地块数"
            testId="chart-counties"
          />
        </Card>
      </Col>
    </Row>
  )
}
