// @vitest-environment jsdom
/** Local storage of docs/product.md §3–§5: keys, the polar_ prefix, JSON text, and the four errors. */
import { beforeEach, describe, expect, it } from 'vitest'
import {
  STORAGE_KEYS,
  STORAGE_PREFIX,
  getItem,
  getItemOr,
  getUserValue,
  hasItem,
  isTokenUsable,
  readExpiry,
  readToken,
  removeItem,
  removeToken,
  setItem,
  storageKey,
} from '../../../../src/web/core/storage'

beforeEach(() => localStorage.clear())

describe('keys and prefix (docs/product.md §3, §9)', () => {
  it('uses the prefix polar_', () => {
    expect(STORAGE_PREFIX).toBe('polar_')
  })

  it.each([
    ['user', 'polar_user'],
    ['platform', 'polar_platform'],
    ['password', 'polar_password'],
    ['locking', 'polar_locking'],
    ['last_page', 'polar_last_page'],
    ['expirate_time', 'polar_expirate_time'],
    ['Authorization', 'polar_Authorization'],
    // docs/product.md §3 lists polar_user itself: a key already prefixed is not prefixed twice
    ['polar_user', 'polar_user'],
  ])('logical key %s lives in localStorage as %s', (key, raw) => {
    setItem(key, { k: key })
    expect(localStorage.getItem(raw)).toBe(JSON.stringify({ k: key }))
    expect(getItem(key)).toEqual({ k: key })
  })

  it('names the spec keys', () => {
    expect(Object.values(STORAGE_KEYS).sort()).toEqual(['expirate_time', 'last_page', 'locking', 'password', 'platform', 'user'].sort())
  })

  it('user and polar_user are the same entry', () => {
    setItem('user', { username: 'clerk' })
    expect(getItem('polar_user')).toEqual({ username: 'clerk' })
    expect(storageKey('polar_user')).toBe(storageKey('user'))
  })
})

describe('values are JSON text where possible (docs/product.md §3)', () => {
  it('stores objects, numbers and booleans as JSON', () => {
    setItem('locking', 1)
    setItem('last_page', { path: '/system/core', params: { a: '1' } })
    setItem('platform', true)
    expect(localStorage.getItem('polar_locking')).toBe('1')
    expect(localStorage.getItem('polar_last_page')).toBe('{"path":"/system/core","params":{"a":"1"}}')
    expect(getItem('locking')).toBe(1)
    expect(getItem('platform')).toBe(true)
    expect(getItem('last_page')).toEqual({ path: '/system/core', params: { a: '1' } })
  })

  it('stores and returns a non-JSON string raw', () => {
    setItem('platform', 'systemMenus')
    expect(localStorage.getItem('polar_platform')).toBe('systemMenus')
    expect(getItem('platform')).toBe('systemMenus')
  })

  it('returns raw text written by someone else when it is not JSON', () => {
    localStorage.setItem('polar_platform', 'busMenus')
    expect(getItem('platform')).toBe('busMenus')
  })

  it('keeps a string that looks like JSON a string', () => {
    setItem('platform', '123')
    expect(getItem('platform')).toBe('123')
  })

  it('the password entry holds only the remember-username choice', () => {
    setItem(STORAGE_KEYS.password, { remember: true, username: 'clerk' })
    expect(getItem(STORAGE_KEYS.password)).toEqual({ remember: true, username: 'clerk' })
  })

  it('hasItem, removeItem and getItemOr', () => {
    expect(hasItem('platform')).toBe(false)
    expect(getItemOr('platform', 'none')).toBe('none')
    setItem('platform', 'landMenus')
    expect(hasItem('platform')).toBe(true)
    removeItem('platform')
    expect(localStorage.getItem('polar_platform')).toBeNull()
  })
})

describe('the errors of docs/product.md §5', () => {
  it('"Reading a stored value with no key raises 参数key不能为空."', () => {
    expect(() => getUserValue('')).toThrow(new Error('参数key不能为空'))
    expect(() => getUserValue(undefined as unknown as string)).toThrow(new Error('参数key不能为空'))
  })

  it('"Reading a key that is absent from the user data raises 用户数据中不存在key."', () => {
    setItem('user', { username: 'clerk', realName: '张三' })
    expect(getUserValue('realName')).toBe('张三')
    expect(() => getUserValue('avatar')).toThrow(new Error('用户数据中不存在key'))
  })

  it('no user data at all: the key is absent from it too', () => {
    expect(() => getUserValue('username')).toThrow(new Error('用户数据中不存在key'))
  })

  it('"Local-storage read: a missing key raises an error that the key cannot be found"', () => {
    expect(() => getItem('last_page')).toThrow(new Error('本地存储中找不到key：last_page'))
  })

  it('"an object used as a key raises an error that the key cannot be an object"', () => {
    const objectKey = { key: 'user' } as unknown as string
    expect(() => getItem(objectKey)).toThrow(new Error('key不能是对象'))
    expect(() => setItem(objectKey, 1)).toThrow(new Error('key不能是对象'))
    expect(() => hasItem(objectKey)).toThrow(new Error('key不能是对象'))
    expect(() => removeItem(objectKey)).toThrow(new Error('key不能是对象'))
  })
})

describe('token and expiry (docs/product.md §3, §9)', () => {
  it('reads the token under the tokenKey and the expiry under expirate_time', () => {
    setItem('Authorization', 'abc.def')
    setItem('expirate_time', 1_000)
    expect(localStorage.getItem('polar_Authorization')).toBe('abc.def')
    expect(localStorage.getItem('polar_expirate_time')).toBe('1000')
    expect(readToken('Authorization')).toBe('abc.def')
    expect(readExpiry()).toBe(1_000)
  })

  it('a token is usable only before its expiry', () => {
    expect(isTokenUsable('t', 1_000, 999)).toBe(true)
    expect(isTokenUsable('t', 1_000, 1_000)).toBe(false)
    expect(isTokenUsable('t', null, 0)).toBe(false)
    expect(isTokenUsable(null, 1_000, 0)).toBe(false)
  })

  it('removeToken removes token and expiry', () => {
    setItem('Authorization', 't')
    setItem('expirate_time', 5)
    removeToken('Authorization')
    expect(readToken('Authorization')).toBeNull()
    expect(readExpiry()).toBeNull()
  })
})
