/**
 * The headline figures of a run: parcels scored, 疑似低效 (count and 亩), and of those the ones
 * already on the 低效用地 list against the ones found new.
 */
import { Card, Col, Row, Statistic } from 'antd'
import type { ReactNode } from 'react'
import type { EvaluationAbstract, EvaluationRun } from '../../../../domain/contracts/land-evaluation'
import { formatAmount, formatCount } from './evaluation-format'
import { SCORE_RAMP } from './score-colors'

function Kpi({
  title,
  value,
  unit,
  note,
  color,
  testId,
}: {
  title: string
  value: string
  unit: string
  note?: ReactNode
  color?: string
  testId: string
}) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Statistic
        title={title}
        value={value}
        suffix={unit}
        styles={{ content: { color, fontVariantNumeric: 'tabular-nums' } }}
        data-testid={testId}
      />
      {note && <div style={{ marginTop: 4, fontSize: 12, color: '#6b7280' }}>{note}</div>}
    </Card>
  )
}

/** Five cards in a row. */
export function KpiCards({ run, abstract }: { run: EvaluationRun; abstract: EvaluationAbstract }) {
  const share = run.parcelCount > 0 ? (run.flaggedCount / run.parcelCount) * 100 : null
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="kpis">
      <Col flex="1 1 180px">
        <Kpi
          title="参评地块"
          value={formatCount(run.parcelCount)}
          unit="宗"
          note={`${run.year}年度 · ${run.regionName ?? '全省'}`}
          testId="kpi-parcels"
        />
      </Col>
      <Col flex="1 1 180px">
        <Kpi
          title="疑似低效"
          value={formatCount(run.flaggedCount)}
          unit="宗"
          color={SCORE_RAMP[3]}
          note={share === null ? undefined : `占参评地块 ${formatAmount(share)}%`}
          testId="kpi-flagged"
        />
      </Col>
      <Col flex="1 1 180px">
        <Kpi
          title="疑似低效面积"
          value={formatAmount(run.flaggedAreaMu)}
          unit="亩"
          color={SCORE_RAMP[3]}
          note={`得分 ≥ ${run.passScore} 分`}
          testId="kpi-flagged-area"
        />
      </Col>
      <Col flex="1 1 180px">
        <Kpi
          title="其中已在低效用地清单"
          value={formatCount(abstract.flaggedListed)}
          unit="宗"
          note="地块状态为低效或闲置"
          testId="kpi-listed"
        />
      </Col>
      <Col flex="1 1 180px">
        <Kpi
          title="其中新发现"
          value={formatCount(abstract.flaggedNew)}
          unit="宗"
          color="#c8161d"
          note="尚未列入低效用地清单，建议核实"
          testId="kpi-new"
        />
      </Col>
    </Row>
  )
}
