/**
 * 地图预览: a batch's shapes on the offline base map, coloured by check result (not yet checked
 * in blue), flown to their extent; points (enterprises) as dots.
 */
import { Alert, Space, Spin } from 'antd'
import type { Feature, FeatureCollection } from 'geojson'
import { useEffect, useState } from 'react'
import { OfflineBaseMap } from '../../../map/base-layers'
import { countedCircles, shapes } from '../../../map/engine/layers'
import { MapHost, useScene } from '../../../map/map-host'
import { useMapLayers } from '../../../map/use-map-layers'
import { useShapes, type BatchShapes } from '../api/query-shapes'
import { LEVEL_COLOR } from './labels'

const isPoint = (f: Feature) => f.geometry?.type === 'Point'

function BatchLayers({ data, onDrawn }: { data: BatchShapes; onDrawn: (n: number) => void }) {
  const engine = useScene()
  useEffect(() => {
    if (data.bbox) engine.flyToBbox(data.bbox, 16)
  }, [engine, data.bbox])
  useMapLayers(
    'batch-shapes',
    () => {
      const layers = []
      for (const [level, color] of Object.entries(LEVEL_COLOR)) {
        const polys: FeatureCollection = {
          type: 'FeatureCollection',
          features: data.features.filter((f) => !isPoint(f) && f.properties?.level === level),
        }
        if (polys.features.length)
          layers.push(...shapes(polys, { color, kind: 'fill' }, 20), ...shapes(polys, { color, kind: 'outline', width: 1.5 }, 21))
      }
      const points = data.features.filter(isPoint).map((f) => {
        const [lng, lat] = (f.geometry as { coordinates: number[] }).coordinates
        return {
          lng,
          lat,
          label: '',
          size: 6,
          color: LEVEL_COLOR[(f.properties?.level as keyof typeof LEVEL_COLOR) ?? '未检查'] ?? LEVEL_COLOR.未检查,
        }
      })
      if (points.length) layers.push(...countedCircles(points, 30))
      return layers.length ? layers : null
    },
    [data],
  )
  // after the layers were handed to the engine (effects run in order): a hook for tests and screenshots
  useEffect(() => onDrawn(data.features.length), [data, onDrawn])
  return null
}

/** The map of a batch's shapes, with a legend of what the colours mean. */
export function ShapesMap({ batchId, version }: { batchId: number; version: string }) {
  const shapesQuery = useShapes(batchId, version)
  const [drawn, setDrawn] = useState(-1)
  const data = shapesQuery.data
  const counts = new Map<string, number>()
  for (const f of data?.features ?? []) counts.set(String(f.properties?.level), (counts.get(String(f.properties?.level)) ?? 0) + 1)
  return (
    <div>
      {shapesQuery.error && <Alert type="error" showIcon title={`加载图形失败：${shapesQuery.error.message}`} />}
      {data && data.total === 0 && (
        <Alert type="info" showIcon title="这个批次没有图形：表格数据可在列映射中指定经纬度或 WKT 列" style={{ marginBottom: 8 }} />
      )}
      <Space wrap style={{ marginBottom: 8 }} data-testid="shapes-legend">
        {Object.entries(LEVEL_COLOR).map(([level, color]) => (
          <span key={level}>
            <span
              style={{ display: 'inline-block', width: 12, height: 12, background: color, opacity: 0.7, marginRight: 4, verticalAlign: -1 }}
            />
            {level} {counts.get(level) ?? 0}
          </span>
        ))}
        {data && (
          <span style={{ color: '#6b7280' }}>
            共 {data.total} 个图形{data.total > data.features.length ? `，显示前 ${data.features.length} 个` : ''}
          </span>
        )}
      </Space>
      <div
        style={{ height: 460, border: '1px solid #e5e7eb', borderRadius: 4, position: 'relative' }}
        data-testid="shapes-map"
        data-count={data?.features.length ?? -1}
        data-drawn={drawn}
      >
        {!data && <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 40 }} />}
        <MapHost>
          <OfflineBaseMap choice="vector" />
          {data && <BatchLayers data={data} onDrawn={setDrawn} />}
        </MapHost>
      </div>
    </div>
  )
}
