/**
 * 辅助决策 and 运行监测: the six 亩均 indicators (docs/domain.md 亩均效益评价) from the repo's sums, tables
 * by district and by division against the year before, one enterprise against the median of its
 * peers, and the warning signals of the enterprise monitor.
 */
import type { Db } from '../../db/engine'
import type { DataScope } from '../../auth/data-scope'
import { M2_PER_MU, roundTo } from '../../../domain/codes/units'
import { industryName } from '../../../domain/codes/industry'
import {
  INDICATORS,
  LOW_TAX_PER_MU,
  MONITOR_SIGNALS,
  TAX_DROP,
  VALUE_ADDED_DROP,
  type EnterpriseIndicators,
  type EnterpriseMonitor,
  type EnterpriseMonitorQuery,
  type EnterpriseMonitorRow,
  type IndicatorKey,
  type IndicatorRow,
  type IndicatorTable,
  type IndicatorValues,
  type IndustryMonitor,
  type IndustryMonitorRow,
  type MonitorSignal,
  type TrendPoint,
} from '../../../domain/contracts/decision'
import { resolveYear } from '../big-data/service'
import { childRegions, region as regionOf } from '../statistical-report/repo'
import * as repo from './repo'

const ratio = (num: number | null | undefined, den: number | null | undefined, scale = 1, digits = 2) =>
  num === null || num === undefined || !den || den <= 0 ? null : roundTo((num / den) * scale, digits)
const money = (v: number) => roundTo(v, 2)
const change = (cur: number | null, last: number | null) => (cur === null || last === null || last === 0 ? null : roundTo(((cur - last) / Math.abs(last)) * 100, 1))

/** The indicators of summed inputs. */
export function indicatorsOf(s: repo.IndicatorSums): IndicatorValues {
  const mu = s.land_m2 / M2_PER_MU
  return {
    taxPerMu: ratio(s.tax, mu),
    valueAddedPerMu: ratio(s.value_added, mu),
    laborProductivity: ratio(s.va_of_employees, s.employees),
    energyEfficiency: ratio(s.va_of_energy, s.energy),
    emissionEfficiency: ratio(s.va_of_emissions, s.emissions),
    rdRatio: ratio(s.rd, s.revenue_of_rd, 100),
  }
}

/** The indicators of one enterprise's year. */
export function enterpriseIndicators(y: repo.EnterpriseYear): IndicatorValues {
  const mu = y.land_m2 / M2_PER_MU
  return {
    taxPerMu: ratio(y.tax, mu),
    valueAddedPerMu: ratio(y.value_added, mu),
    laborProductivity: ratio(y.value_added, y.employees),
    energyEfficiency: ratio(y.value_added, y.energy),
    emissionEfficiency: ratio(y.value_added, y.emissions),
    rdRatio: y.rd === null ? null : ratio(y.rd, y.revenue, 100),
  }
}

const KEYS = Object.keys(INDICATORS) as IndicatorKey[]

/** The median of each indicator over enterprises' values (nulls left out). */
export function medians(values: IndicatorValues[]): IndicatorValues {
  const out = {} as IndicatorValues
  for (const k of KEYS) {
    const xs = values.map((v) => v[k]).filter((x): x is number => x !== null).sort((a, b) => a - b)
    out[k] = xs.length === 0 ? null : roundTo(xs.length % 2 ? xs[(xs.length - 1) / 2] : (xs[xs.length / 2 - 1] + xs[xs.length / 2]) / 2, 2)
  }
  return out
}

type Sums = repo.IndicatorSums & { key: string | null; year: number }

function row(code: string, name: string, cur: Sums | undefined, last: Sums | undefined): IndicatorRow {
  return {
    code,
    name,
    enterpriseCount: cur?.n ?? 0,
    landMu: roundTo((cur?.land_m2 ?? 0) / M2_PER_MU, 2),
    tax: money(cur?.tax ?? 0),
    valueAdded: money(cur?.value_added ?? 0),
    values: cur ? indicatorsOf(cur) : indicatorsOf({ n: 0, tax: 0, value_added: 0, revenue: 0, land_m2: 0, va_of_employees: 0, employees: 0, va_of_energy: 0, energy: 0, va_of_emissions: 0, emissions: 0, rd: 0, revenue_of_rd: 0 }),
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
  const y = await resolveYear(db, year)
  const base = scope.kind === 'region' ? scope.code : '330000'
  const [children, here] = await Promise.all([childRegions(db, base), regionOf(db, base)])
  const level = children[0]?.level
  const [grouped, whole] = await Promise.all([
    level ? twoYears(db, scope, y, `e.${level}_code`) : Promise.resolve({ cur: new Map<string | null, Sums>(), last: new Map<string | null, Sums>() }),
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
  const y = await resolveYear(db, year)
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
    .map((r) => ({ year: r.year, enterpriseCount: r.n, tax: money(r.tax), valueAdded: money(r.value_added), values: indicatorsOf(r) }))
}

/** 企业指标: one enterprise of the scope against the median of its peers; undefined outside the scope. */
export async function enterprise(db: Db, scope: DataScope, id: number, year?: number): Promise<EnterpriseIndicators | undefined> {
  const e = await repo.enterprise(db, scope, id)
  if (!e) return undefined
  const y = await resolveYear(db, year)
  const [county, history, appraisalClass] = await Promise.all([
    e.county_code ? repo.countyYear(db, e.county_code, y) : Promise.resolve([]),
    repo.enterpriseYears(db, id),
    repo.appraisalClass(db, id, y),
  ])
  const division = e.industry_code?.slice(0, 3) ?? null
  const sameIndustry = county.filter((x) => division !== null && x.industry === division)
  const peers = sameIndustry.length >= 3 ? sameIndustry : county
  const label = peers === sameIndustry ? `${e.county_name ?? ''}${industryName(division ?? '') ?? ''}企业` : `${e.county_name ?? ''}全部企业`
  const mine = history.find((h) => h.year === y)
  const values = mine ? enterpriseIndicators(mine) : null
  const ranked = peers.map((p) => ({ id: p.id, v: enterpriseIndicators(p).taxPerMu })).filter((p) => p.v !== null).sort((a, b) => b.v! - a.v! || a.id - b.id)
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
    benchmark: medians(peers.map(enterpriseIndicators)),
    peers: { label, count: peers.length },
    rank: rankIndex >= 0 ? rankIndex + 1 : null,
    appraisalClass,
    history: history.map((h) => ({ year: h.year, values: enterpriseIndicators(h) })),
  }
}

// ---- 运行监测 ----

const perMu = (tax: number | null, m2: number | null) => ratio(tax, (m2 ?? 0) / M2_PER_MU)

/** The signals an enterprise gives this year against the last (MONITOR_SIGNALS). */
export function signalsOf(x: repo.MonitorInput): { signals: MonitorSignal[]; row: Omit<EnterpriseMonitorRow, 'signals'> } {
  const taxPerMu = x.reported ? perMu(x.tax, x.land_m2) : null
  const lastTaxPerMu = x.last_reported ? perMu(x.last_tax, x.last_land_m2) : null
  const taxPerMuChange = change(taxPerMu, lastTaxPerMu)
  const valueAdded = x.reported ? x.value_added : null
  const lastValueAdded = x.last_reported ? x.last_value_added : null
  const valueAddedChange = change(valueAdded, lastValueAdded)
  const signals: MonitorSignal[] = []
  if (lastTaxPerMu !== null && lastTaxPerMu > 0 && taxPerMu !== null && taxPerMu <= lastTaxPerMu * (1 - TAX_DROP)) signals.push('taxDrop')
  if (lastValueAdded !== null && lastValueAdded > 0 && valueAdded !== null && valueAdded <= lastValueAdded * (1 - VALUE_ADDED_DROP)) signals.push('valueAddedDrop')
  if (x.reported && x.last_reported && x.energy !== null && x.last_energy !== null && x.energy > x.last_energy && valueAdded !== null && lastValueAdded !== null && valueAdded < lastValueAdded)
    signals.push('energyUp')
  if (taxPerMu !== null && taxPerMu < LOW_TAX_PER_MU) signals.push('lowTax')
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
      taxPerMu,
      lastTaxPerMu,
      taxPerMuChange,
      valueAdded: valueAdded === null ? null : money(valueAdded),
      lastValueAdded: lastValueAdded === null ? null : money(lastValueAdded),
      valueAddedChange,
    },
  }
}

const SIGNALS = Object.keys(MONITOR_SIGNALS) as MonitorSignal[]

/** 企业监测: the enterprises with a warning signal, counted per signal, one page in the order asked. */
export async function enterpriseMonitor(db: Db, scope: DataScope, q: Omit<EnterpriseMonitorQuery, 'regionCode'>): Promise<EnterpriseMonitor> {
  const y = await resolveYear(db, q.year)
  const all = (await repo.monitorInputs(db, scope, y)).filter(
    (x) => (!q.industry || x.industry_code?.startsWith(q.industry)) && (!q.keyword || x.name.includes(q.keyword) || x.credit_code.includes(q.keyword.toUpperCase())),
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
  const c = { tax: cur?.tax ?? 0, va: cur?.value_added ?? 0, rev: cur?.revenue ?? 0 }
  const l = { tax: last?.tax ?? 0, va: last?.value_added ?? 0, rev: last?.revenue ?? 0 }
  return {
    code,
    name,
    enterpriseCount: cur?.n ?? 0,
    tax: money(c.tax),
    lastTax: money(l.tax),
    taxChange: change(c.tax, l.tax),
    valueAdded: money(c.va),
    lastValueAdded: money(l.va),
    valueAddedChange: change(c.va, l.va),
    revenue: money(c.rev),
    lastRevenue: money(l.rev),
    revenueChange: change(c.rev, l.rev),
    taxPerMu: cur ? indicatorsOf(cur).taxPerMu : null,
    lastTaxPerMu: last ? indicatorsOf(last).taxPerMu : null,
    warned,
  }
}

/** 行业监测: each division this year against the last, with how many of its enterprises give a signal. */
export async function industryMonitor(db: Db, scope: DataScope, year?: number): Promise<IndustryMonitor> {
  const y = await resolveYear(db, year)
  const [grouped, whole, inputs] = await Promise.all([twoYears(db, scope, y, 'left(e.industry_code, 3)'), twoYears(db, scope, y, null), repo.monitorInputs(db, scope, y)])
  const warnedBy = new Map<string | null, number>()
  let warnedAll = 0
  for (const x of inputs) {
    if (signalsOf(x).signals.length === 0) continue
    const k = x.industry_code?.slice(0, 3) ?? null
    warnedBy.set(k, (warnedBy.get(k) ?? 0) + 1)
    warnedAll++
  }
  const keys = [...new Set([...grouped.cur.keys(), ...grouped.last.keys()])].sort((a, b) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
  return {
    year: y,
    rows: keys.map((k) => industryRow(k ?? '', k ? (industryName(k) ?? k) : '未分类', grouped.cur.get(k), grouped.last.get(k), warnedBy.get(k) ?? 0)),
    total: industryRow('all', '合计', whole.cur.get(null), whole.last.get(null), warnedAll),
  }
}
