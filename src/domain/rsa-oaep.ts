/**
 * RSA-OAEP (SHA-256, MGF1-SHA-256, empty label; RFC 8017 §7.1) encryption in plain TypeScript:
 * WebCrypto is absent on plain-HTTP intranet hosts (docs/api.md sign-in step 2), and the one thing the
 * browser must send in a decryptable form is a new password, for the server to check the policy
 * (docs/adr/0002). Node's crypto.privateDecrypt with oaepHash 'sha256' reads the result.
 */
import { sha256 } from 'js-sha256'

/** The public key as the server publishes it: modulus and exponent, base64url big-endian. */
export interface RsaPublicJwk {
  kty: 'RSA'
  n: string
  e: string
  /** key id: which server key encrypted a message */
  kid: string
}

const HASH_LEN = 32

function fromBase64Url(s: string): Uint8Array {
  const b64 = s.replace(/-/g, '+').replace(/_/g, '/')
  const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4))
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

/** base64 (standard alphabet) of bytes. */
export function toBase64(bytes: Uint8Array): string {
  let bin = ''
  for (const b of bytes) bin += String.fromCharCode(b)
  return btoa(bin)
}

function toBigInt(bytes: Uint8Array): bigint {
  let hex = ''
  for (const b of bytes) hex += b.toString(16).padStart(2, '0')
  return hex ? BigInt(`0x${hex}`) : 0n
}

function toBytes(value: bigint, length: number): Uint8Array {
  const hex = value.toString(16).padStart(length * 2, '0')
  const out = new Uint8Array(length)
  for (let i = 0; i < length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

function modPow(base: bigint, exp: bigint, mod: bigint): bigint {
  let result = 1n
  let b = base % mod
  let e = exp
  while (e > 0n) {
    if (e & 1n) result = (result * b) % mod
    b = (b * b) % mod
    e >>= 1n
  }
  return result
}

function digest(bytes: Uint8Array): Uint8Array {
  return Uint8Array.from(sha256.array(bytes))
}

function mgf1(seed: Uint8Array, length: number): Uint8Array {
  const out = new Uint8Array(length)
  for (let counter = 0, off = 0; off < length; counter++, off += HASH_LEN) {
    const input = new Uint8Array(seed.length + 4)
    input.set(seed)
    input.set([(counter >>> 24) & 255, (counter >>> 16) & 255, (counter >>> 8) & 255, counter & 255], seed.length)
    out.set(digest(input).subarray(0, Math.min(HASH_LEN, length - off)), off)
  }
  return out
}

/** Encrypts UTF-8 text for the holder of the private key; returns base64. */
export function rsaOaepEncrypt(key: RsaPublicJwk, text: string, random: (n: number) => Uint8Array = randomBytes): string {
  const nBytes = fromBase64Url(key.n)
  const k = nBytes[0] === 0 ? nBytes.length - 1 : nBytes.length
  const n = toBigInt(nBytes)
  const e = toBigInt(fromBase64Url(key.e))
  const message = new TextEncoder().encode(text)
  if (message.length > k - 2 * HASH_LEN - 2) throw new RangeError('待加密内容过长')
  const db = new Uint8Array(k - HASH_LEN - 1)
  db.set(digest(new Uint8Array(0)))
  db[db.length - message.length - 1] = 1
  db.set(message, db.length - message.length)
  const seed = random(HASH_LEN)
  const dbMask = mgf1(seed, db.length)
  const maskedDb = db.map((b, i) => b ^ dbMask[i])
  const seedMask = mgf1(maskedDb, HASH_LEN)
  const maskedSeed = seed.map((b, i) => b ^ seedMask[i])
  const em = new Uint8Array(k)
  em.set(maskedSeed, 1)
  em.set(maskedDb, 1 + HASH_LEN)
  return toBase64(toBytes(modPow(toBigInt(em), e, n), k))
}

/** crypto.getRandomValues works on plain HTTP too (only crypto.subtle needs a secure context). */
function randomBytes(n: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(n))
}
