/** 口令复杂度 (issue 3 "Passwords"), one row per rule: ≥ 8 characters, 3 of 4 classes, not the username. */
import { describe, expect, it } from 'vitest'
import { characterClasses, passwordProblems } from '../../../src/domain/password-policy'

describe('passwordProblems', () => {
  it.each([
    ['Abcdef1!', 'zhang3', []],
    ['abcdef12', 'zhang3', ['密码须包含小写字母、大写字母、数字、特殊字符中的至少3类']],
    ['Abc1!', 'zhang3', ['密码至少8位']],
    ['ABCDEFG1', 'zhang3', ['密码须包含小写字母、大写字母、数字、特殊字符中的至少3类']],
    ['abcdefg!1', 'zhang3', []],
    ['Zhang3@2026', 'zhang3', ['密码不能包含用户名']],
    ['ZHANG3abc!', 'Zhang3', ['密码不能包含用户名']],
    ['Abc 1234!', 'li4', ['密码不能包含空格']],
    ['A1!' + 'x'.repeat(62), 'li4', ['密码最多64位']],
    ['长密码Abc123', 'li4', []],
  ])('%s for %s → %j', (password, username, problems) => {
    expect(passwordProblems(password, username)).toEqual(problems)
  })
  it('counts the four classes', () => {
    expect(characterClasses('a')).toBe(1)
    expect(characterClasses('aA')).toBe(2)
    expect(characterClasses('aA1')).toBe(3)
    expect(characterClasses('aA1#')).toBe(4)
    expect(characterClasses('浙江')).toBe(1)
  })
})
