/**
 * Links between the two profiles through the route table, at the entry point the user came in by
 * (/system or /systems): a parcel's holder opens in 用地单位信息, an enterprise's parcel in 地块信息.
 */
import { childRoutes, findRoute } from '../../../../domain/route-table'

/** The profile pages of 产业地图 (spec §2): Dkxx 地块信息, Yddw 用地单位信息. */
export type ProfileSeg = 'Dkxx' | 'Yddw'

/** The path of a profile page beside the current one, opened on record `id`. */
export function profileHref(current: string, seg: ProfileSeg, id: number): string | undefined {
  const parent = findRoute(current)?.parent
  const path = parent ? childRoutes(parent).find((r) => r.path.endsWith(`/${seg}`))?.path : undefined
  return path ? `${path}?id=${id}` : undefined
}
