/** The type of a G2 spec, for the pure spec builders of the features (only charts/ imports G2 itself). */
export type { G2Spec } from '@antv/g2'
