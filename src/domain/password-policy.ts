/**
 * 口令复杂度 (GB/T 22239-2019 8.1.4.1 身份鉴别; OWASP ASVS V2.1 where they agree): checked in the
 * browser, where the password exists, and again by the server on the password that reaches it
 * encrypted (docs/adr/0002-password-policy-with-a-digest-sign-in.md).
 */

/** The rules' figures. */
export const PASSWORD_POLICY = {
  minLength: 8,
  /** ASVS 2.1.2 allows at least 64; long passphrases are welcome */
  maxLength: 64,
  /** of lower case, upper case, digits, other characters */
  minClasses: 3,
  /** the last N passwords may not be used again */
  historySize: 5,
} as const

const CLASSES: [RegExp, string][] = [
  [/[a-z]/, '小写字母'],
  [/[A-Z]/, '大写字母'],
  [/[0-9]/, '数字'],
  [/[^A-Za-z0-9]/, '特殊字符'],
]

/** How many of the four character classes a password uses. */
export function characterClasses(password: string): number {
  return CLASSES.filter(([re]) => re.test(password)).length
}

/** Every rule the password breaks, as Chinese messages (empty when it is acceptable). */
export function passwordProblems(password: string, username: string): string[] {
  const out: string[] = []
  if (password.length < PASSWORD_POLICY.minLength) out.push(`密码至少${PASSWORD_POLICY.minLength}位`)
  if (password.length > PASSWORD_POLICY.maxLength) out.push(`密码最多${PASSWORD_POLICY.maxLength}位`)
  if (characterClasses(password) < PASSWORD_POLICY.minClasses) {
    out.push(`密码须包含${CLASSES.map(([, n]) => n).join('、')}中的至少${PASSWORD_POLICY.minClasses}类`)
  }
  const name = username.trim().toLowerCase()
  if (name && password.toLowerCase().includes(name)) out.push('密码不能包含用户名')
  if (/\s/.test(password)) out.push('密码不能包含空格')
  return out
}
