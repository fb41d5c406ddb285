/**
 * The catalogue as the API answers it (GET /api/figures/catalogue) and the help drawer lists it:
 * key, name, unit, digits, population, 口径, and a ratio's numerator and denominator. The zod
 * schema is the response contract of that endpoint.
 */
import { z } from 'zod'
import { FIGURE_KEYS, FIGURES, POPULATIONS, type FigureKey } from './catalogue'

const part = z.object({ name: z.string(), unit: z.string(), digits: z.number().int() })

/** One entry of the catalogue as sent. */
export const catalogueEntrySchema = z.object({
  key: z.string(),
  name: z.string(),
  unit: z.string(),
  digits: z.number().int().min(0),
  /** the population's name (用地企业, 参评企业 …) */
  population: z.string(),
  /** a stock at a year's end (today for the current year), a yearly figure, or today's (catalogue FigureAsOf) */
  asOf: z.enum(['yearEnd', 'year', 'today']),
  /** 口径 */
  caliber: z.string(),
  numerator: part.optional(),
  denominator: part.optional(),
})
export type CatalogueEntry = z.infer<typeof catalogueEntrySchema>

/** GET /api/figures/catalogue: every figure in the catalogue's order. */
export const catalogueSchema = z.array(catalogueEntrySchema)

/** One figure as a catalogue entry. */
export function catalogueEntry(key: FigureKey): CatalogueEntry {
  const f = FIGURES[key]
  return {
    key: f.key,
    name: f.name,
    unit: f.unit,
    digits: f.digits,
    population: POPULATIONS[f.population].name,
    asOf: f.asOf,
    caliber: f.caliber,
    ...(f.kind === 'ratio' ? { numerator: f.numerator, denominator: f.denominator } : {}),
  }
}

/** The whole catalogue as entries. */
export function catalogueEntries(): CatalogueEntry[] {
  return FIGURE_KEYS.map(catalogueEntry)
}
