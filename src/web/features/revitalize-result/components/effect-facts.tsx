/** One plan's effects, before and after side by side, each named by the figures catalogue (成效地图's popup). */
import { Descriptions } from 'antd'
import type { PlanEffects } from '../../../../domain/contracts/revitalize'
import type { FigureKey } from '../../../../domain/figures/catalogue'
import { formatFigureValue } from '../../../../domain/figures/format'
import { FigureLabel } from '../../../ui/figure-tip'

const SUMS: [FigureKey, keyof PlanEffects][] = [
  ['freedAreaMu', 'freedAreaMu'],
  ['newBuildingArea', 'newBuildingM2'],
  ['newInvestment', 'newInvestment'],
  ['newTax', 'newTax'],
  ['newOutput', 'newOutput'],
]

/** The effects of one plan: before → after, then the sums. */
export function EffectFacts({ effects }: { effects: PlanEffects }) {
  const pair = (before: FigureKey, after: FigureKey, b: number | null, a: number | null) => (
    <span>
      {formatFigureValue(before, b)} → <b>{formatFigureValue(after, a)}</b>
    </span>
  )
  return (
    <Descriptions size="small" column={1} bordered data-testid="effect-facts">
      <Descriptions.Item label={<FigureLabel figure="taxPerMuAfter" label="亩均税收（前 → 后）" />}>
        {pair('taxPerMuBefore', 'taxPerMuAfter', effects.taxPerMuBefore, effects.taxPerMuAfter)}
      </Descriptions.Item>
      <Descriptions.Item label={<FigureLabel figure="plotRatioAfter" label="容积率（前 → 后）" />}>
        {pair('plotRatioBefore', 'plotRatioAfter', effects.plotRatioBefore, effects.plotRatioAfter)}
      </Descriptions.Item>
      {SUMS.map(([figure, field]) => (
        <Descriptions.Item key={figure} label={<FigureLabel figure={figure} />}>
          <span data-testid={`fact-${figure}`}>{formatFigureValue(figure, effects[field])}</span>
        </Descriptions.Item>
      ))}
    </Descriptions>
  )
}
