/**
 * The views of migration 0140 spell the figure fragments of src/server/figures/sql.ts verbatim: a
 * fragment changed without a new migration fails here, so a view and a repo never count apart.
 */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import {
  appraisedEnterprise,
  enterpriseLandM2,
  lowLand,
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
    ['评价范围企业', appraisedEnterprise(rowOf('r'))],
    ['亩均税收 of one enterprise', ratioSql('taxPerMu', rowOf('r'))],
    ['在册工业用地 today', parcelToday('p')],
    ['低效用地', lowLand('p')],
  ])('%s', (_name, fragment) => {
    expect(migration).toContain(squash(fragment))
  })
})

describe('fragments', () => {
  it('land at the end of a year is supplied and not recovered before 1 January of the next', () => {
    const sql = squash(parcelOfYear('p', '$1'))
    expect(sql).toContain('p.supply_date < make_date(($1)::int + 1, 1, 1)')
    expect(sql).toContain("p.status = '已收回' AND (p.recovered_date IS NULL OR p.recovered_date < make_date(($1)::int + 1, 1, 1))")
  })

  it('an enterprise ratio never rounds and is null without land', () => {
    const sql = ratioSql('taxPerMu', yearlyRowOf('$1'))
    expect(sql).not.toMatch(/round\(/i)
    expect(sql).toMatch(/^\(CASE WHEN .* END\)$/s)
  })
})
