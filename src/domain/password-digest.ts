import { sha256 } from 'js-sha256'

/**
 * The digest the browser sends instead of the password (docs/api.md sign-in, step 2):
 * hex(SHA-256(salt + password)). Pure JS because WebCrypto is absent on plain-HTTP intranet hosts.
 */
export function passwordDigest(salt: string, password: string): string {
  return sha256(salt + password)
}
