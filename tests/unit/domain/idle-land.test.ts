/**
 * 《闲置土地处置办法》 as src/domain/idle-land.ts implements it (docs/domain.md "闲置土地"), one row per
 * rule with a case either side of each threshold: 未按期动工 at one full year after the agreed date;
 * 开发不足停工 below one third of the area or 25 % of the investment and stopped one full year; the
 * methods of each cause, 土地闲置费 (20 % of the price) from one year, 无偿收回 from two; 延长动工期限
 * at most one year; the order of the documents.
 */
import { describe, expect, it } from 'vitest'
import {
  IDLE_FEE_RATE,
  addYears,
  extensionProblem,
  fullYears,
  idleFee,
  judgeIdle,
  methodProblem,
  previousDocument,
  type IdleCause,
  type IdleFacts,
  type IdleMethod,
} from '../../../src/domain/idle-land'

describe('dates', () => {
  it.each([
    ['2024-03-15', 1, '2025-03-15'],
    ['2024-02-29', 1, '2025-02-28'],
    ['2024-02-29', 4, '2028-02-29'],
    ['2023-12-31', 2, '2025-12-31'],
  ])('addYears(%s, %i) = %s', (from, n, to) => expect(addYears(from, n)).toBe(to))

  it.each([
    ['2024-03-15', '2025-03-14', 0],
    ['2024-03-15', '2025-03-15', 1],
    ['2024-03-15', '2026-03-14', 1],
    ['2024-03-15', '2026-03-15', 2],
    ['2024-03-15', '2023-01-01', 0],
  ])('fullYears(%s → %s) = %i', (from, to, n) => expect(fullYears(from, to)).toBe(n))
})

describe('未按期动工: not started one full year after the agreed start date', () => {
  const unbuilt: IdleFacts = { areaM2: 30000, agreedStartDate: '2024-03-15', actualStartDate: null }

  it('is not idle the day before the year is full', () => {
    expect(judgeIdle(unbuilt, '2025-03-14')).toEqual({
      idle: false,
      field: 'parcelId',
      reason: '约定动工日期 2024-03-15 起未满一年（2025-03-15 满一年），不构成闲置',
    })
  })

  it('is idle on the day the year is full, idle since the agreed date', () => {
    expect(judgeIdle(unbuilt, '2025-03-15')).toEqual({
      idle: true,
      ground: '未按期动工',
      idleSince: '2024-03-15',
      grounds: ['约定动工日期 2024-03-15，至 2025-03-15 未动工开发，已满 1 年'],
    })
    expect(judgeIdle(unbuilt, '2026-03-15')).toMatchObject({
      idle: true,
      grounds: ['约定动工日期 2024-03-15，至 2026-03-15 未动工开发，已满 2 年'],
    })
  })

  it('cannot be judged without an agreed start date', () => {
    expect(judgeIdle({ ...unbuilt, agreedStartDate: null }, '2030-01-01')).toEqual({
      idle: false,
      field: 'parcelId',
      reason: '该地块没有约定动工日期，无法按未按期动工认定闲置',
    })
  })
})

describe('开发不足停工: developed < 1/3 of the area or invested < 25 %, and stopped one full year', () => {
  // 30 000 m²: one third is 10 000 m²; total investment 8 000 万元: a quarter is 2 000 万元
  const started: IdleFacts = {
    areaM2: 30000,
    agreedStartDate: '2022-01-01',
    actualStartDate: '2022-06-01',
    developedAreaM2: 20000,
    invested: 5000,
    totalInvestment: 8000,
    stoppedSince: '2024-03-15',
  }
  const ON = '2025-03-15'

  it.each<[string, Partial<IdleFacts>, boolean, string[]]>([
    ['developed 9 999 m² (< 1/3)', { developedAreaM2: 9999 }, true, ['已开发面积 9999 平方米，不足总面积 30000 平方米的三分之一']],
    ['developed exactly 10 000 m² (= 1/3)', { developedAreaM2: 10000 }, false, []],
    ['invested 1 999 万元 (< 25 %)', { invested: 1999 }, true, ['已投资额 1999 万元，不足总投资额 8000 万元的 25%']],
    ['invested exactly 2 000 万元 (= 25 %)', { invested: 2000 }, false, []],
    [
      'both short',
      { developedAreaM2: 5000, invested: 1000 },
      true,
      ['已开发面积 5000 平方米，不足总面积 30000 平方米的三分之一', '已投资额 1000 万元，不足总投资额 8000 万元的 25%'],
    ],
    ['invested short but no total investment known', { invested: 10, totalInvestment: null }, false, []],
  ])('%s', (_name, over, idle, grounds) => {
    const j = judgeIdle({ ...started, ...over }, ON)
    expect(j.idle).toBe(idle)
    if (j.idle) {
      expect(j).toEqual({
        idle: true,
        ground: '开发不足停工',
        idleSince: '2024-03-15',
        grounds: [...grounds, '自 2024-03-15 中止开发建设，已满 1 年'],
      })
    } else {
      expect(j.reason).toBe('已开发面积不少于总面积的三分之一、且已投资额不少于总投资额的 25%，不构成闲置')
    }
  })

  it('needs the stop to have lasted one full year', () => {
    const short = { ...started, developedAreaM2: 9999 }
    expect(judgeIdle(short, '2025-03-14')).toEqual({
      idle: false,
      field: 'stoppedSince',
      reason: '停工日期 2024-03-15 起中止开发未满一年，不构成闲置',
    })
    expect(judgeIdle(short, '2025-03-15').idle).toBe(true)
  })

  it.each<[string, Partial<IdleFacts>, string]>([
    ['no stop date', { stoppedSince: null }, '已动工的地块须填写停工日期 stoppedSince'],
    ['a stop before the start', { stoppedSince: '2022-05-31' }, '停工日期 stoppedSince 不能早于实际动工日期 2022-06-01'],
    ['a stop after the day judged', { stoppedSince: '2025-03-16' }, '停工日期 stoppedSince 不能晚于认定日期'],
  ])('refuses %s, naming stoppedSince', (_name, over, reason) => {
    expect(judgeIdle({ ...started, developedAreaM2: 100, ...over }, ON)).toEqual({ idle: false, field: 'stoppedSince', reason })
  })
})

describe('处置: the methods of each cause, 土地闲置费 from one year, 无偿收回 from two', () => {
  const SINCE = '2023-06-01'
  it.each<[IdleCause, IdleMethod, string, string | null]>([
    ['企业原因', '征缴土地闲置费', '2024-05-31', '闲置未满一年（自 2023-06-01 起），不能征缴土地闲置费'],
    ['企业原因', '征缴土地闲置费', '2024-06-01', null],
    ['企业原因', '无偿收回', '2025-05-31', '闲置未满两年（自 2023-06-01 起 1 年），不能无偿收回'],
    ['企业原因', '无偿收回', '2025-06-01', null],
    ['企业原因', '延长动工期限', '2025-06-01', '企业原因造成的闲置只能 征缴土地闲置费 或 无偿收回，不能延长动工期限'],
    ['政府原因', '延长动工期限', '2023-06-02', null],
    ['政府原因', '协议有偿收回', '2023-06-02', null],
    [
      '政府原因',
      '无偿收回',
      '2026-06-01',
      '政府原因造成的闲置只能采取 延长动工期限、调整用途或规划条件、临时使用、置换土地、协议有偿收回 之一，不能无偿收回',
    ],
    [
      '政府原因',
      '征缴土地闲置费',
      '2026-06-01',
      '政府原因造成的闲置只能采取 延长动工期限、调整用途或规划条件、临时使用、置换土地、协议有偿收回 之一，不能征缴土地闲置费',
    ],
  ])('%s, %s on %s', (cause, method, on, problem) => expect(methodProblem(cause, method, SINCE, on)).toBe(problem))

  it.each<[number | null | undefined, number | null]>([
    [1000, 200],
    [1234.5, 246.9],
    [0, 0],
    [null, null],
    [undefined, null],
  ])('土地闲置费 of a price of %s 万元 is %s 万元 (20 %)', (price, fee) => {
    expect(IDLE_FEE_RATE).toBe(0.2)
    const v = idleFee(price)
    if (fee === null) expect(v).toBeNull()
    else expect(v).toBeCloseTo(fee, 9)
  })
})

describe('延长动工期限: a later start, at most one year after the plan', () => {
  const refused = '新约定动工日期 newStartDate 应晚于方案日期，且延长不超过一年（不晚于 2026-03-15）'
  it.each<[string, string | null]>([
    ['2025-03-15', refused],
    ['2025-03-14', refused],
    ['2025-03-16', null],
    ['2026-03-15', null],
    ['2026-03-16', refused],
  ])('a plan of 2025-03-15 with a new start of %s', (start, problem) => expect(extensionProblem('2025-03-15', start)).toBe(problem))

  it('from 29 February, one year is 28 February', () => {
    expect(extensionProblem('2024-02-29', '2025-02-28')).toBeNull()
    expect(extensionProblem('2024-02-29', '2025-03-01')).toBe(
      '新约定动工日期 newStartDate 应晚于方案日期，且延长不超过一年（不晚于 2025-02-28）',
    )
  })
})

describe('documents: 调查通知书 → 闲置土地认定书 → 处置决定书', () => {
  it.each([
    ['调查通知书', null],
    ['闲置土地认定书', '调查通知书'],
    ['处置决定书', '闲置土地认定书'],
  ] as const)('%s comes after %s', (kind, before) => expect(previousDocument(kind)).toBe(before))
})
