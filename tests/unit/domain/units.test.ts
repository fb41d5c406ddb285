import { describe, expect, it } from 'vitest'
import {
  M2_PER_HA,
  M2_PER_MU,
  MU_PER_HA,
  formatMu,
  haToM2,
  haToMu,
  m2ToHa,
  m2ToMu,
  muToHa,
  muToM2,
  roundTo,
} from '../../../src/domain/codes/units'

describe('area units (亩 = 10000/15 m², 公顷 = 10000 m²)', () => {
  it('has the docs/domain.md constants', () => {
    expect(M2_PER_MU).toBeCloseTo(666.6667, 4)
    expect(M2_PER_MU * 15).toBeCloseTo(10000, 10)
    expect(M2_PER_HA).toBe(10000)
    expect(MU_PER_HA).toBe(15)
  })

  it.each([
    [10000, 15, 1],
    [666.6666666666666, 1, 0.0666666666666667],
    [1_000_000, 1500, 100],
    [0, 0, 0],
  ])('%d m² = %d 亩 = %d 公顷', (m2, mu, ha) => {
    expect(m2ToMu(m2)).toBeCloseTo(mu, 9)
    expect(m2ToHa(m2)).toBeCloseTo(ha, 9)
    expect(muToM2(mu)).toBeCloseTo(m2, 6)
    expect(haToM2(ha)).toBeCloseTo(m2, 6)
    expect(muToHa(mu)).toBeCloseTo(ha, 9)
    expect(haToMu(ha)).toBeCloseTo(mu, 9)
  })

  it('round-trips 亩 exactly enough for display', () => {
    for (const m2 of [1, 123.45, 6666.67, 150000, 987654.321]) expect(muToM2(m2ToMu(m2))).toBeCloseTo(m2, 8)
  })

  it('shows 亩 with 2 decimals', () => {
    expect(formatMu(10000)).toBe('15.00')
    expect(formatMu(1000)).toBe('1.50')
    expect(formatMu(20472.3)).toBe('30.71')
    expect(formatMu(0)).toBe('0.00')
  })

  it('rounds half away from zero despite binary noise', () => {
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(roundTo(-1.005, 2)).toBe(-1.01)
    expect(roundTo(2.675, 2)).toBe(2.68)
    expect(roundTo(1.2345, 0)).toBe(1)
    expect(roundTo(1.5)).toBe(1.5)
  })
})
