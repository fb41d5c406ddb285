/**
 * Local storage of the product (docs/product.md §3 "Local-storage entries", §4, §5).
 *
 * Every entry is written under the prefix `polar_` (docs/product.md §9): the logical key `user` lives in
 * localStorage as `polar_user`. Values are JSON text where possible; a string that is not JSON is
 * stored and returned raw. The error messages are those of docs/product.md §5.
 */

/** docs/product.md §9: local-storage key prefix. */
export const STORAGE_PREFIX = 'polar_'

/** The logical keys of docs/product.md §3 (the token lives under the runtime config's tokenKey). */
export const STORAGE_KEYS = {
  /** the signed-in user (docs/product.md §3 "User") */
  user: 'user',
  /** the platform (menu group) chosen on /main */
  platform: 'platform',
  /** the 记住用户名 choice only — never a password or digest: {@link RememberedLogin} */
  password: 'password',
  /** screen lock flag, 1 locked / 0 unlocked (docs/product.md §4) */
  locking: 'locking',
  /** the last page, `{ path, params }` (docs/product.md §4) */
  lastPage: 'last_page',
  /** token expiry, epoch milliseconds (docs/product.md §3, §9) */
  expiry: 'expirate_time',
} as const

/** What the `password` entry holds: whether to remember the user name, and which. */
export interface RememberedLogin {
  remember: boolean
  username: string
}

/** docs/product.md §5 error messages. */
export const STORAGE_ERRORS = {
  emptyKey: '参数key不能为空',
  notInUser: '用户数据中不存在key',
  objectKey: 'key不能是对象',
  notFound: (key: string) => `本地存储中找不到key：${key}`,
} as const

/** The localStorage key of a logical key: prefixed once (a key already prefixed stays as is). */
export function storageKey(key: string): string {
  const k = checkKey(key)
  return k.startsWith(STORAGE_PREFIX) ? k : `${STORAGE_PREFIX}${k}`
}

function checkKey(key: unknown): string {
  // docs/product.md §5: an object used as a key raises an error
  if (key !== null && typeof key === 'object') throw new Error(STORAGE_ERRORS.objectKey)
  if (key === undefined || key === null || key === '') throw new Error(STORAGE_ERRORS.emptyKey)
  return String(key)
}

function store(): Storage {
  return globalThis.localStorage
}

/** Text to store: strings raw unless they would read back as another JSON type; others as JSON. */
export function encodeValue(value: unknown): string {
  if (typeof value === 'string') return parses(value) ? JSON.stringify(value) : value
  return JSON.stringify(value === undefined ? null : value)
}

/** A stored text back to a value: JSON where it parses, else the raw text. */
export function decodeValue(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function parses(text: string): boolean {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/** Reads a stored value; throws `本地存储中找不到key：<key>` when it is missing (docs/product.md §5). */
export function getItem<T = unknown>(key: string): T {
  const text = store().getItem(storageKey(key))
  if (text === null) throw new Error(STORAGE_ERRORS.notFound(key))
  return decodeValue(text) as T
}

/** Reads a stored value, or `fallback` when it is missing (no error). */
export function getItemOr<T>(key: string, fallback: T): T {
  return hasItem(key) ? getItem<T>(key) : fallback
}

/** Stores a value as JSON text (a non-JSON string raw). */
export function setItem(key: string, value: unknown): void {
  store().setItem(storageKey(key), encodeValue(value))
}

/** Removes a stored value (no error when it is absent). */
export function removeItem(key: string): void {
  store().removeItem(storageKey(key))
}

/** Whether a value is stored under the key. */
export function hasItem(key: string): boolean {
  return store().getItem(storageKey(key)) !== null
}

/**
 * Reads one field of the stored `user` (docs/product.md §5): no key → `参数key不能为空`; a field the user
 * data does not have (or no user data at all) → `用户数据中不存在key`.
 */
export function getUserValue<T = unknown>(key: string): T {
  if (key !== null && typeof key === 'object') throw new Error(STORAGE_ERRORS.objectKey)
  if (key === undefined || key === null || key === '') throw new Error(STORAGE_ERRORS.emptyKey)
  const user = getItemOr<unknown>(STORAGE_KEYS.user, null)
  if (user === null || typeof user !== 'object' || !Object.prototype.hasOwnProperty.call(user, key)) {
    throw new Error(STORAGE_ERRORS.notInUser)
  }
  return (user as Record<string, unknown>)[key] as T
}

/** The stored token (under the runtime config's tokenKey), or null. */
export function readToken(tokenKey: string): string | null {
  const t = getItemOr<unknown>(tokenKey, null)
  return typeof t === 'string' && t !== '' ? t : null
}

/** The stored token expiry in epoch ms (`expirate_time`, docs/product.md §9), or null. */
export function readExpiry(): number | null {
  const v = getItemOr<unknown>(STORAGE_KEYS.expiry, null)
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

/**
 * docs/product.md §4, §9: a token is usable when present and its stored expiry (ms) lies in the future.
 * A token without a stored expiry cannot be checked, so it counts as expired (our reading).
 */
export function isTokenUsable(token: string | null, expiresAt: number | null, now: number): boolean {
  return token !== null && token !== '' && expiresAt !== null && expiresAt > now
}

/** Removes the token and its expiry (docs/product.md §4: a request that needs a token removes it). */
export function removeToken(tokenKey: string): void {
  removeItem(tokenKey)
  removeItem(STORAGE_KEYS.expiry)
}
