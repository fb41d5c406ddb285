/**
 * Structural checks of a source shape before it goes to PostGIS, which would refuse the whole
 * insert for one unclosed ring: finite coordinates, enough points, closed polygon rings. What
 * fails here is kept as the row's geometry problem and shown by the checks; validity proper
 * (self-intersection, ring order) is PostGIS's ST_IsValidReason at check time.
 */
import type { Geometry, Position } from 'geojson'

const finite = (p: Position) => Array.isArray(p) && p.length >= 2 && Number.isFinite(p[0]) && Number.isFinite(p[1])

function ringProblem(ring: Position[], which: string): string | null {
  if (!Array.isArray(ring) || !ring.every(finite)) return `${which}含无效坐标`
  if (ring.length < 4) return `${which}只有 ${ring.length} 个点，至少需要 4 个（首尾相同）`
  const a = ring[0]
  const b = ring[ring.length - 1]
  if (a[0] !== b[0] || a[1] !== b[1]) return `${which}未闭合（首尾点不同）`
  return null
}

/** Why a geometry cannot be stored as it is, in Chinese, or null. */
export function shapeProblem(g: Geometry): string | null {
  switch (g.type) {
    case 'Point':
      return finite(g.coordinates) ? null : '点坐标无效'
    case 'MultiPoint':
      return g.coordinates.length && g.coordinates.every(finite) ? null : '多点坐标无效'
    case 'LineString':
      return g.coordinates.length >= 2 && g.coordinates.every(finite) ? null : '线至少需要 2 个有效点'
    case 'MultiLineString':
      return g.coordinates.every((l) => l.length >= 2 && l.every(finite)) ? null : '多线中有无效的线'
    case 'Polygon': {
      if (!g.coordinates.length) return '面没有环'
      for (let i = 0; i < g.coordinates.length; i++) {
        const p = ringProblem(g.coordinates[i], i === 0 ? '外环' : `第 ${i} 个内环`)
        if (p) return p
      }
      return null
    }
    case 'MultiPolygon': {
      if (!g.coordinates.length) return '多面没有面'
      for (let j = 0; j < g.coordinates.length; j++) {
        const poly = g.coordinates[j]
        if (!poly.length) return `第 ${j + 1} 个面没有环`
        for (let i = 0; i < poly.length; i++) {
          const p = ringProblem(poly[i], `第 ${j + 1} 个面的${i === 0 ? '外环' : `第 ${i} 个内环`}`)
          if (p) return p
        }
      }
      return null
    }
    case 'GeometryCollection':
      return '不支持几何集合（GeometryCollection）'
  }
}
