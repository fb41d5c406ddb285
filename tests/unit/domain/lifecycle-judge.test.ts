/** 标准地 judging, deadlines and lateness of the land lifecycle (docs/domain.md "Land lifecycle"). */
import { describe, expect, it } from 'vitest'
import { addMonths, judge, lateDays, overdueAt } from '../../../src/domain/lifecycle'

const commitments = { investIntensity: 400, plotRatio: 2, taxPerMu: 30, energyVa: 2.5, emissionVa: 30 }

describe('judge', () => {
  it('passes 竣工验收 when investment intensity and 容积率 meet their commitments, judging only those', () => {
    const j = judge('jgys', commitments, { investment: 4400, plotRatio: 2 }, 10)
    expect(j.passed).toBe(true)
    expect(j.items.map((i) => [i.key, i.actual, i.gap, i.passed])).toEqual([
      ['investIntensity', 440, 40, true],
      ['plotRatio', 2, 0, true],
    ])
    expect(j.conclusion).toBe('达标：2 项承诺指标均已达到')
  })

  it('fails 项目评价 on any item below its commitment, with the gaps in the conclusion', () => {
    const j = judge('xmpj', commitments, { investment: 4400, plotRatio: 1.7, tax: 250, energyVa: 2.4, emissionVa: 31 }, 10)
    expect(j.passed).toBe(false)
    expect(j.items.filter((i) => !i.passed).map((i) => [i.key, i.gap])).toEqual([
      ['plotRatio', -0.3],
      ['taxPerMu', -5],
      ['energyVa', -0.1],
    ])
    expect(j.conclusion).toBe('未达标：容积率低于承诺 0.3；亩均税收低于承诺 5万元/亩；单位能耗增加值低于承诺 0.1万元/吨标准煤')
  })

  it('does not judge an item without a commitment', () => {
    const j = judge('jgys', { ...commitments, plotRatio: null }, { investment: 3000, plotRatio: 0.5 }, 10)
    expect(j.items.map((i) => i.key)).toEqual(['investIntensity'])
    expect(j.passed).toBe(false)
  })
})

describe('deadlines and lateness', () => {
  it('adds months as PostgreSQL does, to the last day of a shorter month', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29')
    expect(addMonths('2023-08-31', 12)).toBe('2024-08-31')
    expect(addMonths('2025-03-15', -30)).toBe('2022-09-15')
  })

  it('counts the days a start or completion is registered past its deadline', () => {
    const p = { startDeadline: '2025-01-31', completionDeadline: '2027-01-31' }
    expect(lateDays('xmkg', '2025-03-02', p)).toBe(30)
    expect(lateDays('xmkg', '2025-01-31', p)).toBeNull()
    expect(lateDays('jgys', '2027-02-01', p)).toBe(1)
    expect(lateDays('sgjs', '2030-01-01', p)).toBeNull()
  })

  it('is never overdue once exited', () => {
    const p = {
      signedDate: '2022-01-01',
      supplyDate: '2022-03-01',
      startDate: null,
      constructionDate: null,
      completionDate: null,
      productionDate: null,
      evaluationDate: null,
      startDeadline: '2023-03-01',
      completionDeadline: null,
    }
    expect(overdueAt(p, '2024-01-01')).toBe(true)
    expect(overdueAt({ ...p, exitDate: '2023-06-01' }, '2024-01-01')).toBe(false)
    expect(overdueAt({ ...p, exitDate: '2023-06-01' }, '2023-05-01')).toBe(true)
  })
})
