/**
 * Password storage: the client sends hex(SHA-256(salt + password)); the server keeps only a slow,
 * salted scrypt of that digest (docs/api.md sign-in step 2), never the password or the digest itself.
 */
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { passwordDigest } from '../../domain/password-digest'

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>

const N = 16384
const R = 8
const P = 1
const KEY_LEN = 32

/** Stored form: scrypt$N$r$p$saltHex$hashHex */
export async function hashDigest(digest: string): Promise<string> {
  const salt = crypto.randomBytes(16)
  const hash = await scrypt(digest, salt, KEY_LEN, { N, r: R, p: P })
  return `scrypt$${N}$${R}$${P}$${salt.toString('hex')}$${hash.toString('hex')}`
}

/** Constant-time comparison of a client digest with the stored scrypt. */
export async function verifyDigest(digest: string, stored: string): Promise<boolean> {
  const [kind, n, r, p, saltHex, hashHex] = stored.split('$')
  if (kind !== 'scrypt' || !hashHex) return false
  const expected = Buffer.from(hashHex, 'hex')
  const actual = await scrypt(digest, Buffer.from(saltHex, 'hex'), expected.length, { N: Number(n), r: Number(r), p: Number(p) })
  return crypto.timingSafeEqual(actual, expected)
}

/**
 * A stored hash of no one, with the same scrypt cost as a real one: a sign-in under an unknown name
 * checks its digest against it, so that the answer takes as long as for a real name with a wrong
 * password and its timing does not tell which names exist (issue 18 finding 5).
 */
let dummyHash: Promise<string> | undefined
export function verifyAgainstNoOne(digest: string): Promise<boolean> {
  dummyHash ??= hashDigest(crypto.randomBytes(32).toString('hex'))
  return dummyHash.then((stored) => verifyDigest(digest, stored)).then(() => false)
}

/** A fresh per-user salt that the client mixes into its digest. */
export function newSalt(): string {
  return crypto.randomBytes(16).toString('hex')
}

/** What a new account stores for a known plain password (seeding, admin resets). */
export async function credentialsFor(password: string): Promise<{ salt: string; passwordHash: string }> {
  const salt = newSalt()
  return { salt, passwordHash: await hashDigest(passwordDigest(salt, password)) }
}

/**
 * A salt for a user who does not exist: stable per name and indistinguishable in shape from a
 * real one, so getSalt reveals nothing (docs/api.md step 1).
 */
export function fakeSalt(secret: string, username: string): string {
  return crypto.createHmac('sha256', secret).update(`salt:${username}`).digest('hex').slice(0, 32)
}

/** Tokens go to the client; only their HMAC under the server's token secret is stored. */
export function newToken(secret: string): { token: string; tokenHash: string } {
  const token = crypto.randomBytes(32).toString('base64url')
  return { token, tokenHash: hashToken(token, secret) }
}

export function hashToken(token: string, secret: string): string {
  return crypto.createHmac('sha256', secret).update(token).digest('hex')
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const DIGIT = '23456789'
const OTHER = '@#%*+=?!'

/**
 * A one-time password an admin hands over (new account, reset): 14 characters from all four
 * classes, without look-alikes (0/O, 1/l/I), so it meets the policy by construction.
 */
export function generatePassword(): string {
  const pick = (set: string) => set[crypto.randomInt(set.length)]
  const all = UPPER + LOWER + DIGIT + OTHER
  const chars = [pick(UPPER), pick(LOWER), pick(DIGIT), pick(OTHER), ...Array.from({ length: 10 }, () => pick(all))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}
