/** Parcel status colours of 资源云图: the product's one 用地状态 palette (src/domain/palettes.ts). */
import { forDisplay, mu } from '../../domain/figures/formulas'
export { PARCEL_STATUS_COLORS as STATUS_COLORS } from '../../domain/palettes'

/** 平方米 → 亩 with 2 decimals (docs/domain.md "Units and codes"), rounded as every figure is (catalogue formulas, not toFixed). */
export const muOf = (m2: number | null | undefined) => (m2 == null ? '—' : forDisplay(mu(Number(m2)), 2)!.toFixed(2))
