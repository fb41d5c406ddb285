/**
 * docs/product.md §5: /show opens without a token only from the one configured portal host, so the portal's
 * public reads answer there and nowhere else.
 */
import { forbidden } from '../http/errors'
import type { RuntimeConfigSource } from '../runtime-config'

/** Throws 403 unless the request came to the configured portal host. */
export function assertPortalHost(hostname: string, config: RuntimeConfigSource): void {
  if (hostname.split(':')[0] !== config.get().portalHost) throw forbidden('改革门户数据仅限门户主机访问')
}
