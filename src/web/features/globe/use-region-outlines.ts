/** City and county outlines with city labels from the database, drawn once on the globe. */
import { useEffect } from 'react'
import { useGlobe } from '../../globe/globe-host'
import type { GlobeOutline } from '../../globe/globe-types'
import { useGlobeOutlines } from './api/get-globe-outlines'

/** Draws the outlines when both levels have loaded. */
export function useRegionOutlines(): void {
  const globe = useGlobe()
  const cities = useGlobeOutlines('city')
  const counties = useGlobeOutlines('county')
  useEffect(() => {
    if (!cities.data || !counties.data) return
    const lines: GlobeOutline[] = [
      ...counties.data.map((c) => ({ rings: c.rings, color: 'rgba(180, 210, 255, 0.55)', width: 1 })),
      ...cities.data.map((c) => ({ rings: c.rings, color: '#ffd43b', width: 2, label: c.name, labelAt: c.center ?? undefined })),
    ]
    globe.regions.set(lines)
  }, [globe, cities.data, counties.data])
}
