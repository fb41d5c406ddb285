/** Where a page stands: the picker's tree, the trail from the user's scope and the chosen district's name. */
import { useMemo } from 'react'
import type { ReportRegionOption } from '../../../../domain/contracts/statistical-report'
import { selectUser, useSession } from '../../../core/session'
import { useRegions } from '../../../widgets/use-regions'
import { regionTrail, type RegionStep } from './region-tree'

/** What {@link useRegionPlace} gives. */
export interface RegionPlace {
  tree: readonly ReportRegionOption[]
  trail: RegionStep[]
  /** the chosen district, or the scope (浙江省 for a province user) */
  here: string
  /** the scope's name */
  scope: string
}

/** The place of `regionCode` inside the user's scope. */
export function useRegionPlace(regionCode: string | undefined): RegionPlace {
  const regions = useRegions()
  const user = useSession(selectUser)
  return useMemo(() => {
    const tree = regions.data ?? []
    const trail = regionTrail(tree, user?.regionCode, regionCode)
    return { tree, trail, here: trail.at(-1)?.name ?? '', scope: trail[0].name }
  }, [regions.data, user?.regionCode, regionCode])
}
