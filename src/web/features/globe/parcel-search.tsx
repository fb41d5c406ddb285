/** Search by name or 宗地代码 (issue 5): pick a hit → fly there and open its info panel. */
import { Select } from 'antd'
import { useState } from 'react'
import { useGlobe } from '../../globe/globe-host'
import { searchGlobeParcels, type GlobeSearchHit } from './api/search-globe-parcels'

/** Zooms a parcel box out to a comfortable view (a parcel alone fills the screen). */
export function viewAround(b: [number, number, number, number]): [number, number, number, number] {
  const pad = 0.004
  return [b[0] - pad, b[1] - pad, b[2] + pad, b[3] + pad]
}

/** The search box. */
export function ParcelSearch({ onPick }: { onPick: (id: number) => void }) {
  const globe = useGlobe()
  const [hits, setHits] = useState<GlobeSearchHit[]>([])
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return (
    <Select
      data-testid="globe-search"
      showSearch={{
        filterOption: false,
        onSearch: (keyword: string) => {
          const k = keyword.trim()
          if (!k) return setHits([])
          setLoading(true)
          searchGlobeParcels(k)
            .then((r) => {
              setHits(r)
              setError(null)
            })
            .catch((e: Error) => setError(e.message))
            .finally(() => setLoading(false))
        },
      }}
      style={{ width: 260 }}
      placeholder="搜索地块名称 / 宗地代码"
      loading={loading}
      notFoundContent={error ?? (loading ? '搜索中…' : '无匹配地块')}
      options={hits.map((h) => ({ value: h.id, label: `${h.name}（${h.landCode}）` }))}
      onChange={(id: number) => {
        const hit = hits.find((h) => h.id === id)
        if (!hit) return
        globe.flyTo(viewAround(hit.bbox))
        onPick(id)
      }}
    />
  )
}
