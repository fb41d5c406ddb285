/**
 * The 2D engine (docs/architecture.md "Maps", docs/conventions.md "Engines behind thin hosts"): one
 * L7 Scene on the offline `Map` engine of @antv/l7-maps, with attach / update / destroy and named
 * layer slots. React never touches L7; features hand plain layer specs to the registry.
 */
import { Scene } from '@antv/l7-scene'
import { Map as L7Map } from '@antv/l7-maps/simple'
import type { ILayer } from '@antv/l7-core'
import type { MapConfig } from '../../../domain/contracts/runtime-config'

/** What the engine needs from map config (docs/product.md §3). */
export type EngineOptions = Pick<MapConfig, 'center' | 'zoom' | 'minZoom' | 'maxZoom'> & { background?: string }

/** Width in pixels of the whole world at zoom 0 on L7's own map (its transform's tile size). */
const WORLD_TILE_PX = 512

/** Pixels of the map covered by panels at its left and right edges. */
export interface ViewInsets {
  left: number
  right: number
}

/** [west, south, east, north] */
export type Bbox = [number, number, number, number]

/** Plain-TS owner of one L7 scene. */
export class MapEngine {
  private scene: Scene | null = null
  private readonly slots = new Map<string, ILayer[]>()
  private options: EngineOptions | null = null
  private insets: ViewInsets = { left: 0, right: 0 }

  /** Creates the scene in `container`; resolves once L7 reports `loaded`. */
  attach(container: HTMLDivElement, options: EngineOptions): Promise<void> {
    this.options = options
    const scene = new Scene({
      id: container,
      logoVisible: false,
      map: new L7Map({ center: options.center, zoom: options.zoom, minZoom: options.minZoom, maxZoom: options.maxZoom, pitch: 0 }),
    })
    this.scene = scene
    if (options.background) scene.setBgColor(options.background)
    return new Promise((resolve) => scene.on('loaded', () => resolve()))
  }

  /** Pushes changed options (background, zoom limits) to the live scene. */
  update(options: Partial<EngineOptions>): void {
    if (!this.scene || !this.options) return
    this.options = { ...this.options, ...options }
    if (options.background) this.scene.setBgColor(options.background)
  }

  /** The live scene, for the layer builders of this room only. */
  get l7(): Scene {
    if (!this.scene) throw new Error('地图尚未加载')
    return this.scene
  }

  /** The configured max zoom (the cluster requires one, docs/product.md §8). */
  get maxZoom(): number | undefined {
    return this.options?.maxZoom
  }

  /** Replaces the layers of a named slot. */
  setSlot(name: string, layers: ILayer[]): void {
    this.clearSlot(name)
    if (!this.scene) return
    for (const l of layers) this.scene.addLayer(l)
    this.slots.set(name, layers)
  }

  /** Sets the opacity of every layer in a slot (docs/product.md §4 switches) and redraws. */
  setSlotOpacity(name: string, opacity: number): void {
    for (const l of this.slot(name)) {
      l.style({ opacity })
      if (opacity === 0) l.hide()
      else l.show()
    }
    this.scene?.render()
  }

  /** Removes a slot's layers. */
  clearSlot(name: string): void {
    const old = this.slots.get(name)
    if (old && this.scene) for (const l of old) void this.scene.removeLayer(l)
    this.slots.delete(name)
  }

  /** The layers of a slot. */
  slot(name: string): ILayer[] {
    return this.slots.get(name) ?? []
  }

  /**
   * Declares the map's edges covered by panels (a side panel, a drawer): later flights centre on
   * the part of the map still visible. Nothing moves now, so a flight under way goes on.
   */
  setInsets(insets: Partial<ViewInsets>): void {
    this.insets = { ...this.insets, ...insets }
  }

  /** Flies to an extent, no closer than maxZoom (docs/product.md §9: zones fly at most to 16). */
  flyToBbox(b: Bbox, maxZoom = this.options?.maxZoom ?? 18): void {
    if (!this.scene) return
    const padding = { top: 40, bottom: 40, left: 40 + this.insets.left, right: 40 + this.insets.right }
    this.scene.fitBounds(
      [
        [b[0], b[1]],
        [b[2], b[3]],
      ],
      { maxZoom, padding, animate: false },
    )
  }

  /** Centres on a point at a zoom (in the middle of the part of the map not under a panel). */
  flyTo(center: [number, number], zoom: number): void {
    // the map's world is WORLD_TILE_PX × 2^zoom pixels wide and longitude is linear across it
    const shiftPx = (this.insets.left - this.insets.right) / 2
    const lng = center[0] - (shiftPx * 360) / (WORLD_TILE_PX * 2 ** zoom)
    this.scene?.setZoomAndCenter(zoom, [lng, center[1]])
  }

  /** Current zoom. */
  zoom(): number {
    return this.scene?.getZoom() ?? this.options?.zoom ?? 0
  }

  /** Current extent. */
  bounds(): Bbox {
    const b = this.scene?.getBounds()
    return b ? [b[0][0], b[0][1], b[1][0], b[1][1]] : [-180, -85, 180, 85]
  }

  /** Subscribes to a scene event; returns the unsubscribe. */
  on(event: 'moveend' | 'zoomend' | 'click' | 'mousemove', fn: (e: unknown) => void): () => void {
    this.scene?.on(event, fn)
    return () => this.scene?.off(event, fn)
  }

  /** Screen pixel of a coordinate. */
  pixelOf(lnglat: [number, number]): { x: number; y: number } {
    const p = this.scene?.lngLatToContainer(lnglat)
    return { x: p?.x ?? 0, y: p?.y ?? 0 }
  }

  /** Coordinate of a screen pixel. */
  lngLatOf(x: number, y: number): [number, number] {
    const p = this.scene?.containerToLngLat([x, y])
    return [p?.lng ?? 0, p?.lat ?? 0]
  }

  /** Destroys the scene and every layer. */
  destroy(): void {
    this.slots.clear()
    this.scene?.destroy()
    this.scene = null
  }
}
