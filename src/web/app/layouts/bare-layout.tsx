/** The 'bare' layout: the page alone (sign-in, hub, lock, status pages). */
import { Outlet } from 'react-router-dom'

/** Bare frame. */
export function BareLayout() {
  return <Outlet />
}
