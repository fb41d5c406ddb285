/**
 * District cluster markers (docs/product.md §3 "Cluster datum", §9): `{name, num}` placed at the configured
 * district centres (runtime config countryCenters), sized in three bands.
 */
import { getRuntimeConfig } from '../core/runtime-config'
import { countedCircles } from './engine/layers'
import { placeDistricts } from './rules/cluster-rules'
import { useMapLayers } from './use-map-layers'

const BANDS = [
  { size: 16, color: '#4dabf7' },
  { size: 22, color: '#1c7ed6' },
  { size: 30, color: '#1864ab' },
] as const

/** Draws the district markers while mounted. */
export function DistrictMarkers({ data }: { data: { name: string; num: number }[] }) {
  useMapLayers(
    'district-markers',
    () => {
      const rows = placeDistricts(data, getRuntimeConfig().countryCenters).map((d) => ({
        lng: d.lng,
        lat: d.lat,
        label: `${d.name} ${d.num}`,
        ...BANDS[d.band],
      }))
      return rows.length ? countedCircles(rows, 32) : null
    },
    [JSON.stringify(data)],
  )
  return null
}
