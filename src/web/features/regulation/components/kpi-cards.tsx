/** The headline figures of 整治概况: one card each, a warning figure in red. */
import styled from 'styled-components'
import { formatCount } from './regulation-format'

/** One figure. */
export interface Kpi {
  key: string
  label: string
  value: number | undefined
  /** a second line, e.g. 属实 12 */
  hint?: string
  /** red when above zero (逾期) */
  warn?: boolean
}

const Row = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(0, 1fr));
  gap: 12px;
  margin-bottom: 16px;
`

const Card = styled.div<{ $warn: boolean }>`
  padding: 12px 16px;
  background: #fff;
  border: 1px solid #e5e7eb;
  border-radius: 6px;
  .label {
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  .value {
    margin-top: 2px;
    font-size: 26px;
    font-weight: 600;
    line-height: 1.3;
    color: ${({ $warn, theme }) => ($warn ? theme.accent : theme.text)};
  }
  .unit {
    margin-left: 4px;
    font-size: 13px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
  .hint {
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
    min-height: 18px;
  }
`

/** The figures in one row. */
export function KpiCards({ items, unit }: { items: Kpi[]; unit: (key: string) => string }) {
  return (
    <Row data-testid="regulation-kpis">
      {items.map((k) => (
        <Card key={k.key} $warn={Boolean(k.warn && k.value)} data-testid={`kpi-${k.key}`}>
          <div className="label">{k.label}</div>
          <div className="value">
            <span data-testid={`kpi-${k.key}-value`}>{formatCount(k.value)}</span>
            <span className="unit">{unit(k.key)}</span>
          </div>
          <div className="hint">{k.hint}</div>
        </Card>
      ))}
    </Row>
  )
}
