/**
 * The session store (docs/product.md §3 token/user entries, §4 session, lock and last page). One zustand
 * store changed through named actions; storage is the source of truth across reloads, the store
 * mirrors it for React.
 */
import { create } from 'zustand'
import type { LoginResult, SessionUser } from '../../domain/contracts/auth'
import { findRoute, normalizePath } from '../../domain/route-table'
import type { NavigationDecision } from './permission'
import { STORAGE_KEYS, getItemOr, isTokenUsable, readExpiry, readToken, removeItem, removeToken, setItem } from './storage'

/** docs/product.md §4: screen lock flag values. */
export const LOCKED = 1
export const UNLOCKED = 0

/** State and named actions of the session. */
export interface SessionState {
  /** Storage key of the token (runtime config tokenKey). */
  tokenKey: string
  token: string | null
  /** epoch ms (`expirate_time`) */
  expiresAt: number | null
  user: SessionUser | null
  /** docs/product.md §4: `locking` is 1 */
  locked: boolean
  /** Reads token, expiry, user and lock flag from storage (start of the app). */
  hydrate(tokenKey: string): void
  /** Stores a sign-in (docs/api.md step 3): token under tokenKey, expiry, user; clears the lock. */
  signIn(result: LoginResult): void
  /** Forgets the session (退出): token, expiry, user, lock. */
  signOut(): void
  /** docs/product.md §4: the token is missing or expired — remove it (the user stays remembered for display). */
  expire(): void
  /** 锁屏: `locking` = 1. */
  lock(): void
  /** Unlocked after the server re-verified the password: `locking` = 0. */
  unlock(): void
}

/** The session store. */
export const useSession = create<SessionState>()((set, get) => ({
  tokenKey: 'Authorization',
  token: null,
  expiresAt: null,
  user: null,
  locked: false,
  hydrate: (tokenKey) => {
    const user = getItemOr<SessionUser | null>(STORAGE_KEYS.user, null)
    set({
      tokenKey,
      token: readToken(tokenKey),
      expiresAt: readExpiry(),
      user: user && typeof user === 'object' ? user : null,
      locked: Number(getItemOr<unknown>(STORAGE_KEYS.locking, UNLOCKED)) === LOCKED,
    })
  },
  signIn: ({ token, expiresAt, user }) => {
    const { tokenKey } = get()
    setItem(tokenKey, token)
    setItem(STORAGE_KEYS.expiry, expiresAt)
    setItem(STORAGE_KEYS.user, user)
    // signing in proves the password again, so it ends a lock left from before
    setItem(STORAGE_KEYS.locking, UNLOCKED)
    set({ token, expiresAt, user, locked: false })
  },
  signOut: () => {
    const { tokenKey } = get()
    removeToken(tokenKey)
    removeItem(STORAGE_KEYS.user)
    setItem(STORAGE_KEYS.locking, UNLOCKED)
    set({ token: null, expiresAt: null, user: null, locked: false })
  },
  expire: () => {
    removeToken(get().tokenKey)
    set({ token: null, expiresAt: null })
  },
  lock: () => {
    setItem(STORAGE_KEYS.locking, LOCKED)
    set({ locked: true })
  },
  unlock: () => {
    setItem(STORAGE_KEYS.locking, UNLOCKED)
    set({ locked: false })
  },
}))

/** Selector: the signed-in user, or null. */
export const selectUser = (s: SessionState): SessionUser | null => s.user
/** Selector: whether the screen is locked. */
export const selectLocked = (s: SessionState): boolean => s.locked
/** Selector: the token, or null. */
export const selectToken = (s: SessionState): string | null => s.token
/** Selector: the user's role ids joined by comma (docs/product.md §5), '' when none. */
export const selectRoleIds = (s: SessionState): string => (s.user?.roles ?? []).map((r) => r.id).join(',')
/** Whether the session holds a usable token at `now` (docs/product.md §4, §9). */
export const isSignedIn = (s: Pick<SessionState, 'token' | 'expiresAt'>, now: number = Date.now()): boolean =>
  isTokenUsable(s.token, s.expiresAt, now)

/** docs/product.md §4: the remembered last page. */
export interface LastPage {
  path: string
  /** search params as an object */
  params: Record<string, string>
}

/** Pages that are not remembered as the last page: sign-in, lock and the error pages. */
const NOT_REMEMBERED_PAGES = ['login', 'lock', 'forbidden', 'not-found']

/** Whether a path is a real page to remember (in the table, with a page, not a utility page). */
export function isRememberablePage(path: string): boolean {
  const entry = findRoute(path)
  return !!entry?.page && !NOT_REMEMBERED_PAGES.includes(entry.page)
}

/** docs/product.md §4: remembers `{ path, params }` under `last_page` for a real page; returns whether it did. */
export function rememberLastPage(path: string, search: string | URLSearchParams = ''): boolean {
  const p = normalizePath(path)
  if (!isRememberablePage(p)) return false
  const params = Object.fromEntries(new URLSearchParams(search).entries())
  setItem(STORAGE_KEYS.lastPage, { path: p, params } satisfies LastPage)
  return true
}

/** The remembered last page, or null when none (or unreadable). */
export function readLastPage(): LastPage | null {
  const v = getItemOr<unknown>(STORAGE_KEYS.lastPage, null)
  if (!v || typeof v !== 'object' || typeof (v as LastPage).path !== 'string') return null
  const params = (v as LastPage).params
  return { path: (v as LastPage).path, params: params && typeof params === 'object' ? params : {} }
}

/** The href of a last page: its path plus its params as a query string. */
export function lastPageHref(page: LastPage): string {
  const query = new URLSearchParams(page.params).toString()
  return query ? `${page.path}?${query}` : page.path
}

/**
 * Where to go after sign-in (docs/product.md §4, §6): the last page when it is still allowed for this user,
 * else the default landing route.
 */
export function postSignInTarget(lastPage: LastPage | null, decide: (path: string) => NavigationDecision, landing: string): string {
  if (lastPage && isRememberablePage(lastPage.path) && decide(lastPage.path).action === 'allow') return lastPageHref(lastPage)
  return landing
}
