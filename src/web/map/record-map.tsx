/**
 * The map of one record (editing, audit, history, 认领): the base map the deployment has (offline
 * outlines by default), the neighbouring parcels faintly for orientation, and the screen's own
 * shapes as children.
 */
import type { ReactNode } from 'react'
import { getRuntimeConfig } from '../core/runtime-config'
import { OfflineBaseMap, TileBase } from './base-layers'
import { MapHost } from './map-host'
import { providerOf, tilesFor } from './rules/base-map-rules'
import { VectorTileLayer } from './vector-tile-layer'

/** Neighbouring parcels in one quiet colour (the colour function falls back to the first entry). */
const CONTEXT = { 其他地块: '#9aa7b8' }

/** A map for a record's shapes; `testId` names the wrapper for e2e. */
export function RecordMap({
  children,
  height = 480,
  testId,
  context = true,
}: {
  children?: ReactNode
  height?: number | string
  testId?: string
  context?: boolean
}) {
  const cfg = getRuntimeConfig()
  const provider = providerOf(cfg.tileKeys)
  return (
    <div data-testid={testId} style={{ position: 'relative', height, border: '1px solid #e5e9f2', borderRadius: 4, overflow: 'hidden' }}>
      <MapHost>
        {provider === 'offline' ? (
          <OfflineBaseMap choice="vector" />
        ) : (
          <TileBase tiles={tilesFor('vector', provider, cfg.isInternalNetwork, cfg.tileKeys.tianditu)} />
        )}
        {context && <VectorTileLayer layer="parcels" colorField="status" colors={CONTEXT} minZoom={12} opacity={0.35} />}
        {children}
      </MapHost>
    </div>
  )
}
