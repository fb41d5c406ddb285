/** KPI 卡片: headline figures with count-up numbers (issue 6), from one object of the API. */
import styled from 'styled-components'
import { answerAsOfLabel, type FigureKey } from '../../domain/figures/catalogue'
import { todayInProductZone } from '../../domain/today'
import type { RatioParts } from '../../domain/figures/format'
import { formatFigure, formatMoney } from '../core/format-figure'
import { FigureTip, type AnswerYears } from '../ui/figure-tip'
import { useAnimatedNumber } from './use-animated-number'
import { dp, WALL } from './wall-styles'
import type { WidgetProps } from './widget-registry'

/** One figure of a KPI widget. */
export interface KpiItem {
  field: string
  label: string
  unit?: string
  digits?: number
  /** 万元 amounts switch to 亿元 when large */
  money?: boolean
  /** the catalogue figure shown: its 口径 (and a ratio's parts from the row's `parts`) on hover */
  figure?: FigureKey
}

/** View of a KPI widget. */
export interface KpiView {
  items: readonly KpiItem[]
  columns?: number
}

const Grid = styled.div<{ $cols: number }>`
  display: grid;
  grid-template-columns: repeat(${({ $cols }) => $cols}, 1fr);
  gap: ${dp(10)};
  height: 100%;
`

const Card = styled.div`
  display: flex;
  flex-direction: column;
  justify-content: center;
  align-items: center;
  min-width: 0;
  border: 1px solid rgba(80, 150, 255, 0.25);
  background: radial-gradient(ellipse at 50% 100%, rgba(47, 155, 255, 0.25) 0%, rgba(47, 155, 255, 0) 70%);
`

const Label = styled.div`
  font-size: ${dp(17)};
  color: ${WALL.muted};
  white-space: nowrap;
`

/** The figure's as-of (catalogue asOfLabel): 截至今日, 截至 2024 年末, 2025 年度. */
const AsOfLine = styled.div`
  margin-top: ${dp(2)};
  font-size: ${dp(12)};
  color: ${WALL.muted};
  opacity: 0.85;
  white-space: nowrap;
`

const Value = styled.div`
  margin-top: ${dp(6)};
  font-size: ${dp(36)};
  font-weight: 700;
  color: ${WALL.gold};
  font-family: 'DIN Alternate', 'Roboto Mono', 'Noto Sans Mono', monospace;
  white-space: nowrap;
  text-shadow: 0 0 ${dp(10)} rgba(255, 197, 61, 0.45);
  small {
    margin-left: ${dp(6)};
    font-size: ${dp(16)};
    color: ${WALL.text};
    font-weight: 400;
  }
`

function KpiFigure({
  widgetId,
  item,
  value,
  parts,
  years,
}: {
  widgetId: string
  item: KpiItem
  value: number | null
  parts?: RatioParts
  years: AnswerYears
}) {
  const shown = useAnimatedNumber(value ?? 0)
  const money = item.money ? formatMoney(shown, item.digits ?? 2) : null
  const card = (
    <Card data-figure={item.figure}>
      <Label>{item.label}</Label>
      <Value data-testid={`kpi-${widgetId}-${item.field}`} data-value={value ?? ''}>
        {/* no value (e.g. 亩均 without land) is a dash, never 0 */}
        {value === null ? '—' : money ? money.text : formatFigure(shown, item.digits ?? 0)}
        <small>{money ? money.unit : (item.unit ?? '')}</small>
      </Value>
      {item.figure && years.year !== undefined && (
        <AsOfLine data-testid={`kpi-${widgetId}-${item.field}-asof`}>{answerAsOfLabel(item.figure, years, todayInProductZone())}</AsOfLine>
      )}
    </Card>
  )
  return item.figure ? (
    <FigureTip figure={item.figure} parts={parts} years={years}>
      {card}
    </FigureTip>
  ) : (
    card
  )
}

/** The KPI widget. */
export function KpiWidget({ def, data }: WidgetProps<KpiView>) {
  const row = (data ?? {}) as Record<string, unknown> & { parts?: Record<string, RatioParts>; year?: number; figuresYear?: number }
  // the years the answer says it counted: its stock figures of `year` (today for the current year), yearly ones of `figuresYear`
  const years: AnswerYears = { year: row.year, figuresYear: row.figuresYear }
  return (
    <Grid $cols={def.view.columns ?? def.view.items.length}>
      {def.view.items.map((item) => (
        <KpiFigure
          key={item.field}
          widgetId={def.id}
          item={item}
          value={row[item.field] === null ? null : Number(row[item.field]) || 0}
          parts={item.figure ? row.parts?.[item.figure] : undefined}
          years={years}
        />
      ))}
    </Grid>
  )
}
