/** 退出登录 POST /api/login/logout (docs/api.md step 5: revokes the token at once) */
import { apiPostForm } from '../api'
import { useSession } from '../session'

/** Revokes the token on the server. */
export function logout(): Promise<null> {
  return apiPostForm<null>('/api/login/logout', {})
}

/** 退出: revoke on the server when possible, then forget the session locally in any case. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await logout()
  } catch {
    // an expired or revoked token is already signed out on the server
  } finally {
    useSession.getState().signOut()
  }
}
