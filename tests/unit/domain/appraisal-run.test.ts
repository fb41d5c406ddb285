/**
 * The pure 亩均效益评价 run against hand-computed values: five enterprises, 亩均税收 60 + 亩均营业收入 40,
 * benchmark the group median (亩均税收 4, 亩均营业收入 50), cap 1.5.
 *
 *   id  亩均税收  亩均营收   tax score          revenue score      total
 *   1   10       100       60 × 1.5 = 90      40 × 1.5 = 60      150
 *   2   5        50        60 × 1.25 = 75     40 × 1 = 40        115
 *   3   4        40        60 × 1 = 60        40 × 0.8 = 32      92
 *   4   2        20        60 × 0.5 = 30      40 × 0.4 = 16      46
 *   5   0.5      200       60 × 0.125 = 7.5   40 × 1.5 = 60      67.5   (亩均税收 < 1: D)
 */
import { describe, expect, it } from 'vitest'
import {
  defaultModel,
  median,
  modelProblems,
  runGroup,
  weightTotal,
  type AppraisalModelSpec,
  type AppraisalSubject,
} from '../../../src/domain/appraisal-run'

const model = (over: Partial<AppraisalModelSpec> = {}): AppraisalModelSpec => ({
  ...defaultModel('规下'),
  ...over,
})
const subject = (id: number, tax: number, revenue: number, events: string[] = [], division: string | null = null): AppraisalSubject => ({
  enterpriseId: id,
  division,
  values: { taxPerMu: tax, revenuePerMu: revenue },
  events,
})
const FIVE = [subject(1, 10, 100), subject(2, 5, 50), subject(3, 4, 40), subject(4, 2, 20), subject(5, 0.5, 200)]
const byId = (out: ReturnType<typeof runGroup>) => Object.fromEntries(out.map((o) => [o.enterpriseId, o]))

describe('runGroup', () => {
  it('scores weight × min(value ÷ median, cap), ranks by total and classes by quota with the 1 万元/亩 trigger', () => {
    const out = runGroup(FIVE, model())
    expect(out.map((o) => [o.enterpriseId, o.total, o.rank, o.class])).toEqual([
      [1, 150, 1, 'A'],
      [2, 115, 2, 'B'],
      [3, 92, 3, 'B'],
      [5, 67.5, 4, 'D'],
      [4, 46, 5, 'C'],
    ])
    const r = byId(out)
    expect(r[1].scores.taxPerMu).toEqual({ value: 10, benchmark: 4, score: 90 })
    expect(r[1].scores.revenuePerMu).toEqual({ value: 100, benchmark: 50, score: 60 })
    expect(r[5].reason).toBe('亩均税收 0.50 万元/亩，低于 1 万元/亩')
    expect(r[1].reason).toBe('综合得分 150.00，排名 1/5，按比例（A类前20%、B类其后40%、D类后5%）评为A类')
    // five enterprises: round(5 × 5 %) = 0 by quota, so the last is C, not D
    expect(r[4].groupSize).toBe(5)
  })

  it('caps a ratio at the model’s cap', () => {
    const r = byId(runGroup(FIVE, model({ cap: 2 })))
    expect(r[1].scores.taxPerMu!.score).toBe(120) // 60 × min(2.5, 2)
    expect(r[1].scores.revenuePerMu!.score).toBe(80) // 40 × 2
    expect(r[5].scores.revenuePerMu!.score).toBe(80) // 40 × min(4, 2)
  })

  it('classes by score thresholds', () => {
    const out = runGroup(FIVE, model({ rule: { mode: 'threshold', a: 100, b: 80, c: 60 } }))
    expect(out.map((o) => [o.enterpriseId, o.class])).toEqual([
      [1, 'A'],
      [2, 'A'],
      [3, 'B'],
      [5, 'D'],
      [4, 'D'],
    ])
    expect(byId(out)[3].reason).toBe('综合得分 92.00，按分数线（A≥100、B≥80、C≥60）评为B类')
  })

  it('adds 加分 and 减分 items and lets a 一票否决 event make D whatever the score', () => {
    const subjects = [
      subject(1, 10, 100, ['重大安全事故']),
      subject(2, 5, 50, ['违法用地']),
      subject(3, 4, 40, ['高新技术企业']),
      subject(4, 2, 20),
    ]
    // medians: 亩均税收 (4 + 5) / 2 = 4.5, 亩均营收 (40 + 50) / 2 = 45
    const r = byId(runGroup(subjects, model()))
    expect(r[2].adjustments).toEqual([{ name: '违法用地', points: -10 }])
    expect(r[2].total).toBeCloseTo((60 * 5) / 4.5 + (40 * 50) / 45 - 10, 10)
    expect(r[3].total).toBeCloseTo((60 * 4) / 4.5 + (40 * 40) / 45 + 5, 10)
    expect(r[1].rank).toBe(1)
    expect([r[1].class, r[1].reason]).toEqual(['D', '一票否决：重大安全事故'])
  })

  it('quota D takes the bottom 5 % of a group of twenty, A the top four, B the next eight', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => subject(i + 1, 40 - i, 100))
    const classes = runGroup(twenty, model()).map((o) => o.class)
    expect(classes.join('')).toBe('AAAABBBBBBBBCCCCCCCD')
  })

  it('takes the county norm of the division when the model says norm, the median otherwise', () => {
    const subjects = [subject(1, 10, 100, [], 'C34'), subject(2, 5, 50, [], 'C13'), subject(3, 4, 40, [], 'C34')]
    const norm = (d: string | null, k: string) => (d === 'C34' && k === 'taxPerMu' ? 8 : undefined)
    const r = byId(runGroup(subjects, model({ benchmark: 'norm' }), norm))
    expect(r[1].scores.taxPerMu).toEqual({ value: 10, benchmark: 8, score: 75 })
    expect(r[2].scores.taxPerMu).toEqual({ value: 5, benchmark: 5, score: 60 }) // no C13 norm: the median of 10, 5, 4
    expect(byId(runGroup(subjects, model(), norm))[1].scores.taxPerMu!.benchmark).toBe(5)
  })

  it('scores a missing value 0', () => {
    const r = byId(
      runGroup(
        [subject(1, 10, 100), { enterpriseId: 2, division: null, values: { taxPerMu: 5, revenuePerMu: null }, events: [] }],
        model(),
      ),
    )
    expect(r[2].scores.revenuePerMu).toEqual({ value: null, benchmark: 100, score: 0 })
  })
})

describe('models', () => {
  it('weights must total 100, and the message names the total', () => {
    const m = model({
      indicators: [
        { key: 'taxPerMu', weight: 60 },
        { key: 'revenuePerMu', weight: 30 },
      ],
    })
    expect(modelProblems(m)).toEqual([{ field: 'indicators', message: '指标权重合计应为100，当前为90' }])
    expect(modelProblems(defaultModel('规上'))).toEqual([])
    expect(weightTotal(defaultModel('规上').indicators)).toBe(100)
  })

  it('refuses thresholds out of order and quotas over 100 %', () => {
    expect(modelProblems(model({ rule: { mode: 'threshold', a: 60, b: 80, c: 40 } }))[0].field).toBe('rule')
    expect(modelProblems(model({ rule: { mode: 'quota', a: 60, b: 40, d: 5 } }))[0].message).toBe(
      'A、B、D类比例合计不能超过100%，当前为105%',
    )
  })

  it('median of an even count is the mean of the middle two', () => {
    expect([median([4, 1, 3, 2]), median([5]), median([])]).toEqual([2.5, 5, null])
  })
})
