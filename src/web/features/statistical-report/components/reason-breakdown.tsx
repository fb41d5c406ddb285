/**
 * 低效用地 by 认定原因: per criterion the parcels meeting it and their area, with a bar of its
 * share; a criterion is a button that filters the list by it (again: all criteria).
 */
import { Progress } from 'antd'
import styled from 'styled-components'
import type { LowEfficiencyReason, LowEfficiencyReasonStat } from '../../../../domain/contracts/statistical-report'
import { emptyState } from '../../../ui/list-shell'
import { BRAND } from '../../../ui/theme'
import { formatAmount, formatCount } from './report-format'

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li + li {
    margin-top: 2px;
  }
  button {
    width: 100%;
    display: grid;
    grid-template-columns: 14em minmax(60px, 1fr) 11em;
    align-items: center;
    gap: 12px;
    padding: 5px 8px;
    border: 1px solid transparent;
    border-radius: 4px;
    background: none;
    font: inherit;
    text-align: left;
    cursor: pointer;
    &:hover,
    &:focus-visible {
      background: #f0f5ff;
    }
    &[aria-pressed='true'] {
      border-color: ${({ theme }) => theme.primary};
      background: #e8eef9;
    }
  }
  .figure {
    color: ${({ theme }) => theme.textMuted};
    font-size: 12px;
    white-space: nowrap;
    text-align: right;
  }
  /* the bars show the list as it is, not a change in progress */
  .ant-progress-track {
    transition: none;
  }
`

/** Props of {@link ReasonBreakdown}. */
export interface ReasonBreakdownProps {
  stats: LowEfficiencyReasonStat[]
  /** parcels on the list (a parcel may meet several criteria) */
  total: number
  active?: string
  onPick: (reason: LowEfficiencyReason | undefined) => void
}

/** The per-criterion list of 低效用地. */
export function ReasonBreakdown({ stats, total, active, onPick }: ReasonBreakdownProps) {
  if (stats.length === 0) return emptyState('没有认定原因可统计')
  return (
    <List data-testid="dxyd-reasons">
      {stats.map((s) => (
        <li key={s.reason}>
          <button
            type="button"
            aria-pressed={active === s.reason}
            title={active === s.reason ? '再次点击显示全部原因' : `只看“${s.name}”的地块`}
            onClick={() => onPick(active === s.reason ? undefined : s.reason)}
            data-testid={`dxyd-reason-${s.reason}`}
          >
            <span>{s.name}</span>
            <Progress
              percent={total ? Math.round((s.count / total) * 100) : 0}
              size="small"
              showInfo={false}
              status="normal"
              strokeColor={BRAND.primary}
            />
            <span className="figure">
              <b data-testid={`dxyd-reason-count-${s.reason}`}>{formatCount(s.count)}</b> 宗 · {formatAmount(s.areaMu)} 亩
            </span>
          </button>
        </li>
      ))}
    </List>
  )
}
