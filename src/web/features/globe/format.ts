/** Display formats of the globe pages (docs/domain.md "Units and codes": areas in 亩 with 2 decimals). */

import { formatFigureValue } from '../../../domain/figures/format'
import { mu } from '../../../domain/figures/formulas'

/** 平方米 → "12.34 亩" (the catalogue's 亩 and its one formatter). */
export function formatMu(m2: number): string {
  return formatFigureValue('landAreaMu', mu(m2))
}
