/**
 * The headline effects of the filters: 腾出面积, 新增建筑面积, 新增投资, 新增税收, 新增产值, and 亩均税收
 * and 容积率 before → after, each named and formatted by the figures catalogue with its 口径 on hover.
 */
import { ArrowRightOutlined } from '@ant-design/icons'
import { Card, Col, Row } from 'antd'
import type { ReactNode } from 'react'
import type { PlanEffects } from '../../../../domain/contracts/revitalize'
import { FIGURES, type FigureKey } from '../../../../domain/figures/catalogue'
import { formatFigureValue } from '../../../../domain/figures/format'
import { FigureLabel } from '../../../ui/figure-tip'

const Value = ({ children, testId, value }: { children: ReactNode; testId: string; value: number | null }) => (
  <div
    data-testid={testId}
    data-value={value ?? ''}
    style={{ fontSize: 20, fontWeight: 600, color: '#1d4e9e', fontVariantNumeric: 'tabular-nums', marginTop: 4, whiteSpace: 'nowrap' }}
  >
    {children}
  </div>
)

function Sum({ figure, value }: { figure: FigureKey; value: number | null }) {
  return (
    <Card size="small" style={{ height: '100%' }}>
      <div style={{ color: '#6b7280', fontSize: 13 }}>
        <FigureLabel figure={figure} />
      </div>
      <Value testId={`kpi-${figure}`} value={value}>
        {formatFigureValue(figure, value, { unit: false })} <small style={{ fontSize: 13, fontWeight: 400 }}>{FIGURES[figure].unit}</small>
      </Value>
    </Card>
  )
}

function Change({
  title,
  before,
  after,
  b,
  a,
}: {
  title: string
  before: FigureKey
  after: FigureKey
  b: number | null
  a: number | null
}) {
  const up = a !== null && b !== null ? a - b : null
  return (
    <Card size="small" style={{ height: '100%' }}>
      <div style={{ color: '#6b7280', fontSize: 13 }}>
        {title}：<FigureLabel figure={before} label="前" /> → <FigureLabel figure={after} label="后" />
      </div>
      <Value testId={`kpi-${after}`} value={a}>
        <span data-testid={`kpi-${before}`} data-value={b ?? ''}>
          {formatFigureValue(before, b, { unit: false })}
        </span>{' '}
        <ArrowRightOutlined style={{ fontSize: 14, color: '#9ca3af' }} /> {formatFigureValue(after, a, { unit: false })}{' '}
        <small style={{ fontSize: 13, fontWeight: 400 }}>{FIGURES[after].unit}</small>
      </Value>
      {up !== null && (
        <div style={{ fontSize: 12, color: up >= 0 ? '#389e0d' : '#cf1322' }}>
          {up >= 0 ? '提高' : '下降'} {formatFigureValue(after, Math.abs(up))}
        </div>
      )}
    </Card>
  )
}

/** Seven cards: five sums and two before → after. */
export function EffectKpis({ total }: { total: PlanEffects }) {
  return (
    <Row gutter={[12, 12]} style={{ marginBottom: 12 }} data-testid="effect-kpis">
      <Col flex="1 1 128px">
        <Sum figure="freedAreaMu" value={total.freedAreaMu} />
      </Col>
      <Col flex="1 1 128px">
        <Sum figure="newBuildingArea" value={total.newBuildingM2} />
      </Col>
      <Col flex="1 1 128px">
        <Sum figure="newInvestment" value={total.newInvestment} />
      </Col>
      <Col flex="1 1 128px">
        <Sum figure="newTax" value={total.newTax} />
      </Col>
      <Col flex="1 1 128px">
        <Sum figure="newOutput" value={total.newOutput} />
      </Col>
      <Col flex="1 1 176px">
        <Change title="亩均税收" before="taxPerMuBefore" after="taxPerMuAfter" b={total.taxPerMuBefore} a={total.taxPerMuAfter} />
      </Col>
      <Col flex="1 1 160px">
        <Change title="容积率" before="plotRatioBefore" after="plotRatioAfter" b={total.plotRatioBefore} a={total.plotRatioAfter} />
      </Col>
    </Row>
  )
}
