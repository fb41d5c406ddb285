/**
 * The six indicators of the whole scope (合计) as figures with 同比; each is a toggle that picks
 * the indicator the chart shows.
 */
import styled from 'styled-components'
import { INDICATORS, type IndicatorKey, type IndicatorRow } from '../../../../domain/contracts/decision'
import { FigureTip } from '../../../ui/figure-tip'
import { ChangeText } from './change-text'
import { INDICATOR_KEYS, formatValue, indicatorChange } from './indicator-format'

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(6, minmax(0, 1fr));
  gap: 12px;
  margin-bottom: 16px;
  @media (max-width: 1100px) {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`

const Card = styled.button<{ $on: boolean }>`
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: 6px;
  min-width: 0;
  padding: 12px 12px 10px;
  text-align: left;
  font: inherit;
  cursor: pointer;
  border-radius: 6px;
  border: 1px solid ${({ $on, theme }) => ($on ? theme.primary : '#e3e8f0')};
  border-top: 3px solid ${({ $on, theme }) => ($on ? theme.primary : '#c9d6ea')};
  background: ${({ $on }) => ($on ? '#f3f7fd' : '#fff')};
  transition:
    border-color 0.15s,
    background 0.15s;
  &:hover {
    border-color: ${({ theme }) => theme.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
  .name {
    font-size: 13px;
    line-height: 18px;
    color: ${({ theme }) => theme.textMuted};
  }
  .figure {
    font-size: 24px;
    line-height: 30px;
    font-weight: 600;
    color: ${({ theme }) => theme.text};
    font-variant-numeric: tabular-nums;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  .unit {
    margin-left: 4px;
    font-size: 12px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  .yoy {
    display: flex;
    gap: 6px;
    align-items: center;
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** Props of {@link IndicatorKpis}. */
export interface IndicatorKpisProps {
  total: IndicatorRow | undefined
  selected: IndicatorKey
  onSelect: (key: IndicatorKey) => void
}

/** Six figure cards of 合计. */
export function IndicatorKpis({ total, selected, onSelect }: IndicatorKpisProps) {
  return (
    <Grid data-testid="indicator-kpis">
      {INDICATOR_KEYS.map((key) => (
        // the card's 口径 and its numerator ÷ denominator on hover (catalogue)
        <FigureTip key={key} figure={key} parts={total?.parts?.[key]}>
          <Card
            type="button"
            $on={key === selected}
            aria-pressed={key === selected}
            onClick={() => onSelect(key)}
            data-testid={`kpi-${key}`}
          >
            <span className="name">{INDICATORS[key].name}</span>
            <span className="figure">
              <span data-testid={`kpi-value-${key}`}>{formatValue(total?.values[key])}</span>
              <span className="unit">{INDICATORS[key].unit}</span>
            </span>
            <span className="yoy">
              较上年 <ChangeText value={total ? indicatorChange(total.values, total.lastYear, key) : null} />
            </span>
          </Card>
        </FigureTip>
      ))}
    </Grid>
  )
}
