/**
 * A parcel's zone shapes as the zone controls' inputs (docs/product.md §3 "Range control inputs" zjtx, djtx,
 * jgtx, plus jxtx for the new-build shapes): the host fills them when a parcel is selected.
 */
import type { ParcelZones } from '../../../domain/contracts/map'
import { ZONE_INPUT_KEYS } from '../../../domain/map-constants'

/** Inputs of the zone toggle, range and selection controls. */
export type ZoneInputText = Partial<Record<(typeof ZONE_INPUT_KEYS)[number], string>>

/** The uploaded shapes as GeoJSON text; a kind never uploaded stays empty (so toggling it warns). */
export function zonesToInputs(z: ParcelZones): ZoneInputText {
  return Object.fromEntries(ZONE_INPUT_KEYS.flatMap((k) => (z.zones[k] ? [[k, JSON.stringify(z.zones[k])]] : [])))
}

/** The drawer's line about a parcel's shapes: which were uploaded. */
export function zonesSummary(z: ParcelZones | undefined): string {
  if (!z) return ''
  if (!z.project) return '该地块没有全生命周期项目，未上传指界、勘测定界、竣工图形'
  const names = { zjtx: '指界', djtx: '勘测定界', jgtx: '竣工', jxtx: '建新' } as const
  const has = ZONE_INPUT_KEYS.filter((k) => z.zones[k])
  const missing = ZONE_INPUT_KEYS.filter((k) => k !== 'jxtx' && !z.zones[k])
  return `${z.project}：已上传 ${has.map((k) => names[k]).join('、') || '无'}${missing.length ? `；未上传 ${missing.map((k) => names[k]).join('、')}` : ''}`
}
