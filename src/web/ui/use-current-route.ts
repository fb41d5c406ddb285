/** The route-table entry of the current location (titles, trail, group for pages and frames). */
import { useLocation } from 'react-router-dom'
import { findRoute, type RouteEntry } from '../../domain/route-table'

/** The entry of the current path, or undefined off the table. */
export function useCurrentRoute(): RouteEntry | undefined {
  return findRoute(useLocation().pathname)
}
