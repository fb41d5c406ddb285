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
import { answerAsOfLabel, FIGURES, POPULATIONS, type FigureKey } from '../../domain/figures/catalogue'
import { todayInProductZone } from '../../domain/today'
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
export function FigureTipContent({ figure, parts, years }: { figure: FigureKey; parts?: RatioParts | null; years?: AnswerYears }) {
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
        计入范围：{POPULATIONS[f.population].name} ·{' '}
        {years
          ? answerAsOfLabel(figure, years, todayInProductZone())
          : { today: '截至今日', yearEnd: '截至今日或所选年度年末', year: '所选年度' }[f.asOf]}
      </div>
    </Tip>
  )
}

/**
 * The years an answer counted (issue 29): its stock figures of `year` (the current year means
 * today), its yearly figures of `figuresYear` — as the walls' and reports' answers say them.
 */
export interface AnswerYears {
  year?: number | null
  figuresYear?: number | null
}

/** Wraps the children in the figure's 口径 tooltip. */
export function FigureTip({
  figure,
  parts,
  years,
  children,
}: {
  figure: FigureKey
  parts?: RatioParts | null
  years?: AnswerYears
  children: ReactNode
}) {
  return (
    <Tooltip title={<FigureTipContent figure={figure} parts={parts} years={years} />} mouseEnterDelay={0.2}>
      {children}
    </Tooltip>
  )
}

const AsOfText = styled.span`
  margin-left: 4px;
  font-size: 0.85em;
  font-weight: 400;
  opacity: 0.7;
  white-space: nowrap;
`

/** What moment a figure shows, from the catalogue (截至今日 / 截至 2024 年末 / 2025 年度): put it next to the figure. */
export function AsOf({ figure, years, bare }: { figure: FigureKey; years: AnswerYears; bare?: boolean }) {
  const text = answerAsOfLabel(figure, years, todayInProductZone())
  return (
    <AsOfText className="as-of" data-testid={`as-of-${figure}`}>
      {bare ? text : `（${text}）`}
    </AsOfText>
  )
}

/** A figure's name (or `label`), hoverable for its 口径; with `years`, its as-of beside it. */
export function FigureLabel({
  figure,
  parts,
  label,
  years,
}: {
  figure: FigureKey
  parts?: RatioParts | null
  label?: ReactNode
  years?: AnswerYears
}) {
  return (
    <>
      <FigureTip figure={figure} parts={parts} years={years}>
        <Hoverable data-figure={figure}>{label ?? FIGURES[figure].name}</Hoverable>
      </FigureTip>
      {years && <AsOf figure={figure} years={years} />}
    </>
  )
}
