/**
 * A figure's 口径 on hover (issue 14): `FigureTip` wraps anything that shows a figure of the
 * catalogue (src/domain/figures) in a tooltip with its name, unit, population and 口径 sentence; a
 * ratio's tooltip adds its working — numerator ÷ denominator = value, with their values when the
 * page has them. `FigureLabel` is the usual case: the figure's own name (or a label) underlined as
 * hoverable. One component for pages, report headers and KPI cards alike.
 */
import { Tooltip } from 'antd'
import type { ReactNode } from 'react'
import styled from 'styled-components'
import { FIGURES, POPULATIONS, type FigureKey } from '../../domain/figures/catalogue'
import { ratioWorking, type RatioParts } from '../../domain/figures/format'

const Tip = styled.div`
  max-width: 360px;
  line-height: 1.6;
  .name {
    font-weight: 600;
  }
  .meta {
    opacity: 0.75;
    font-size: 12px;
  }
  .working {
    margin-top: 4px;
    padding-top: 4px;
    border-top: 1px solid rgba(255, 255, 255, 0.25);
  }
`

const Hoverable = styled.span`
  cursor: help;
  border-bottom: 1px dashed currentColor;
`

/** The tooltip's content for a figure (exported for charts that draw their own tooltips). */
export function FigureTipContent({ figure, parts }: { figure: FigureKey; parts?: RatioParts | null }) {
  const f = FIGURES[figure]
  const working = parts ? ratioWorking(figure, parts) : undefined
  return (
    <Tip data-testid={`figure-tip-${figure}`}>
      <div className="name">
        {f.name}（{f.unit}）
      </div>
      <div>{f.caliber}</div>
      {f.kind === 'ratio' && !working && (
        <div className="working">
          {f.numerator.name}（{f.numerator.unit}）÷ {f.denominator.name}（{f.denominator.unit}）
        </div>
      )}
      {working && <div className="working">{working}</div>}
      <div className="meta">
        计入范围：{POPULATIONS[f.population].name} · {f.asOf === 'today' ? '截至今日' : '统计年度末'}
      </div>
    </Tip>
  )
}

/** Wraps the children in the figure's 口径 tooltip. */
export function FigureTip({ figure, parts, children }: { figure: FigureKey; parts?: RatioParts | null; children: ReactNode }) {
  return (
    <Tooltip title={<FigureTipContent figure={figure} parts={parts} />} mouseEnterDelay={0.2}>
      {children}
    </Tooltip>
  )
}

/** A figure's name (or `label`), hoverable for its 口径. */
export function FigureLabel({ figure, parts, label }: { figure: FigureKey; parts?: RatioParts | null; label?: ReactNode }) {
  return (
    <FigureTip figure={figure} parts={parts}>
      <Hoverable data-figure={figure}>{label ?? FIGURES[figure].name}</Hoverable>
    </FigureTip>
  )
}
