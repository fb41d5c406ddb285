import { describe, expect, it } from 'vitest'
import {
  FIGURE_KEYS,
  FIGURES,
  INDICATOR_KEYS,
  POPULATIONS,
  asOfLabel,
  isLowTaxPerMu,
  isStockFigure,
  yearsWithCurrent,
} from '../../../src/domain/figures/catalogue'
import { forDisplay, mu, perMu, ratio } from '../../../src/domain/figures/formulas'
import { displayValue, formatFigureValue, formatNumber, ratioWorking } from '../../../src/domain/figures/format'
import { catalogueEntries, catalogueSchema } from '../../../src/domain/figures/listing'
import { officialAreaM2, toGaussKruger4549 } from '../../../src/domain/figures/area'

describe('the catalogue', () => {
  it('holds every figure the issue names, once, under its own key', () => {
    expect(FIGURE_KEYS).toEqual(
      expect.arrayContaining([
        'taxPerMu',
        'valueAddedPerMu',
        'revenuePerMu',
        'laborProductivity',
        'energyEfficiency',
        'emissionEfficiency',
        'rdRatio',
        'parcelCount',
        'landAreaMu',
        'landEnterpriseCount',
        'scaleAboveCount',
        'scaleBelowCount',
        'appraisedEnterpriseCount',
        'ratedEnterpriseCount',
        'lowEfficiencyCount',
        'idleCount',
        'inConstructionCount',
        'overdueCount',
      ]),
    )
    for (const k of FIGURE_KEYS) expect(FIGURES[k].key).toBe(k)
  })

  it('gives different populations different names: no two figures are both called 企业数', () => {
    const names = FIGURE_KEYS.map((k) => FIGURES[k].name)
    expect(new Set(names).size).toBe(names.length)
    expect(names).not.toContain('企业数')
    const enterpriseCounts = FIGURE_KEYS.filter((k) => FIGURES[k].unit === '家').map((k) => [FIGURES[k].name, FIGURES[k].population])
    expect(enterpriseCounts).toEqual([
      ['用地企业数', 'landEnterprises'],
      ['规上企业数', 'scaleAbove'],
      ['规下企业数', 'scaleBelow'],
      ['参评企业数', 'ratedEnterprises'],
      ['评价范围企业数', 'appraisedEnterprises'],
      ['亩均税收低于1万元企业数', 'ratedEnterprises'],
    ])
  })

  it('has a 口径 sentence and a named population for every figure; as-of-today figures say so', () => {
    for (const k of FIGURE_KEYS) {
      const f = FIGURES[k]
      expect(f.caliber.length, k).toBeGreaterThan(10)
      expect(POPULATIONS[f.population].name.length).toBeGreaterThan(1)
      if (f.asOf === 'today') expect(f.caliber, k).toContain('截至今日')
    }
  })

  it('lists the six indicators of 亩均效益评价 in the docs/domain.md order with their units', () => {
    expect(INDICATOR_KEYS.map((k) => [FIGURES[k].name, FIGURES[k].unit])).toEqual([
      ['亩均税收', '万元/亩'],
      ['亩均增加值', '万元/亩'],
      ['全员劳动生产率', '万元/人'],
      ['单位能耗增加值', '万元/吨标准煤'],
      ['单位排放增加值', '万元/吨'],
      ['R&D经费占营业收入比重', '%'],
    ])
  })

  it.each([
    ['parcelCount', 0, '宗'],
    ['landAreaMu', 2, '亩'],
    ['landEnterpriseCount', 0, '家'],
    ['tax', 2, '万元'],
    ['taxPerMu', 2, '万元/亩'],
    ['rdRatio', 2, '%'],
    ['overdueCount', 0, '个'],
  ] as const)('%s shows %d digits in %s', (key, digits, unit) => {
    expect([FIGURES[key].digits, FIGURES[key].unit]).toEqual([digits, unit])
  })
})

describe('formulas (exact; null without a denominator)', () => {
  it('亩 = 平方米 ÷ 10000/15', () => {
    expect(mu(10000)).toBe(15)
    expect(mu(666.6666666666666)).toBeCloseTo(1, 12)
    expect(mu(null)).toBeNull()
    expect(FIGURES.landAreaMu.formula(9440)).toBeCloseTo(14.16, 12)
  })

  it.each([
    ['taxPerMu', 148.5, 10, 14.85],
    ['valueAddedPerMu', 1000, 8, 125],
    ['revenuePerMu', 3000, 12, 250],
    ['laborProductivity', 450, 30, 15],
    ['energyEfficiency', 90, 45, 2],
    ['emissionEfficiency', 12, 0.5, 24],
    ['rdRatio', 3, 200, 1.5],
  ] as const)('%s(%d, %d) = %d', (key, n, d, v) => {
    expect(FIGURES[key].formula(n, d)).toBeCloseTo(v, 12)
  })

  it('a ratio without land, employees or revenue has no value (null, not 0)', () => {
    expect(FIGURES.taxPerMu.formula(10, 0)).toBeNull()
    expect(FIGURES.taxPerMu.formula(10, null)).toBeNull()
    expect(FIGURES.taxPerMu.formula(null, 5)).toBeNull()
    expect(ratio(0, 5)).toBe(0)
    expect(perMu(10, 0)).toBeNull()
  })

  it('亩均 of 1234 万元 over 55,555.56 m² is the exact quotient', () => {
    expect(perMu(1234, 55555.56)).toBeCloseTo(1234 / (55555.56 / (10000 / 15)), 12)
  })

  it('never rounds before comparing: 0.9992 万元/亩 is below 1 though it shows as 1.00', () => {
    expect(isLowTaxPerMu(0.9992)).toBe(true)
    expect(isLowTaxPerMu(1)).toBe(false)
    expect(isLowTaxPerMu(null)).toBe(false)
    expect(formatFigureValue('taxPerMu', 0.9992)).toBe('1.00 万元/亩')
  })
})

describe('display (the one place that rounds)', () => {
  it('rounds half away from zero to the figure digits', () => {
    expect(forDisplay(1.005, 2)).toBe(1.01)
    expect(forDisplay(-2.5, 0)).toBe(-3)
    expect(displayValue('landAreaMu', 14.164999)).toBe(14.16)
    expect(displayValue('taxPerMu', null)).toBeNull()
  })

  it.each([
    ['parcelCount', 4030, '4,030 宗'],
    ['landAreaMu', 185711.456, '185,711.46 亩'],
    ['taxPerMu', 14.8549, '14.85 万元/亩'],
    ['rdRatio', 1.5, '1.50 %'],
    ['taxPerMu', null, '—'],
  ] as const)('%s %s → %s', (key, v, text) => {
    expect(formatFigureValue(key, v)).toBe(text)
  })

  it('formats without the unit when asked', () => {
    expect(formatFigureValue('tax', 12345.678, { unit: false })).toBe('12,345.68')
    expect(formatNumber(Number.NaN, 2)).toBe('—')
  })

  it('writes a ratio with its numerator and denominator', () => {
    expect(ratioWorking('taxPerMu', { numerator: 1234, denominator: 83.1 })).toBe(
      '实缴税金 1,234.00 万元 ÷ 参评用地面积 83.10 亩 = 14.85 万元/亩',
    )
    expect(ratioWorking('taxPerMu', { numerator: 10, denominator: 0 })).toBe('实缴税金 10.00 万元 ÷ 参评用地面积 0.00 亩 = —')
    expect(ratioWorking('parcelCount', { numerator: 1, denominator: 1 })).toBeUndefined()
  })
})

describe('as of: one text next to every figure (issue 29)', () => {
  const today = '2026-12-02'
  it('says 截至今日 for a stock figure of the current year and 截至 YYYY 年末 for a past year', () => {
    expect(asOfLabel('lowEfficiencyCount', 2026, today)).toBe('截至今日')
    expect(asOfLabel('parcelCount', 2024, today)).toBe('截至 2024 年末')
    expect(asOfLabel('ledgerCount', 2025, today)).toBe('截至 2025 年末')
    expect(asOfLabel('landAreaMu', undefined, today)).toBe('截至今日')
  })
  it('names the year of a yearly figure, and says a running year runs to today', () => {
    expect(asOfLabel('taxPerMu', 2025, today)).toBe('2025 年度')
    expect(asOfLabel('revitalizedAreaMu', 2026, today)).toBe('2026 年度（截至今日）')
  })
  it('says 截至今日 for a figure of today whatever the year', () => {
    expect(asOfLabel('parkCount', 2020, today)).toBe('截至今日')
    expect(asOfLabel('suspectedLowCount', 2024, today)).toBe('截至今日')
  })
  it('classes land, 低效, 闲置 and the 台账 as stocks, 亩均 and sums as yearly', () => {
    expect(FIGURE_KEYS.filter((k) => FIGURES[k].asOf === 'yearEnd')).toEqual([
      'parcelCount',
      'landAreaMu',
      'lowEfficiencyCount',
      'lowEfficiencyAreaMu',
      'idleCount',
      'idleAreaMu',
      'ledgerCount',
      'ledgerAreaMu',
    ])
    expect(isStockFigure('taxPerMu')).toBe(false)
    expect(isStockFigure('overdueCount')).toBe(true)
  })
  it('offers the current year in a stock figure’s year picker', () => {
    expect(yearsWithCurrent([2023, 2024, 2025], today)).toEqual([2023, 2024, 2025, 2026])
    expect(yearsWithCurrent([2025, 2026], today)).toEqual([2025, 2026])
  })
  it('keeps 低效用地 for the 台账 of record and names 疑似 and the 台账’s entries apart', () => {
    const low = FIGURE_KEYS.filter((k) => FIGURES[k].name.startsWith('低效用地'))
    expect(low).toEqual(['lowEfficiencyCount', 'lowEfficiencyAreaMu'])
    expect(FIGURES.suspectedLowCount.name).toBe('疑似低效用地数')
    expect(FIGURES.lowEfficiencyCount.caliber).toContain('已认定、尚未销号')
    expect(FIGURES.ledgerCount.name).not.toContain('低效用地')
  })
})

describe('the catalogue as the API sends it', () => {
  it('passes its own response schema and carries name, unit, digits, 口径', () => {
    const entries = catalogueSchema.parse(catalogueEntries())
    expect(entries.length).toBe(FIGURE_KEYS.length)
    expect(entries.find((e) => e.key === 'taxPerMu')).toMatchObject({
      name: '亩均税收',
      unit: '万元/亩',
      digits: 2,
      population: '参评企业',
      asOf: 'year',
      numerator: { name: '实缴税金', unit: '万元' },
      denominator: { name: '参评用地面积', unit: '亩' },
    })
    expect(entries.find((e) => e.key === 'overdueCount')).toMatchObject({ asOf: 'today', population: '全生命周期项目' })
    expect(entries.find((e) => e.key === 'parcelCount')?.numerator).toBeUndefined()
  })
})

describe('one 亩: the record editor measures as the database does (EPSG:4549)', () => {
  it('projects to CGCS2000 Gauss-Krüger CM 120°E', () => {
    const [x, y] = toGaussKruger4549(120.1, 30.2)
    expect(x).toBeCloseTo(509629.2243, 3)
    expect(y).toBeCloseTo(3342288.4508, 3)
    const [x2, y2] = toGaussKruger4549(118.5, 28.9)
    expect(x2).toBeCloseTo(353692.2129, 3)
    expect(y2).toBeCloseTo(3199111.5304, 3)
  })

  it('measures a parcel near 杭州 and one at the zone edge, holes subtracted', () => {
    const sq = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [120.15, 30.25],
          [120.152, 30.25],
          [120.152, 30.2515],
          [120.15, 30.2515],
          [120.15, 30.25],
        ],
      ],
    }
    expect(officialAreaM2(sq)).toBeCloseTo(32007.63, 1)
    expect(mu(officialAreaM2(sq))).toBeCloseTo(48.01, 2)
    const far = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [118.3, 29.1],
          [118.3025, 29.1],
          [118.3025, 29.1012],
          [118.3, 29.1012],
          [118.3, 29.1],
        ],
      ],
    }
    expect(officialAreaM2(far)).toBeCloseTo(32390.06, 1)
    const holed = {
      type: 'Polygon' as const,
      coordinates: [
        ...sq.coordinates,
        [
          [120.1505, 30.2505],
          [120.1506, 30.2505],
          [120.1506, 30.2506],
          [120.1505, 30.2506],
          [120.1505, 30.2505],
        ],
      ],
    }
    expect(officialAreaM2(holed)!).toBeLessThan(officialAreaM2(sq)!)
    expect(officialAreaM2({ type: 'MultiPolygon', coordinates: [sq.coordinates, far.coordinates] })).toBeCloseTo(32007.63 + 32390.06, 0)
    expect(officialAreaM2({ type: 'Point', coordinates: [120, 30] })).toBeNull()
  })
})
