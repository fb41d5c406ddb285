/**
 * 辅助决策 and 运行监测: the six 亩均 indicators (docs/domain.md 亩均效益评价) from the repo's sums, tables
 * by district and by division against the year before, one enterprise against the median of its
 * peers, and the warning signals of the enterprise monitor.
 */
import type { Db } from '../../db/engine'
import type { DataScope } from '../../auth/data-scope'
import { roundTo } from '../../../domain/codes/units'
import { INDICATOR_KEYS, isLowTaxPerMu } from '../../../domain/figures/catalogue'
import { enterpriseFigures, partsForDisplay, shown, shownOr0 } from '../../figures/values'
import { industryName } from '../../../domain/codes/industry'
import {
  MONITOR_SIGNALS,
  TAX_DROP,
  VALUE_ADDED_DROP,
  type EnterpriseIndicators,
  type EnterpriseMonitor,
  type EnterpriseMonitorQuery,
  type EnterpriseMonitorRow,
  type IndicatorRow,
  type IndicatorTable,
  type IndicatorValues,
  type IndustryMonitor,
  type IndustryMonitorRow,
  type MonitorSignal,
  type TrendPoint,
} from '../../../domain/contracts/decision'
import { figuresYear } from '../../common/stat-years'
import { childRegions, region as regionOf } from '../statistical-report/repo'
import * as repo from './repo'

const change = (cur: number | null, last: number | null) =>
  cur === null || last === null || last === 0 ? null : roundTo(((cur - last) / Math.abs(last)) * 100, 1)

/** The indicators of a group (exact, by the catalogue's formulas over the fragments' sums). */
function exactIndicators(s: repo.IndicatorSums | undefined): IndicatorValues {
  const f = enterpriseFigures(s)
  return Object.fromEntries(INDICATOR_KEYS.map((k) => [k, f[k]])) as IndicatorValues
}

/** Indicator values as sent: each to its display digits. */
const sentValues = (v: IndicatorValues): IndicatorValues =>
  Object.fromEntries(INDICATOR_KEYS.map((k) => [k, shown(k, v[k])])) as IndicatorValues

/** The indicators of summed inputs, as sent. */
export function indicatorsOf(s: repo.IndicatorSums | undefined): IndicatorValues {
  return sentValues(exactIndicators(s))
}

/** The exact indicators of one enterprise's year (the fragments' per-enterprise ratios). */
function exactEnterpriseIndicators(y: repo.EnterpriseYear): IndicatorValues {
  return {
    taxPerMu: y.tax_per_mu,
    valueAddedPerMu: y.value_added_per_mu,
    laborProductivity: y.labor_productivity,
    energyEfficiency: y.energy_efficiency,
    emissionEfficiency: y.emission_efficiency,
    rdRatio: y.rd_ratio,
  }
}

/** The indicators of one enterprise's year, as sent. */
export function enterpriseIndicators(y: repo.EnterpriseYear): IndicatorValues {
  return sentValues(exactEnterpriseIndicators(y))
}

/** The median of each indicator over enterprises' exact values (nulls left out), as sent. */
export function medians(values: IndicatorValues[]): IndicatorValues {
  const out = {} as IndicatorValues
  for (const k of INDICATOR_KEYS) {
    const xs = values
      .map((v) => v[k])
      .filter((x): x is number => x !== null)
      .sort((a, b) => a - b)
    out[k] = xs.length === 0 ? null : shown(k, xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2)
  }
  return out
}

type Sums = repo.IndicatorSums & { key: string | null; year: number }

function row(code: string, name: string, cur: Sums | undefined, last: Sums | undefined): IndicatorRow {
  const f = enterpriseFigures(cur)
  return {
    code,
    name,
    enterpriseCount: f.ratedEnterpriseCount,
    landMu: shownOr0('ratedLandMu', f.ratedLandMu),
    tax: shownOr0('tax', f.tax),
    valueAdded: shownOr0('valueAdded', f.valueAdded),
    values: indicatorsOf(cur),
    parts: partsForDisplay(f.parts, INDICATOR_KEYS) as IndicatorRow['parts'],
    lastYear: last ? indicatorsOf(last) : null,
  }
}

/** Sums of this year and the last by key. */
async function twoYears(db: Db, scope: DataScope, year: number, key: string | null) {
  const rows = await repo.sumsByYear(db, scope, [year, year - 1], key)
  const pick = (y: number) => new Map(rows.filter((r) => r.year === y).map((r) => [r.key, r]))
  return { cur: pick(year), last: pick(year - 1) }
}

/** 区域指标: the child districts of the scope's district, and the scope as a whole. */
export async function byRegion(db: Db, scope: DataScope, year?: number): Promise<IndicatorTable> {
  const y = await figuresYear(db, year)
  const base = scope.kind === 'region' ? scope.code : '330000'
  const [children, here] = await Promise.all([childRegions(db, base), regionOf(db, base)])
  const level = children[0]?.level
  const [grouped, whole] = await Promise.all([
    level
      ? twoYears(db, scope, y, `e.${level}_code`)
      : Promise.resolve({ cur: new Map<string | null, Sums>(), last: new Map<string | null, Sums>() }),
    twoYears(db, scope, y, null),
  ])
  return {
    year: y,
    regionName: scope.kind === 'region' ? (here?.name ?? null) : null,
    rows: scope.kind === 'none' ? [] : children.map((c) => row(c.code, c.name, grouped.cur.get(c.code), grouped.last.get(c.code))),
    total: row('all', '合计', whole.cur.get(null), whole.last.get(null)),
  }
}

/** 行业指标: by GB/T 4754 division in code order, 未分类 last. */
export async function byIndustry(db: Db, scope: DataScope, year?: number): Promise<IndicatorTable> {
  const y = await figuresYear(db, year)
  const [grouped, whole, here] = await Promise.all([
    twoYears(db, scope, y, 'left(e.industry_code, 3)'),
    twoYears(db, scope, y, null),
    scope.kind === 'region' ? regionOf(db, scope.code) : Promise.resolve(undefined),
  ])
  const rows = [...grouped.cur.keys()]
    .sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map((k) => row(k ?? '', k ? (industryName(k) ?? k) : '未分类', grouped.cur.get(k), grouped.last.get(k)))
  return { year: y, regionName: here?.name ?? null, rows, total: row('all', '合计', whole.cur.get(null), whole.last.get(null)) }
}

/** 指标趋势: every year of the scope (optionally one division). */
export async function trend(db: Db, scope: DataScope, industry?: string): Promise<TrendPoint[]> {
  const rows = await repo.sumsByYear(db, scope, await repo.years(db), null, industry)
  return rows
    .sort((a, b) => a.year - b.year)
    .map((r) => {
      const f = enterpriseFigures(r)
      return {
        year: r.year,
        enterpriseCount: f.ratedEnterpriseCount,
        tax: shownOr0('tax', f.tax),
        valueAdded: shownOr0('valueAdded', f.valueAdded),
        values: indicatorsOf(r),
        parts: partsForDisplay(f.parts, INDICATOR_KEYS) as TrendPoint['parts'],
      }
    })
}

/** 企业指标: one enterprise of the scope against the median of its peers; undefined outside the scope. */
export async function enterprise(db: Db, scope: DataScope, id: number, year?: number): Promise<EnterpriseIndicators | undefined> {
  const e = await repo.enterprise(db, scope, id)
  if (!e) return undefined
  const y = await figuresYear(db, year)
  const [county, history, appraisalClass] = await Promise.all([
    e.county_code ? repo.countyYear(db, e.county_code, y) : Promise.resolve([]),
    repo.enterpriseYears(db, id),
    repo.appraisalClass(db, id, y),
  ])
  const division = e.industry_code?.slice(0, 3) ?? null
  const sameIndustry = county.filter((x) => division !== null && x.industry === division)
  const peers = sameIndustry.length >= 3 ? sameIndustry : county
  const label =
    peers === sameIndustry ? `${e.county_name ?? ''}${industryName(division ?? '') ?? ''}企业` : `${e.county_name ?? ''}全部企业`
  const mine = history.find((h) => h.year === y)
  const values = mine ? enterpriseIndicators(mine) : null
  // ranked on exact values: rounding is for display only
  const ranked = peers
    .map((p) => ({ id: p.id, v: p.tax_per_mu }))
    .filter((p) => p.v !== null)
    .sort((a, b) => b.v! - a.v! || a.id - b.id)
  const rankIndex = ranked.findIndex((p) => p.id === id)
  return {
    year: y,
    enterprise: {
      id: e.id,
      name: e.name,
      creditCode: e.credit_code,
      industryCode: e.industry_code,
      industryName: e.industry_code ? (industryName(e.industry_code) ?? null) : null,
      countyName: e.county_name,
      scale: e.scale,
      status: e.status,
    },
    values,
    benchmark: medians(peers.map(exactEnterpriseIndicators)),
    peers: { label, count: peers.length },
    rank: rankIndex >= 0 ? rankIndex + 1 : null,
    appraisalClass,
    history: history.map((h) => ({ year: h.year, values: enterpriseIndicators(h) })),
  }
}

// ---- 运行监测 ----

/** The signals an enterprise gives this year against the last (MONITOR_SIGNALS). */
export function signalsOf(x: repo.MonitorInput): { signals: MonitorSignal[]; row: Omit<EnterpriseMonitorRow, 'signals'> } {
  // exact values compared (a 0.9992 is below 1 万元/亩); rounded only in the row sent
  const taxPerMu = x.reported ? x.tax_per_mu : null
  const lastTaxPerMu = x.last_reported ? x.last_tax_per_mu : null
  const taxPerMuChange = change(taxPerMu, lastTaxPerMu)
  const valueAdded = x.reported ? x.value_added : null
  const lastValueAdded = x.last_reported ? x.last_value_added : null
  const valueAddedChange = change(valueAdded, lastValueAdded)
  const signals: MonitorSignal[] = []
  if (lastTaxPerMu !== null && lastTaxPerMu > 0 && taxPerMu !== null && taxPerMu <= lastTaxPerMu * (1 - TAX_DROP)) signals.push('taxDrop')
  if (lastValueAdded !== null && lastValueAdded > 0 && valueAdded !== null && valueAdded <= lastValueAdded * (1 - VALUE_ADDED_DROP))
    signals.push('valueAddedDrop')
  if (
    x.reported &&
    x.last_reported &&
    x.energy !== null &&
    x.last_energy !== null &&
    x.energy > x.last_energy &&
    valueAdded !== null &&
    lastValueAdded !== null &&
    valueAdded < lastValueAdded
  )
    signals.push('energyUp')
  if (isLowTaxPerMu(taxPerMu)) signals.push('lowTax')
  if (x.status === '停产' || x.status === '半停产') signals.push('stopped')
  if (!x.reported && x.last_reported && x.status !== '注销' && x.status !== '迁出') signals.push('noReport')
  return {
    signals,
    row: {
      id: x.id,
      name: x.name,
      creditCode: x.credit_code,
      countyName: x.county_name,
      industryCode: x.industry_code,
      industryName: x.industry_code ? (industryName(x.industry_code) ?? null) : null,
      status: x.status,
      taxPerMu: shown('taxPerMu', taxPerMu),
      lastTaxPerMu: shown('taxPerMu', lastTaxPerMu),
      taxPerMuChange,
      valueAdded: shown('valueAdded', valueAdded),
      lastValueAdded: shown('valueAdded', lastValueAdded),
      valueAddedChange,
    },
  }
}

const SIGNALS = Object.keys(MONITOR_SIGNALS) as MonitorSignal[]

/** 企业监测: the enterprises with a warning signal, counted per signal, one page in the order asked. */
export async function enterpriseMonitor(
  db: Db,
  scope: DataScope,
  q: Omit<EnterpriseMonitorQuery, 'regionCode'>,
): Promise<EnterpriseMonitor> {
  const y = await figuresYear(db, q.year)
  const all = (await repo.monitorInputs(db, scope, y)).filter(
    (x) =>
      (!q.industry || x.industry_code?.startsWith(q.industry)) &&
      (!q.keyword || x.name.includes(q.keyword) || x.credit_code.includes(q.keyword.toUpperCase())),
  )
  const judged = all.map((x) => {
    const { signals, row } = signalsOf(x)
    return { ...row, signals }
  })
  const warned = judged.filter((x) => x.signals.length > 0)
  const shown = q.signal ? warned.filter((x) => x.signals.includes(q.signal!)) : warned
  const dir = q.sortOrder === 'ascend' ? 1 : -1
  const sorted =
    q.sortField === 'name'
      ? [...shown].sort((a, b) => dir * a.name.localeCompare(b.name, 'zh-CN') || a.id - b.id)
      : q.sortField
        ? [...shown].sort((a, b) => {
            const va = a[q.sortField as 'taxPerMuChange' | 'valueAddedChange']
            const vb = b[q.sortField as 'taxPerMuChange' | 'valueAddedChange']
            if (va === null || vb === null) return va === vb ? a.id - b.id : va === null ? 1 : -1
            return dir * (va - vb) || a.id - b.id
          })
        : // default: most signals first, then the deepest drop of 亩均税收
          [...shown].sort((a, b) => b.signals.length - a.signals.length || (a.taxPerMuChange ?? 0) - (b.taxPerMuChange ?? 0) || a.id - b.id)
  return {
    year: y,
    watched: all.length,
    warned: warned.length,
    bySignal: SIGNALS.map((s) => ({ signal: s, name: MONITOR_SIGNALS[s], count: warned.filter((x) => x.signals.includes(s)).length })),
    page: { list: sorted.slice((q.page - 1) * q.pageSize, q.page * q.pageSize), total: sorted.length, page: q.page, pageSize: q.pageSize },
  }
}

function industryRow(code: string, name: string, cur: Sums | undefined, last: Sums | undefined, warned: number): IndustryMonitorRow {
  const c = enterpriseFigures(cur)
  const l = enterpriseFigures(last)
  return {
    code,
    name,
    enterpriseCount: c.ratedEnterpriseCount,
    tax: shownOr0('tax', c.tax),
    lastTax: shownOr0('tax', l.tax),
    taxChange: change(c.tax, l.tax),
    valueAdded: shownOr0('valueAdded', c.valueAdded),
    lastValueAdded: shownOr0('valueAdded', l.valueAdded),
    valueAddedChange: change(c.valueAdded, l.valueAdded),
    revenue: shownOr0('revenue', c.revenue),
    lastRevenue: shownOr0('revenue', l.revenue),
    revenueChange: change(c.revenue, l.revenue),
    taxPerMu: cur ? shown('taxPerMu', c.taxPerMu) : null,
    lastTaxPerMu: last ? shown('taxPerMu', l.taxPerMu) : null,
    warned,
  }
}

/** 行业监测: each division this year against the last, with how many of its enterprises give a signal. */
export async function industryMonitor(db: Db, scope: DataScope, year?: number): Promise<IndustryMonitor> {
  const y = await figuresYear(db, year)
  const [grouped, whole, inputs] = await Promise.all([
    twoYears(db, scope, y, 'left(e.industry_code, 3)'),
    twoYears(db, scope, y, null),
    repo.monitorInputs(db, scope, y),
  ])
  const warnedBy = new Map<string | null, number>()
  let warnedAll = 0
  for (const x of inputs) {
    if (signalsOf(x).signals.length === 0) continue
    const k = x.industry_code?.slice(0, 3) ?? null
    warnedBy.set(k, (warnedBy.get(k) ?? 0) + 1)
    warnedAll++
  }
  const keys = [...new Set([...grouped.cur.keys(), ...grouped.last.keys()])].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a.localeCompare(b),
  )
  return {
    year: y,
    rows: keys.map((k) =>
      industryRow(k ?? '', k ? (industryName(k) ?? k) : '未分类', grouped.cur.get(k), grouped.last.get(k), warnedBy.get(k) ?? 0),
    ),
    total: industryRow('all', '合计', whole.cur.get(null), whole.last.get(null), warnedAll),
  }
}
