/**
 * 企业监测 summary: enterprises watched and warned, and one card per warning signal with its
 * count. A signal card is a toggle that filters the list by that signal; 预警企业 shows them all.
 */
import { AlertOutlined, EyeOutlined } from '@ant-design/icons'
import styled from 'styled-components'
import type { EnterpriseMonitor, MonitorSignal } from '../../../../domain/contracts/decision'
import { formatFigure } from '../../../core/format-figure'
import { SIGNAL_COLORS } from './signal-tags'

const Grid = styled.div`
  display: grid;
  grid-template-columns: 180px 180px repeat(3, minmax(0, 1fr));
  grid-template-rows: auto auto;
  gap: 12px;
  margin-bottom: 16px;
  > .lead {
    grid-row: span 2;
  }
  @media (max-width: 1100px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > .lead {
      grid-row: auto;
    }
  }
`

const Card = styled.button<{ $on?: boolean; $accent: string }>`
  display: flex;
  flex-direction: column;
  justify-content: space-between;
  gap: 4px;
  min-width: 0;
  padding: 10px 14px;
  text-align: left;
  font: inherit;
  color: ${({ theme }) => theme.text};
  border-radius: 6px;
  border: 1px solid ${({ $on, theme }) => ($on ? theme.primary : '#e3e8f0')};
  border-left: 4px solid ${({ $accent }) => $accent};
  background: ${({ $on }) => ($on ? '#f3f7fd' : '#fff')};
  cursor: pointer;
  &:disabled {
    cursor: default;
  }
  &:not(:disabled):hover {
    border-color: ${({ theme }) => theme.primary};
    border-left-color: ${({ $accent }) => $accent};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
    outline-offset: 2px;
  }
  .name {
    font-size: 13px;
    color: ${({ theme }) => theme.textMuted};
  }
  .count {
    font-size: 22px;
    font-weight: 600;
    line-height: 28px;
    font-variant-numeric: tabular-nums;
  }
  .lead-count {
    font-size: 32px;
    line-height: 40px;
  }
  .unit {
    margin-left: 4px;
    font-size: 12px;
    font-weight: 400;
    color: ${({ theme }) => theme.textMuted};
  }
`

/** Props of {@link MonitorCards}. */
export interface MonitorCardsProps {
  data: EnterpriseMonitor | undefined
  signal: MonitorSignal | undefined
  onSignal: (signal: MonitorSignal | undefined) => void
}

/** The summary cards. */
export function MonitorCards({ data, signal, onSignal }: MonitorCardsProps) {
  const count = (n: number | undefined) => (n === undefined ? '—' : formatFigure(n))
  return (
    <Grid data-testid="monitor-cards">
      <Card as="div" className="lead" $accent="#1d4e9e" data-testid="monitor-watched">
        <span className="name">
          <EyeOutlined /> 监测企业
        </span>
        <span className="count lead-count">
          <span data-testid="monitor-watched-count">{count(data?.watched)}</span>
          <span className="unit">家</span>
        </span>
        <span className="name">本年或上年有填报数据</span>
      </Card>
      <Card
        type="button"
        className="lead"
        $accent="#c8161d"
        $on={signal === undefined}
        aria-pressed={signal === undefined}
        onClick={() => onSignal(undefined)}
        data-testid="monitor-warned"
      >
        <span className="name">
          <AlertOutlined /> 预警企业
        </span>
        <span className="count lead-count" style={{ color: '#c8161d' }}>
          <span data-testid="monitor-warned-count">{count(data?.warned)}</span>
          <span className="unit">家</span>
        </span>
        <span className="name">至少触发一项预警</span>
      </Card>
      {(data?.bySignal ?? []).map((s) => (
        <Card
          key={s.signal}
          type="button"
          $accent={SIGNAL_COLORS[s.signal].bar}
          $on={signal === s.signal}
          aria-pressed={signal === s.signal}
          onClick={() => onSignal(signal === s.signal ? undefined : s.signal)}
          data-testid={`signal-${s.signal}`}
        >
          <span className="name">{s.name}</span>
          <span className="count">
            <span data-testid={`signal-count-${s.signal}`}>{count(s.count)}</span>
            <span className="unit">家</span>
          </span>
        </Card>
      ))}
    </Grid>
  )
}
