/**
 * A row of headline figures that double as filters (待登记 / 已登记 / 逾期, 一本账's totals):
 * the chosen one is outlined; each is a button, so the keyboard reaches it.
 */
import styled from 'styled-components'
import type { FigureKey } from '../../../../domain/figures/catalogue'
import { FigureTip } from '../../../ui/figure-tip'

/** One figure. */
export interface FigureCard {
  key: string
  label: string
  value: number | undefined
  /** red for warnings */
  tone?: 'normal' | 'warn'
  active: boolean
  onClick: () => void
  hint?: string
  /** the catalogue figure the card shows: its 口径 on hover */
  figure?: FigureKey
}

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-bottom: 16px;
`

const Card = styled.button<{ $active: boolean; $warn: boolean }>`
  min-width: 150px;
  padding: 10px 16px;
  text-align: left;
  background: #fff;
  border: 1px solid ${({ $active, theme }) => ($active ? theme.primary : '#e5e7eb')};
  box-shadow: ${({ $active, theme }) => ($active ? `0 0 0 1px ${theme.primary}` : 'none')};
  border-radius: 6px;
  cursor: pointer;
  font: inherit;
  &:hover {
    border-color: ${({ theme }) => theme.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
  .label {
    display: block;
    color: ${({ theme }) => theme.textMuted};
    font-size: 13px;
  }
  .value {
    display: block;
    margin-top: 2px;
    font-size: 24px;
    font-weight: 600;
    line-height: 1.3;
    color: ${({ $warn, theme }) => ($warn ? theme.accent : theme.text)};
  }
  .hint {
    font-size: 12px;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** The figures; each calls its own filter. */
export function FigureCards({ cards, testId }: { cards: FigureCard[]; testId?: string }) {
  return (
    <Row data-testid={testId}>
      {cards.map((c) => {
        const card = (
          <Card
            key={c.key}
            type="button"
            $active={c.active}
            $warn={c.tone === 'warn'}
            aria-pressed={c.active}
            onClick={c.onClick}
            data-testid={`figure-${c.key}`}
          >
            <span className="label">{c.label}</span>
            <span className="value" data-testid={`figure-${c.key}-value`}>
              {c.value ?? '—'}
            </span>
            {c.hint && <span className="hint">{c.hint}</span>}
          </Card>
        )
        return c.figure ? (
          <FigureTip key={c.key} figure={c.figure}>
            {card}
          </FigureTip>
        ) : (
          card
        )
      })}
    </Row>
  )
}
