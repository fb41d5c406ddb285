/** How the lifecycle pages write figures, dates and states: 2 decimals, '—' for nothing, red 逾期. */
import { Tag } from 'antd'
import { STAGE_NAMES, type LifecycleStage } from '../../../../domain/lifecycle'
import { formatFigure } from '../../../core/format-figure'

/** A figure with 2 decimals (docs/domain.md "Units and codes"); null → '—'. */
export const fixed2 = (v: number | null | undefined) => formatFigure(v, 2)

/** A date or '—'. */
export const dateOr = (d: string | null | undefined) => d || '—'

/** A signed gap (achieved − committed): green when met, red when short, '—' when unknown. */
export function GapFigure({ value }: { value: number | null }) {
  if (value === null) return <>—</>
  const color = value < 0 ? '#c8161d' : '#237804'
  return <span style={{ color, fontWeight: 500 }}>{`${value > 0 ? '+' : ''}${fixed2(value)}`}</span>
}

/** 逾期 N 天 in red, or '—' when on time. */
export function OverdueTag({ overdue, days }: { overdue: boolean | null; days: number }) {
  // the server may answer null for a project that has no deadline yet: that is not overdue
  if (!overdue) return <>—</>
  return (
    <Tag color="error" data-testid="overdue-tag">
      逾期 {days} 天
    </Tag>
  )
}

const STAGE_COLORS: Record<LifecycleStage, string> = {
  xmqy: 'default',
  tdgy: 'cyan',
  xmkg: 'blue',
  sgjs: 'geekblue',
  jgys: 'purple',
  xmtc: 'green',
  xmpj: 'gold',
}

/** The stage a project has reached, as a coloured tag. */
export function StageTag({ stage }: { stage: LifecycleStage }) {
  return <Tag color={STAGE_COLORS[stage]}>{STAGE_NAMES[stage]}</Tag>
}
