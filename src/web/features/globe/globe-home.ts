/** The globes' home view: the configured map bounds (Zhejiang), docs/product.md §3 mapConfig. */
import { getRuntimeConfig } from '../../core/runtime-config'
import type { Bbox } from '../../globe/globe-types'

/** Home box of both globe pages. */
export function homeBox(): Bbox {
  const b = getRuntimeConfig().mapConfig.bounds
  return b ? [b[0], b[1], b[2], b[3]] : [118, 27, 123.2, 31.2]
}
