/** docs/domain.md "Land lifecycle": stage on a date and overdue rules, one row per sentence. */
import { describe, expect, it } from 'vitest'
import {
  LIFECYCLE_STAGES,
  latePenaltyFen,
  overdueAt,
  stageAt,
  STAGE_NAMES,
  taxPenaltyFen,
  type StageDates,
} from '../../../src/domain/lifecycle'

const project: StageDates = {
  signedDate: '2020-01-10',
  supplyDate: '2020-03-01',
  startDate: '2020-09-01',
  constructionDate: '2020-10-01',
  completionDate: '2022-05-01',
  productionDate: '2022-08-01',
  evaluationDate: '2023-08-01',
  startDeadline: '2021-03-01',
  completionDeadline: '2023-03-01',
}

describe('stages', () => {
  it('are ordered xmqy → tdgy → xmkg → sgjs → jgys → xmtc → xmpj with their Chinese names', () => {
    expect(LIFECYCLE_STAGES).toEqual(['xmqy', 'tdgy', 'xmkg', 'sgjs', 'jgys', 'xmtc', 'xmpj'])
    expect(LIFECYCLE_STAGES.map((s) => STAGE_NAMES[s])).toEqual([
      '项目签约',
      '土地供应',
      '项目开工',
      '施工建设',
      '竣工验收',
      '项目投产',
      '项目评价',
    ])
  })

  it.each([
    ['2019-12-31', null],
    ['2020-01-10', 'xmqy'],
    ['2020-03-01', 'tdgy'],
    ['2020-09-15', 'xmkg'],
    ['2021-06-01', 'sgjs'],
    ['2022-05-01', 'jgys'],
    ['2022-12-01', 'xmtc'],
    ['2025-01-01', 'xmpj'],
  ])('on %s the project is in %s', (date, stage) => {
    expect(stageAt(project, date)).toBe(stage)
  })

  it('stops at the first stage not reached, even if a later date is set', () => {
    expect(stageAt({ ...project, startDate: null }, '2025-01-01')).toBe('tdgy')
  })
})

describe('overdue (start within 12 months of delivery, completion within 24 months of start)', () => {
  it('is not overdue when every stage came in time', () => {
    expect(overdueAt(project, '2025-01-01')).toBe(false)
  })
  it('is overdue when the start deadline passed without a start', () => {
    expect(overdueAt({ ...project, startDate: null, constructionDate: null, completionDate: null }, '2021-03-02')).toBe(true)
    expect(overdueAt({ ...project, startDate: null, constructionDate: null, completionDate: null }, '2021-03-01')).toBe(false)
  })
  it('is overdue when the completion deadline passed without completion', () => {
    expect(overdueAt({ ...project, completionDate: null }, '2023-03-02')).toBe(true)
    expect(overdueAt(project, '2022-04-30')).toBe(false)
  })
  it('judges as of the date: a later start does not count yet', () => {
    expect(overdueAt({ ...project, startDate: '2021-06-01' }, '2021-04-01')).toBe(true)
  })
})

describe('违约金 of the signed rule (docs/domain.md "工业用地全生命周期": 标准地 双合同)', () => {
  it.each([
    // price 分, ‰ a day, days late → 分, half up at the 分 once
    [1_234_567_891, 1.5, 45, 83_333_333],
    [1_000_000_00, 1, 1, 100_000],
    [333, 1, 1, 0],
    [500, 1, 1, 1],
    [1_234_567_891, 0, 45, 0],
    [1_234_567_891, 1, 0, 0],
  ])('a late start or completion: %i 分 × %f ‰ × %i days = %i 分', (price, permille, days, fen) => {
    expect(latePenaltyFen(price, permille, days)).toBe(fen)
  })
  it.each([
    // committed, actual 万元/亩, 亩, % → 分 of (committed − actual) × 亩 × %
    [30, 20, 10, 100, 100_000_000],
    [30, 20, 10, 50, 50_000_000],
    [20, 30, 10, 100, 0],
    [30, 29.99, 1, 100, 10_000],
  ])('亩均税收 short at 项目评价: committed %f, actual %f, %f 亩, %f %% → %i 分', (committed, actual, areaMu, percent, fen) => {
    expect(taxPenaltyFen(committed, actual, areaMu, percent)).toBe(fen)
  })
})
