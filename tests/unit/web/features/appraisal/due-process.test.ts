/**
 * What the 亩均 pages say of due process (issue 28): the 公示 window the dialog proposes, its note,
 * and why 发布 is not offered — one row per rule of docs/domain.md "Due process".
 */
import { describe, expect, it } from 'vitest'
import type { AppraisalBatch } from '../../../../../src/domain/contracts/appraisal'
import type { CalendarYear } from '../../../../../src/domain/contracts/work-calendar'
import {
  defaultPublicityWindow,
  marksOf,
  publicityWindowNote,
  publishBlock,
} from '../../../../../src/web/features/appraisal/components/due-process'

const year = (days: CalendarYear['days']): CalendarYear => ({
  year: 2025,
  days,
  workingDays: 0,
  publicityDays: 5,
  hearingDays: 5,
  today: '2025-09-24',
})
// 国庆节、中秋节 2025: 10-01 … 10-08 off, Sunday 09-28 and Saturday 10-11 worked
const NATIONAL_DAY = marksOf([
  year([
    { day: '2025-09-28', mark: '班', name: '国庆节调休', updatedBy: '' },
    ...['01', '02', '03', '06', '07', '08'].map((d) => ({ day: `2025-10-${d}`, mark: '休' as const, name: '国庆节', updatedBy: '' })),
    { day: '2025-10-11', mark: '班', name: '国庆节调休', updatedBy: '' },
  ]),
  undefined,
])
const NONE = marksOf([])

const batch = (over: Partial<AppraisalBatch> = {}): AppraisalBatch => ({
  id: 7,
  countyCode: '330102',
  countyName: '上城区',
  year: 2025,
  version: 2,
  state: '公示',
  reason: '',
  publicityStart: '2026-12-02',
  publicityEnd: '2026-12-08',
  runAt: null,
  publishedAt: null,
  counts: { A: 1, B: 1, C: 1, D: 1 },
  openObjections: 0,
  runBy: '孙经信',
  publicityBy: '孙经信',
  publishedBy: '',
  runUserId: 9,
  publicityUserId: 9,
  publishFrom: '2026-12-09',
  ...over,
})
/** 经信科长 (account 10) and 经信科 (account 9, who ran and opened the batch) */
const LEAD = { userId: 10, mayApprove: true }

describe('the 公示 window the dialog proposes', () => {
  it('opens today and ends after the 公示期 in working days: 5 from Wednesday 2026-12-02 end on Tuesday 12-08', () => {
    expect(defaultPublicityWindow('2026-12-02', 5, NONE)).toEqual({ start: '2026-12-02', end: '2026-12-08', publishFrom: '2026-12-09' })
  })
  it('skips the holidays and counts the 调休 Sunday: from 2025-09-26 five working days end on 10-10', () => {
    // 09-26 Fri, 09-28 Sun (班), 09-29, 09-30, then the holiday to 10-08, 10-09 Thu is the fifth
    expect(defaultPublicityWindow('2025-09-26', 5, NATIONAL_DAY)).toEqual({
      start: '2025-09-26',
      end: '2025-10-09',
      publishFrom: '2025-10-10',
    })
  })
  it('reads the marks of several years together', () => {
    expect(NATIONAL_DAY.get('2025-10-01')).toBe('休')
    expect(NATIONAL_DAY.get('2025-10-11')).toBe('班')
    expect(NATIONAL_DAY.size).toBe(8)
  })
})

describe('what the dialog says of a chosen window', () => {
  it('a long enough window: its working days and the first day of 发布', () => {
    expect(publicityWindowNote({ start: '2026-12-02', end: '2026-12-08' }, '2026-12-02', 5, NONE)).toEqual({
      ok: true,
      text: '公示期5个工作日，2026年12月9日起可发布',
    })
  })
  it('a window shorter than the 公示期 is refused with the earliest end', () => {
    const n = publicityWindowNote({ start: '2026-12-02', end: '2026-12-07' }, '2026-12-02', 5, NONE)
    expect(n.ok).toBe(false)
    expect(n.text).toContain('最早于2026年12月8日结束')
  })
  it('a window that starts before today is refused', () => {
    const n = publicityWindowNote({ start: '2026-12-01', end: '2026-12-10' }, '2026-12-02', 5, NONE)
    expect(n).toEqual({ ok: false, text: '公示开始日期 start 不能早于今天（2026年12月2日）' })
  })
})

describe('why 发布 is not offered', () => {
  it('without 评价审定 it is not the user’s to do', () => {
    expect(publishBlock(batch(), { userId: 10, mayApprove: false }, '2026-12-09')).toContain('评价审定权限')
  })
  it('during the window: names the first day it is allowed', () => {
    expect(publishBlock(batch(), LEAD, '2026-12-08')).toBe('公示期至2026年12月8日结束，2026年12月9日起才能发布；公示期间企业仍可提出异议')
  })
  it('with 异议 open: they are reviewed first', () => {
    expect(publishBlock(batch({ state: '异议', openObjections: 2 }), LEAD, '2026-12-09')).toBe('尚有2件异议未审核，请审核后再发布')
  })
  it('whoever ran the 试算 or opened the 公示 cannot publish (四眼原则)', () => {
    const econ = { userId: 9, mayApprove: true }
    expect(publishBlock(batch(), econ, '2026-12-09')).toContain('本批次的试算和公示由本账号办理')
    expect(publishBlock(batch({ runUserId: 11 }), econ, '2026-12-09')).toContain('本批次的公示由本账号办理')
    // a namesake is another account: names do not decide
    expect(publishBlock(batch({ runBy: '钱经信科长', publicityBy: '钱经信科长' }), LEAD, '2026-12-09')).toBeNull()
  })
  it('another holder of 评价审定, after the window, with nothing open: allowed', () => {
    expect(publishBlock(batch(), LEAD, '2026-12-09')).toBeNull()
  })
  it('a batch already published is not published again', () => {
    expect(publishBlock(batch({ state: '发布' }), LEAD, '2026-12-09')).toBe('批次已发布')
  })
})
