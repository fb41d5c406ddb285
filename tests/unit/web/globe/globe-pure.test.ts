/** The globe pages' pure parts: themes and legends, replay, view arithmetic, region tree. */
import { describe, expect, it } from 'vitest'
import { GLOBE_THEMES, themeOf } from '../../../../src/web/features/globe/globe-themes'
import { LIFECYCLE_STAGE_COLORS as STAGE_COLORS, PARCEL_STATUS_COLORS } from '../../../../src/domain/palettes'
import {
  addDays,
  daysBetween,
  mainZones,
  projectColorAt,
  replayRange,
  stageCountsAt,
} from '../../../../src/web/features/globe/lifecycle-replay'
import { contains, padBbox, zoomForHeight } from '../../../../src/web/features/globe/view-math'
import { regionTree } from '../../../../src/web/features/globe/region-tree'
import { formatMu } from '../../../../src/web/features/globe/format'
import {
  dayNumber,
  dayText,
  timelineRows,
  type GlobeLifecycleRow,
  type GlobeLifecycleTimeline,
} from '../../../../src/domain/contracts/globe'

const parcel = { status: '低效', lowEfficiency: true, appraisalClass: 'D' as const, stage: 'sgjs' as const }

describe('themes', () => {
  it('are the four of issue 5, in order', () => {
    expect(GLOBE_THEMES.map((t) => t.label)).toEqual(['用地状态', '低效用地', '亩均评价', '生命周期'])
  })
  it.each(GLOBE_THEMES.map((t) => [t.label, t] as const))('%s colours a parcel with a colour its legend explains', (_, theme) => {
    expect(theme.legend.map((l) => l.color)).toContain(theme.colorOf(parcel))
  })
  it('colour one parcel differently per theme where it differs', () => {
    expect(themeOf('status').colorOf(parcel)).toBe('#ae3ec9')
    expect(themeOf('status').colorOf(parcel)).toBe(PARCEL_STATUS_COLORS.低效)
    expect(themeOf('appraisal').colorOf({ ...parcel, appraisalClass: 'A' })).toBe('#2f9e44')
    expect(themeOf('stage').colorOf(parcel)).toBe(STAGE_COLORS.sgjs)
    expect(themeOf('lowEfficiency').colorOf({ ...parcel, lowEfficiency: false })).toBe('#51cf66')
  })
  it('falls back to the status theme for an unknown key', () => {
    expect(themeOf('nope').key).toBe('status')
  })
})

const p = (id: number, signed: string, start: string | null): GlobeLifecycleRow => ({
  id,
  name: `项目${id}`,
  point: null,
  overdue: false,
  signedDate: signed,
  supplyDate: '2021-01-01',
  startDate: start,
  constructionDate: null,
  completionDate: null,
  productionDate: null,
  evaluationDate: null,
  startDeadline: '2022-01-01',
  completionDeadline: null,
  exitDate: null,
})

describe('the lifecycle timeline columns', () => {
  it('turn back into the rows they were made from: dates by day number, points, overdue ids', () => {
    const t: GlobeLifecycleTimeline = {
      asOf: '2026-11-27',
      id: [7, 9],
      name: ['甲项目', '乙项目'],
      lng: [120.12345, null],
      lat: [30.5, null],
      days: {
        signedDate: [dayNumber('2020-02-29'), dayNumber('1999-12-31')],
        supplyDate: [dayNumber('2021-01-01'), null],
        startDate: [null, null],
        constructionDate: [null, null],
        completionDate: [null, null],
        productionDate: [null, null],
        evaluationDate: [null, null],
        startDeadline: [dayNumber('2022-01-01'), null],
        completionDeadline: [null, null],
        exitDate: [null, dayNumber('2001-03-01')],
      },
      overdue: [7],
    }
    const rows = timelineRows(t)
    expect(rows[0]).toEqual({ ...p(7, '2020-02-29', null), name: '甲项目', point: [120.12345, 30.5], overdue: true })
    expect([rows[1].point, rows[1].overdue, rows[1].signedDate, rows[1].exitDate, rows[1].supplyDate]).toEqual([
      null,
      false,
      '1999-12-31',
      '2001-03-01',
      null,
    ])
    expect([dayNumber('1970-01-01'), dayNumber('1970-01-02'), dayText(dayNumber('2024-02-29'))]).toEqual([0, 1, '2024-02-29'])
  })
})

describe('lifecycle replay', () => {
  const projects = [p(1, '2020-06-01', '2021-05-01'), p(2, '2020-11-01', null)]
  it('replays from the first signing to the last recorded date', () => {
    // the replay ends today (逾期 counted to today, as on 一本账), or later if a date is later
    expect(replayRange(projects, '2026-11-26')).toEqual(['2020-06-01', '2026-11-26'])
    expect(replayRange(projects, '2021-01-01')).toEqual(['2020-06-01', '2021-05-01'])
    expect(replayRange([], '2026-11-26')).toBeNull()
  })
  it('colours by the stage on the date, grey before signing', () => {
    expect(projectColorAt(projects[0], '2020-01-01')).toBe('#9aa5b1')
    expect(projectColorAt(projects[0], '2021-06-01')).toBe(STAGE_COLORS.xmkg)
  })
  it('counts stages and overdue projects on a date', () => {
    const c = stageCountsAt(projects, '2022-02-01')
    expect(c['项目开工']).toBe(1)
    expect(c['土地供应']).toBe(1)
    expect(c.逾期).toBe(1)
  })
  it('maps slider days to dates and back', () => {
    expect(addDays('2020-02-28', 2)).toBe('2020-03-01')
    expect(daysBetween('2020-01-01', '2021-01-01')).toBe(366)
  })
  it('extrudes one zone per project: the survey boundary wherever it comes in the list, else the first', () => {
    const ring: [number, number][][] = [
      [
        [120, 30],
        [120.1, 30],
        [120.1, 30.1],
        [120, 30],
      ],
    ]
    const z = (projectId: number, kind: '指界' | '勘测定界' | '竣工') => ({ projectId, kind, rings: ring })
    const picked = mainZones([z(1, '指界'), z(2, '竣工'), z(1, '勘测定界'), z(2, '指界'), z(1, '竣工')])
    expect(picked.map((x) => [x.projectId, x.kind])).toEqual([
      [1, '勘测定界'],
      [2, '竣工'],
    ])
    expect(mainZones([])).toEqual([])
  })
})

describe('view arithmetic', () => {
  it('turns camera heights into zoom levels', () => {
    expect(zoomForHeight(1.0e6)).toBe(5)
    expect(zoomForHeight(1000)).toBe(15)
    expect(zoomForHeight(0)).toBe(22)
  })
  it('pads boxes by half on each side and tests containment', () => {
    expect(padBbox([120, 30, 121, 31])).toEqual([119.5, 29.5, 121.5, 31.5])
    expect(contains(padBbox([120, 30, 121, 31]), [120.2, 30.2, 121.4, 31.4])).toBe(true)
    expect(contains([120, 30, 121, 31], [119, 30, 121, 31])).toBe(false)
  })
})

describe('region tree and formats', () => {
  it('nests counties under cities under the province', () => {
    const tree = regionTree([
      { code: '330000', name: '浙江省', level: 'province', parentCode: null, bbox: null, center: null },
      { code: '330100', name: '杭州市', level: 'city', parentCode: '330000', bbox: null, center: null },
      { code: '330102', name: '上城区', level: 'county', parentCode: '330100', bbox: null, center: null },
    ])
    expect(tree).toEqual([
      {
        value: '330000',
        title: '浙江省',
        children: [{ value: '330100', title: '杭州市', children: [{ value: '330102', title: '上城区' }] }],
      },
    ])
  })
  it('shows areas in 亩 with 2 decimals', () => {
    expect(formatMu(6666.67)).toBe('10.00 亩')
  })
})
