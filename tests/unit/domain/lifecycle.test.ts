/** docs/domain.md "Land lifecycle": stage on a date and overdue rules, one row per sentence. */
import { describe, expect, it } from 'vitest'
import { LIFECYCLE_STAGES, overdueAt, stageAt, STAGE_NAMES, type StageDates } from '../../../src/domain/lifecycle'

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
