/**
 * 一本账's projects by the stage they have reached: one bar per stage, its width the share of the
 * largest; a bar is a button that filters the ledger to that stage (again: all stages).
 */
import styled from 'styled-components'
import { type LifecycleStage } from '../../../../domain/lifecycle'

const Wrap = styled.div`
  display: grid;
  grid-template-columns: repeat(7, minmax(110px, 1fr));
  gap: 8px;
  margin-bottom: 16px;
`

const Bar = styled.button<{ $active: boolean; $share: number }>`
  position: relative;
  padding: 6px 10px;
  text-align: left;
  background: #fff;
  border: 1px solid ${({ $active, theme }) => ($active ? theme.primary : '#e5e7eb')};
  box-shadow: ${({ $active, theme }) => ($active ? `0 0 0 1px ${theme.primary}` : 'none')};
  border-radius: 6px;
  cursor: pointer;
  font: inherit;
  overflow: hidden;
  &::before {
    content: '';
    position: absolute;
    left: 0;
    bottom: 0;
    height: 4px;
    width: ${({ $share }) => Math.round($share * 100)}%;
    background: ${({ theme }) => theme.primary};
    opacity: 0.7;
  }
  &:hover {
    border-color: ${({ theme }) => theme.primary};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
  .name {
    color: ${({ theme }) => theme.textMuted};
    font-size: 12px;
  }
  .count {
    display: block;
    font-size: 18px;
    font-weight: 600;
    color: ${({ theme }) => theme.text};
  }
`

/** The per-stage counts. */
export function StageBar({
  counts,
  active,
  onPick,
}: {
  counts: { stage: LifecycleStage; name: string; count: number }[]
  active?: LifecycleStage
  onPick: (stage: LifecycleStage) => void
}) {
  const max = Math.max(1, ...counts.map((c) => c.count))
  return (
    <Wrap data-testid="onebook-stages" aria-label="各阶段项目数">
      {counts.map((c) => (
        <Bar
          key={c.stage}
          type="button"
          $active={active === c.stage}
          $share={c.count / max}
          aria-pressed={active === c.stage}
          onClick={() => onPick(c.stage)}
          data-testid={`stage-count-${c.stage}`}
        >
          <span className="name">{c.name}</span>
          <span className="count">{c.count}</span>
        </Bar>
      ))}
    </Wrap>
  )
}
