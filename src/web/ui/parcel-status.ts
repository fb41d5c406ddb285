/** Parcel status colours of 资源云图: the product's one 用地状态 palette (src/domain/palettes.ts). */
import { M2_PER_MU } from '../../domain/codes/units'
export { PARCEL_STATUS_COLORS as STATUS_COLORS } from '../../domain/palettes'

/** 平方米 → 亩 with 2 decimals (docs/domain.md "Units and codes"). */
export const muOf = (m2: number | null | undefined) => (m2 == null ? '—' : (Number(m2) / M2_PER_MU).toFixed(2))
