/** The shared business palettes (2D map and globe): every value the data can hold has a colour. */
import fs from 'node:fs'
import { describe, expect, it } from 'vitest'
import { LIFECYCLE_STAGES } from '../../../src/domain/lifecycle'
import {
  APPRAISAL_CLASS_COLORS,
  APPRAISAL_CLASSES,
  LIFECYCLE_STAGE_COLORS,
  NO_DATA_COLOR,
  PARCEL_STATUS_COLORS,
} from '../../../src/domain/palettes'

describe('palettes', () => {
  it('colour every parcel status the schema allows, and nothing else', () => {
    const sql = fs.readFileSync('src/server/db/migrations/0002_domain.sql', 'utf8')
    const check = /status\s+varchar\(8\) NOT NULL DEFAULT '已投产' CHECK \(status IN \(([^)]*)\)\)/.exec(sql)![1]
    const allowed = [...check.matchAll(/'([^']+)'/g)].map((m) => m[1])
    expect(Object.keys(PARCEL_STATUS_COLORS).sort()).toEqual(allowed.sort())
  })
  it('colour the four appraisal classes and the seven lifecycle stages', () => {
    expect(Object.keys(APPRAISAL_CLASS_COLORS)).toEqual([...APPRAISAL_CLASSES])
    expect(Object.keys(LIFECYCLE_STAGE_COLORS)).toEqual([...LIFECYCLE_STAGES])
  })
  it('never reuse the no-data grey for a value, and keep colours distinct within a theme', () => {
    for (const palette of [PARCEL_STATUS_COLORS, APPRAISAL_CLASS_COLORS, LIFECYCLE_STAGE_COLORS]) {
      const colours = Object.values(palette)
      expect(colours).not.toContain(NO_DATA_COLOR)
      expect(new Set(colours).size).toBe(colours.length)
      for (const c of colours) expect(c).toMatch(/^#[0-9a-f]{6}$/)
    }
  })
})
