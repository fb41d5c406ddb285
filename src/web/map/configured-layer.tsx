/**
 * The layer registry of docs/product.md §3 / §7 for configured layers: `title` → raster tiles from a URL
 * template, `feature` → features of a feature service in the view (GeoJSON), `dynamic` → one
 * image per view from a dynamic map service beneath everything (z-index −90000, docs/product.md §9). The
 * product's own business layers are drawn by the screens with their dedicated layers.
 */
import { useEffect } from 'react'
import { ImageLayer } from '@antv/l7-layers'
import type { ILayer } from '@antv/l7-core'
import type { FeatureCollection } from 'geojson'
import { DYNAMIC_IMAGERY_Z_INDEX, FEATURE_TILE_ZOOM, PUBLIC_TILE_ZOOM } from '../../domain/map-constants'
import { rasterTiles, shapes } from './engine/layers'
import { useScene } from './map-host'
import { effectiveUrl, type LayerConfig } from './rules/layer-rules'
import { dynamicImageUrl, featureQueryUrl } from './rules/service-urls'
import { createQueue } from './rules/cluster-rules'
import { useMapLayers } from './use-map-layers'

/** One configured layer at an opacity (0 → not drawn). */
export function ConfiguredLayer({ layer, opacity, internalNetwork }: { layer: LayerConfig; opacity: number; internalNetwork: boolean }) {
  const url = effectiveUrl(layer, internalNetwork)
  if (!url || opacity <= 0) return null
  if (layer.type === 'title') return <TitleLayer url={url} opacity={opacity} />
  if (layer.type === 'dynamic') return <DynamicLayer url={url} opacity={opacity} />
  return <FeatureServiceLayer url={url} />
}

function TitleLayer({ url, opacity }: { url: string; opacity: number }) {
  useMapLayers('configured-title', () => [rasterTiles({ url, minZoom: PUBLIC_TILE_ZOOM.min, maxZoom: PUBLIC_TILE_ZOOM.max }, opacity, 1)], [
    url,
    opacity,
  ])
  return null
}

/** Re-requests its source on every settled move (queued like the clusters). */
function usePerView(name: string, build: () => ILayer[] | Promise<ILayer[]>, deps: unknown[]) {
  const engine = useScene()
  useEffect(() => {
    let alive = true
    const draw = async () => {
      const layers = await build()
      if (alive) engine.setSlot(name, layers)
    }
    const q = createQueue(() => void draw())
    void draw()
    const off = engine.on('moveend', () => q.push())
    return () => {
      alive = false
      q.cancel()
      off()
      engine.clearSlot(name)
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- build is a closure over the caller's deps, which the caller lists
  }, [engine, ...deps])
}

function DynamicLayer({ url, opacity }: { url: string; opacity: number }) {
  const engine = useScene()
  usePerView(
    'configured-dynamic',
    () => {
      const b = engine.bounds()
      const box = engine.l7.getSize()
      const img = new ImageLayer({ zIndex: DYNAMIC_IMAGERY_Z_INDEX }).source(dynamicImageUrl(url, b, { width: box[0], height: box[1] }), {
        parser: { type: 'image', extent: b },
      })
      img.style({ opacity })
      return [img as unknown as ILayer]
    },
    [url, opacity],
  )
  return null
}

function FeatureServiceLayer({ url }: { url: string }) {
  const engine = useScene()
  usePerView(
    'configured-feature',
    async () => {
      // docs/product.md §9: feature layer tiles are drawn from zoom 0 to 6 only
      if (engine.zoom() > FEATURE_TILE_ZOOM.max + 0.99) return []
      const r = await fetch(featureQueryUrl(url, engine.bounds()))
      if (!r.ok) return []
      const fc = (await r.json()) as FeatureCollection
      return shapes(fc, { kind: 'outline', color: '#1d5fd6', width: 1.5 }, 12)
    },
    [url],
  )
  return null
}
