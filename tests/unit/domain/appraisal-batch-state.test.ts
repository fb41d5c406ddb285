/** The batch state machine of 亩均评价 (issue 28): one row per rule of docs/domain.md "Due process". */
import { describe, expect, it } from 'vitest'
import { batchTransition, firstPublishDay, publicityWindowProblem } from '../../../src/domain/appraisal-batch-state'

const END = '2026-12-08'
const inWindow = { today: '2026-12-08', publicityEnd: END }
const after = { today: '2026-12-09', publicityEnd: END }

describe('batch transitions', () => {
  it.each([
    ['试算', 'run', inWindow, '试算'],
    ['试算', 'publicity', inWindow, '公示'],
    ['公示', 'object', inWindow, '异议'],
    ['异议', 'object', inWindow, '异议'],
    ['异议', 'review', { ...inWindow, actorRegistered: false }, '异议'],
    ['公示', 'publish', after, '发布'],
    ['异议', 'publish', { ...after, openObjections: 0 }, '发布'],
  ] as const)('%s + %s → %s', (state, action, ctx, next) => {
    expect(batchTransition(state, action, ctx)).toEqual({ ok: true, next })
  })

  it.each([
    ['公示', 'run', inWindow, 409, '批次正在公示，公示期间不能重新试算；请先登记并审核异议'],
    ['发布', 'publicity', inWindow, 409, '批次当前为发布，只有试算的批次可以公示'],
    ['试算', 'object', inWindow, 409, '批次尚未公示，公示期间才能提出异议'],
    ['发布', 'object', inWindow, 409, '批次已发布，不能再提出异议'],
    ['公示', 'object', after, 422, '公示期已于2026年12月8日结束，不能再提出异议'],
    [
      '异议',
      'review',
      { ...inWindow, actorRegistered: true },
      422,
      '异议由本账号代为登记，不能由本账号审核；请由经信科其他人员审核（四眼原则）',
    ],
    ['试算', 'publish', after, 409, '批次尚未公示，请先公示再发布'],
    ['公示', 'publish', inWindow, 422, '公示期至2026年12月8日结束，2026年12月9日起才能发布；公示期间企业仍可提出异议'],
    ['异议', 'publish', { ...after, openObjections: 2 }, 422, '尚有2件异议未审核，请审核后再发布'],
    [
      '公示',
      'publish',
      { ...after, actorRan: true },
      422,
      '本批次的试算由本账号办理，不能再由本账号发布；请由另一名有评价审定权限的人员发布（四眼原则）',
    ],
    [
      '公示',
      'publish',
      { ...after, actorRan: true, actorOpenedPublicity: true },
      422,
      '本批次的试算和公示由本账号办理，不能再由本账号发布；请由另一名有评价审定权限的人员发布（四眼原则）',
    ],
  ] as const)('%s + %s is refused', (state, action, ctx, status, message) => {
    expect(batchTransition(state, action, ctx)).toMatchObject({ ok: false, status, message })
  })

  it('allows 发布 from the day after the window', () => {
    expect(firstPublishDay('2026-12-31')).toBe('2027-01-01')
  })
})

describe('the 公示 window', () => {
  const none = new Map()
  it('accepts five working days from today', () => {
    expect(publicityWindowProblem({ start: '2026-12-02', end: '2026-12-08' }, '2026-12-02', 5, none)).toBeNull()
  })
  it('refuses a window that starts before today', () => {
    expect(publicityWindowProblem({ start: '2026-12-01', end: '2026-12-20' }, '2026-12-02', 5, none)?.field).toBe('start')
  })
  it('refuses an end before the start', () => {
    expect(publicityWindowProblem({ start: '2026-12-09', end: '2026-12-08' }, '2026-12-02', 5, none)).toEqual({
      field: 'end',
      message: '公示结束日期 end 不能早于开始日期',
    })
  })
  it('names the earliest end of a window too short', () => {
    expect(publicityWindowProblem({ start: '2026-12-02', end: '2026-12-07' }, '2026-12-02', 5, none)).toEqual({
      field: 'end',
      message: '公示期至少5个工作日（节假日不计），2026年12月2日开始的公示最早于2026年12月8日结束，当前只有4个工作日',
    })
  })
})
