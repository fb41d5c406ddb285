/**
 * Marker clustering (docs/product.md §9): supercluster with radius 80 up to the map's max zoom (required,
 * docs/product.md §8), size classes small/medium/large, refresh queued 300 ms after the last move, a click
 * zooms into a cluster or, at max zoom, spiders it out (circle under 9 markers, spiral from 9).
 */
import { useEffect, useMemo, useState } from 'react'
import Supercluster, { type ClusterProperties } from 'supercluster'
import type { ILayer } from '@antv/l7-core'
import { CLUSTER } from '../../domain/map-constants'
import { countedCircles } from './engine/layers'
import { createQueue, requireMaxZoom, sizeClass, spiderOffsets } from './rules/cluster-rules'
import { useScene } from './map-host'

/** A clustered point. */
export interface ClusterPoint {
  id: number
  name: string
  lng: number
  lat: number
}

const CLASS_STYLE = {
  small: { size: 14, color: '#36a84f' },
  medium: { size: 19, color: '#e6a817' },
  large: { size: 25, color: '#e8590c' },
} as const

type Row = { lng: number; lat: number; label: string; size: number; color: string; clusterId?: number; pointId?: number; count: number }

/** Clusters the points; reports a click on a single point. */
export function ClusterLayer({ points, onPointClick }: { points: ClusterPoint[]; onPointClick?: (p: ClusterPoint) => void }) {
  const engine = useScene()
  const maxZoom = requireMaxZoom(engine.maxZoom)
  const index = useMemo(() => {
    const sc = new Supercluster<ClusterPoint>({ radius: CLUSTER.radius, maxZoom, minPoints: 2 })
    sc.load(points.map((p) => ({ type: 'Feature', properties: p, geometry: { type: 'Point', coordinates: [p.lng, p.lat] } })))
    return sc
  }, [points, maxZoom])
  const [shown, setShown] = useState({ markers: 0, points: 0, world: 0, zoom: 0, bounds: '' })
  // the open spider: how many markers it spread into and on which figure
  const [spidered, setSpidered] = useState<{ legs: number; layout: string }>({ legs: 0, layout: '' })

  useEffect(() => {
    const byId = new Map(points.map((p) => [p.id, p]))
    const draw = () => {
      const z = Math.floor(engine.zoom())
      const bounds = engine.bounds()
      const rows: Row[] = index.getClusters(bounds, z).map((f) => {
        const [lng, lat] = f.geometry.coordinates
        const p = f.properties as Partial<ClusterProperties> & Partial<ClusterPoint>
        if (p.cluster) {
          const c = CLASS_STYLE[sizeClass(p.point_count!)]
          return { lng, lat, label: String(p.point_count), size: c.size, color: c.color, clusterId: p.cluster_id, count: p.point_count! }
        }
        return { lng, lat, label: '', size: 6, color: '#1d5fd6', pointId: p.id, count: 1 }
      })
      engine.clearSlot('cluster-spider')
      setSpidered({ legs: 0, layout: '' })
      const layers = countedCircles(rows)
      layers[0].on('click', (e: { feature?: Row }) => onClick(e.feature))
      engine.setSlot('cluster', layers)
      // the whole world at this zoom: every point in exactly one marker
      const world = index
        .getClusters([-180, -85, 180, 85], z)
        .reduce((n, f) => n + ((f.properties as Partial<ClusterProperties>).point_count ?? 1), 0)
      setShown({ markers: rows.length, points: rows.reduce((n, r) => n + r.count, 0), world, zoom: z, bounds: bounds.join(',') })
    }
    const spider = (row: Row) => {
      const leaves = index.getLeaves(row.clusterId!, Infinity).map((l) => l.properties)
      const { offsets, layout } = spiderOffsets(leaves.length)
      const c = engine.pixelOf([row.lng, row.lat])
      const legs: ILayer[] = countedCircles(
        leaves.map((p, i) => {
          const [lng, lat] = engine.lngLatOf(c.x + offsets[i][0], c.y + offsets[i][1])
          return { lng, lat, label: '', size: 6, color: '#1d5fd6', pointId: p.id, count: 1 }
        }),
        40,
      )
      legs[0].on('click', (e: { feature?: Row }) => onClick(e.feature))
      engine.setSlot('cluster-spider', legs)
      setSpidered({ legs: leaves.length, layout })
    }
    const onClick = (row?: Row) => {
      if (!row) return
      if (row.pointId !== undefined) {
        const p = byId.get(row.pointId)
        if (p) onPointClick?.(p)
      } else if (row.clusterId !== undefined) {
        const expand = index.getClusterExpansionZoom(row.clusterId)
        if (expand <= maxZoom && engine.zoom() < maxZoom) engine.flyTo([row.lng, row.lat], Math.min(expand, maxZoom))
        else spider(row)
      }
    }
    const queue = createQueue(draw)
    draw()
    const off = engine.on('moveend', () => queue.push())
    return () => {
      queue.cancel()
      off()
      engine.clearSlot('cluster')
      engine.clearSlot('cluster-spider')
    }
  }, [engine, index, points, maxZoom, onPointClick])

  return (
    <span
      data-testid="cluster-state"
      data-markers={shown.markers}
      data-points={shown.points}
      data-zoom={shown.zoom}
      data-total={points.length}
      data-world={shown.world}
      data-bounds={shown.bounds}
      data-spider-legs={spidered.legs}
      data-spider-layout={spidered.layout}
      hidden
    />
  )
}
