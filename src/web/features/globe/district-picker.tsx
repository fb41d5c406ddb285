/** District picker (issue 5): the province → city → county tree from the database; choosing flies there. */
import { TreeSelect } from 'antd'
import { useMemo } from 'react'
import { useGlobe } from '../../globe/globe-host'
import { useGlobeRegions } from './api/get-globe-regions'
import { regionTree } from './region-tree'

/** The picker; the province (no own outline) flies to the home view. */
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
        else globe.goHome()
      }}
    />
  )
}
