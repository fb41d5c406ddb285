/** District picker (issue 5): the province → city → county tree from the database; choosing flies there. */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useGlobe } from '../../globe/globe-host'
import { useGlobeRegions } from './api/get-globe-regions'
import { regionTree } from './region-tree'

/** Half the side, in degrees, of the view around a seat (about a county's size). */
const SEAT_SPAN = 0.2

/** The picker; a region without an outline flies to its seat, the province (no own outline) to the home view. */
export function DistrictPicker() {
  const globe = useGlobe()
  const q = useGlobeRegions()
  const tree = useMemo(() => regionTree(q.data ?? []), [q.data])
  return (
    <TreeSelect
      data-testid="globe-district-picker"
      style={{ width: 180 }}
      placeholder={q.isError ? '行政区加载失败' : '选择行政区'}
      loading={q.isLoading}
      treeData={tree}
      treeDefaultExpandedKeys={['330000']}
      showSearch
      treeNodeFilterProp="title"
      popupMatchSelectWidth={240}
      onChange={(code: string) => {
        const r = q.data?.find((x) => x.code === code)
        if (r?.bbox) globe.flyTo(r.bbox)
        // a county without an outline (none imported yet): to its seat (issue 19)
        else if (r?.center)
          globe.flyTo([r.center[0] - SEAT_SPAN, r.center[1] - SEAT_SPAN, r.center[0] + SEAT_SPAN, r.center[1] + SEAT_SPAN])
        else globe.goHome()
      }}
    />
  )
}
