/**
 * The charts of 盘活概况 as ECharts options (docs/conventions.md "Layers, charts and walls as data"),
 * built with the project's bar builder in the light page theme: by county — 台账低效用地面积, 盘活面积
 * and 盘活任务, each series naming its catalogue figure so the tooltip carries its 口径 — and by
 * 盘活方式 — the plans made and the plans done. Counties without 台账, plans or task are left out.
 */
import type { CountyRow, RevitalizeOverview } from '../../../../domain/contracts/revitalize'
import { FIGURES } from '../../../../domain/figures/catalogue'
import { buildBarOption } from '../../../charts/build-bar-option'
import type { CategoryChartConfig, ChartRow } from '../../../charts/chart-config'
import { lightTheme } from '../../../charts/chart-theme'

/** Page charts are read at arm's length, not across a room. */
const THEME = lightTheme(0.8)

/** The county series: each a catalogue figure. */
export const COUNTY_CONFIG: CategoryChartConfig = {
  category: 'name',
  series: [
    { field: 'ledgerAreaMu', name: FIGURES.ledgerAreaMu.name, unit: '亩', digits: 2, figure: 'ledgerAreaMu' },
    { field: 'doneAreaMu', name: FIGURES.revitalizedAreaMu.name, unit: '亩', digits: 2, figure: 'revitalizedAreaMu' },
    { field: 'taskMu', name: FIGURES.revitalizeTaskMu.name, unit: '亩', digits: 2, figure: 'revitalizeTaskMu' },
  ],
}

/** The method series: plans made and plans done (counts of the plan list, no catalogue figure). */
export const METHOD_CONFIG: CategoryChartConfig = {
  category: 'method',
  series: [
    { field: 'count', name: '盘活方案', unit: '个' },
    { field: 'doneCount', name: '已办结', unit: '个' },
  ],
}

/** The counties the chart shows: those with a 台账 entry, a plan or a task, largest 台账 first. */
export function chartCounties(rows: readonly CountyRow[]): CountyRow[] {
  return rows
    .filter((r) => r.ledgerCount > 0 || r.planCount > 0 || (r.taskMu ?? 0) > 0)
    .sort((a, b) => b.ledgerAreaMu - a.ledgerAreaMu || a.code.localeCompare(b.code))
    .slice(0, CHART_COUNTIES)
}

/** How many counties the chart draws (a province has about 90: their names would overlap); the table lists all. */
export const CHART_COUNTIES = 15

/** The county chart's option. */
export function buildCountyOption(rows: readonly CountyRow[]) {
  return buildBarOption(chartCounties(rows) as unknown as ChartRow[], COUNTY_CONFIG, THEME)
}

/** The method chart's option (methods without a plan are left out). */
export function buildMethodOption(methods: RevitalizeOverview['methods']) {
  const rows = methods.filter((m) => m.count > 0)
  return buildBarOption(rows as unknown as ChartRow[], { ...METHOD_CONFIG, horizontal: true }, THEME)
}
