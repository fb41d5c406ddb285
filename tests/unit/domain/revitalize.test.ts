import { describe, expect, it } from 'vitest'
import { PLAN_ACTIONS, effectiveState, expectedProgress, planRisk } from '../../../src/domain/revitalize'

const TODAY = '2026-06-30'

describe('the plan state machine (docs/domain.md 低效用地)', () => {
  it.each([
    ['提交', ['草稿'], '待审核'],
    ['退回', ['待审核'], '草稿'],
    ['审核通过', ['待审核'], '实施中'],
    ['验收', ['已完成'], '已验收'],
    ['终止', ['草稿', '待审核', '实施中', '已逾期'], '终止'],
  ] as const)('%s goes from %j to %s', (action, from, to) => {
    expect(PLAN_ACTIONS[action]).toEqual({ from, to })
  })

  it('shows 实施中 past its deadline as 已逾期, and nothing else', () => {
    expect(effectiveState('实施中', '2026-06-29', TODAY)).toBe('已逾期')
    expect(effectiveState('实施中', TODAY, TODAY)).toBe('实施中')
    expect(effectiveState('已完成', '2026-01-01', TODAY)).toBe('已完成')
  })
})

describe('supervision risk', () => {
  it('draws the straight line from start (0 %) to deadline (100 %)', () => {
    expect(expectedProgress('2026-01-01', '2026-12-31', '2026-01-01')).toBe(0)
    expect(expectedProgress('2026-01-01', '2026-12-31', '2026-07-02')).toBe(50)
    expect(expectedProgress('2026-01-01', '2026-12-31', '2027-03-01')).toBe(100)
  })

  it.each([
    [
      'overdue first',
      { deadline: '2026-06-01', progress: 90, lastReportDate: '2026-06-25' },
      '高',
      ['已逾期 29 天', '进度落后 10 个百分点'],
    ],
    ['30 days without a report', { deadline: '2026-12-31', progress: 60, lastReportDate: '2026-05-31' }, '中', ['30 天未报告进度']],
    ['20 points behind', { deadline: '2026-12-31', progress: 25, lastReportDate: '2026-06-20' }, '中', ['进度落后 24 个百分点']],
    ['a little behind', { deadline: '2026-12-31', progress: 45, lastReportDate: '2026-06-20' }, '低', ['进度落后 4 个百分点']],
    ['on track', { deadline: '2026-12-31', progress: 60, lastReportDate: '2026-06-20' }, '无', []],
  ] as const)('%s', (_, p, level, reasons) => {
    const r = planRisk({ state: '实施中', startDate: '2026-01-01', ...p }, TODAY)
    expect([r.level, r.reasons]).toEqual([level, reasons])
  })

  it('orders overdue above silent above behind, and counts no risk for a plan not running', () => {
    const at = (p: Partial<Parameters<typeof planRisk>[0]>) =>
      planRisk(
        { state: '实施中', startDate: '2026-01-01', deadline: '2026-12-31', progress: 50, lastReportDate: '2026-06-20', ...p },
        TODAY,
      ).score
    expect(at({ deadline: '2026-06-01', progress: 100 })).toBeGreaterThan(at({ lastReportDate: '2026-05-01', progress: 0 }))
    expect(at({ lastReportDate: '2026-05-01' })).toBeGreaterThan(at({ progress: 0 }))
    expect(
      planRisk({ state: '草稿', startDate: '2026-01-01', deadline: '2026-02-01', progress: 0, lastReportDate: null }, TODAY).level,
    ).toBe('无')
  })
})
