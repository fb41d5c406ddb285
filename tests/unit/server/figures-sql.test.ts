/**
 * The views of migration 0140 spell the figure fragments of src/server/figures/sql.ts verbatim: a
 * fragment changed without a new migration fails here, so a view and a repo never count apart.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  appraisalCandidate,
  appraisedEnterprise,
  enterpriseLandM2,
  lowLand,
  lowLandOfYear,
  parcelOfYear,
  parcelToday,
  ratioSql,
  rowOf,
  yearlyRowOf,
} from '../../../src/server/figures/sql'

const squash = (s: string) => s.replace(/\s+/g, ' ').trim()
const migration = squash(fs.readFileSync('src/server/db/migrations/0140_figures.sql', 'utf8'))

describe('migration 0140 redefines the views from the figure fragments', () => {
  it.each([
    ['用地面积 of an enterprise in its year', enterpriseLandM2('e', 'y', 'y.year')],
    ['亩均税收 of one enterprise', ratioSql('taxPerMu', rowOf('r'))],
    ['在册工业用地 today', parcelToday('p')],
  ])('%s', (_name, fragment) => {
    expect(migration).toContain(squash(fragment))
  })
})

describe('migration 0350 redefines the globe’s 低效 flag as the 台账 of record', () => {
  const m0350 = squash(fs.readFileSync('src/server/db/migrations/0350_low_land_of_record.sql', 'utf8'))
  it.each([
    ['在册工业用地 today', parcelToday('p')],
    ['低效用地 today', lowLand('p')],
  ])('%s', (_name, fragment) => {
    expect(m0350).toContain(squash(fragment))
  })
  it('counts a confirmed entry not yet 销号, or 闲置; never 疑似', () => {
    const sql = squash(lowLand('p'))
    expect(sql).toContain("rl.state IN ('已认定', '已纳入方案', '实施中', '已完成')")
    expect(sql).toContain('rl.closed_date IS NULL OR rl.closed_date >= (current_date + 1)')
    expect(sql).toContain("OR p.status = '闲置'")
    expect(sql).not.toContain('疑似')
  })
})

describe('fragments', () => {
  it('评价范围企业 are the enterprises classed in the published batch of the year, on every row shape', () => {
    // one population: the walls, reports and lists count what the appraisal published, not a second rule
    expect(squash(appraisedEnterprise(rowOf('r')))).toBe('COALESCE(r.classed, false)')
    const perEnterprise = squash(appraisedEnterprise(yearlyRowOf('$1')))
    expect(perEnterprise).toContain('FROM enterprise_appraisal_yearly ay WHERE ay.enterprise_id = e.id AND ay.year = ($1)::int')
    // a run's candidates carry no land floor: the model's floor narrows 规下 only
    expect(appraisalCandidate(rowOf('r'))).not.toMatch(/land_m2 >=/)
  })

  it('the published view reads the published batches only', () => {
    const view = squash(fs.readFileSync('src/server/db/migrations/0160_appraisal.sql', 'utf8')).split(
      'CREATE OR REPLACE VIEW enterprise_appraisal_yearly',
    )[1]
    expect(view).toContain("FROM appraisal_batch WHERE state IN ('发布', '归档')")
  })

  it('land at the end of a year is supplied and not recovered before 1 January of the next, or tomorrow in the current year', () => {
    const sql = squash(parcelOfYear('p', '$1'))
    const before = 'LEAST(make_date(($1)::int + 1, 1, 1), (current_date + 1))'
    expect(sql).toContain(`p.supply_date < ${before}`)
    expect(sql).toContain(`p.status = '已收回' AND (p.recovered_date IS NULL OR p.recovered_date < ${before})`)
    expect(squash(lowLandOfYear('p', '$1'))).toContain(`rl.confirm_date < ${before}`)
  })

  it('an enterprise ratio never rounds and is null without land', () => {
    const sql = ratioSql('taxPerMu', yearlyRowOf('$1'))
    expect(sql).not.toMatch(/round\(/i)
    expect(sql).toMatch(/^\(CASE WHEN .* END\)$/s)
  })
})
