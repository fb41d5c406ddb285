/**
 * The outcomes of the closed plans (提升, 兼并重组, 腾退, 关停淘汰, 未达成) as a pure G2 spec: a ring
 * with the number closed in its middle. Outcomes with no plan are left out of the ring (the legend
 * keeps them all).
 */
import { PLAN_OUTCOMES, type PlanOutcome } from '../../../../domain/contracts/regulation'
import type { G2Spec } from '../../../charts/g2-spec'
import { BRAND } from '../../../ui/theme'

/** One part of the ring. */
export interface OutcomePoint {
  key: PlanOutcome
  outcome: PlanOutcome
  count: number
}

/** 提升 green, mergers blue, 腾退 purple, 关停淘汰 red, 未达成 grey. */
const COLORS = ['#16a34a', BRAND.primary, '#7c3aed', BRAND.accent, '#9ca3af']

/** The outcomes that closed at least one plan. */
export function outcomePoints(outcomes: readonly { outcome: PlanOutcome; count: number }[]): OutcomePoint[] {
  return outcomes.filter((o) => o.count > 0).map((o) => ({ key: o.outcome, outcome: o.outcome, count: o.count }))
}

/** The G2 spec of the outcomes ring. */
export function buildOutcomeSpec(outcomes: readonly { outcome: PlanOutcome; count: number }[]): G2Spec {
  const data = outcomePoints(outcomes)
  const closed = data.reduce((t, o) => t + o.count, 0)
  return {
    type: 'view',
    autoFit: true,
    animate: false,
    coordinate: { type: 'theta', outerRadius: 0.8, innerRadius: 0.58 },
    scale: { color: { domain: [...PLAN_OUTCOMES], range: COLORS } },
    legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
    children: [
      {
        type: 'interval',
        data,
        encode: { y: 'count', color: 'outcome' },
        transform: [{ type: 'stackY' }],
        style: { stroke: '#fff', lineWidth: 1 },
        labels: [{ text: (d: OutcomePoint) => `${d.outcome} ${d.count}`, position: 'outside', fontSize: 12, fill: BRAND.text }],
        tooltip: { items: [(d: OutcomePoint) => ({ name: d.outcome, value: `${d.count} 个` })] },
      },
      {
        type: 'text',
        style: {
          text: `${closed}\n已办结`,
          x: '50%',
          y: '50%',
          textAlign: 'center',
          textBaseline: 'middle',
          fontSize: 18,
          fontWeight: 600,
          fill: BRAND.text,
          lineHeight: 24,
        },
        tooltip: false,
      },
    ],
  }
}
