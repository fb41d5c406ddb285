/**
 * The checks of the sign-in form before anything is sent: a user name that is not blank and at
 * most 50 characters, and a password. Every failed check of a field is listed, in this order.
 */

/** What the sign-in form holds. */
export interface SignInValues {
  username: string
  password: string
  remember: boolean
}

/** The checked fields of the sign-in form. */
export type SignInField = 'username' | 'password'

/** Messages per field; an empty list means the field is fine. */
export type SignInFieldErrors = Record<SignInField, string[]>

/** Longest user name the form sends (characters, not UTF-16 units). */
export const USERNAME_MAX = 50

/** The messages of each field for `values`. */
export function signInFieldErrors(values: Pick<SignInValues, SignInField>): SignInFieldErrors {
  const username: string[] = []
  if (values.username.trim() === '') username.push('请输入用户名')
  if ([...values.username].length > USERNAME_MAX) username.push(`用户名最多${USERNAME_MAX}个字符`)
  return { username, password: values.password === '' ? ['请输入密码'] : [] }
}
