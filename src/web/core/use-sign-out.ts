/** 退出 as a click handler: revoke, forget the session, show the sign-in page. */
import { useCallback } from 'react'
import { useNavigate } from 'react-router-dom'
import { signOutEverywhere } from './calls/logout'

/** The handler every 退出 button uses. */
export function useSignOut(): () => Promise<void> {
  const navigate = useNavigate()
  return useCallback(async () => {
    await signOutEverywhere()
    navigate('/login', { replace: true })
  }, [navigate])
}
