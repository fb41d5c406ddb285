/**
 * Thousands of extruded parcels as one {@link PrismPrimitive} (issue 5 "Speed"; resium's guide:
 * never thousands of `<Entity>`). The prisms are written straight into typed arrays on the main
 * thread (prism-geometry.ts) and drawn in the next frame; a theme change, a hover or the lifecycle
 * clock only rewrites colours, so nothing is rebuilt.
 */
import './cesium-base-url'
import { Cartesian3, Color, SceneTransforms, type Cartesian2, type Scene } from 'cesium'
import { triangulateFlat } from './cesium-renderer'
import type { GlobeParcelShape } from './globe-types'
import { buildPrisms } from './prism-geometry'
import { packRgba, PrismPrimitive } from './prism-primitive'
import { ringCentre } from './ring-centre'

const HIGHLIGHT = '#fff566'

/** Instance id of a parcel (picking returns it). */
export const instanceId = (parcelId: number) => `parcel:${parcelId}`

/** The parcel id of a picked object, or null. */
export function parcelIdOfPick(picked: unknown): number | null {
  const id = (picked as { id?: unknown } | undefined)?.id
  return typeof id === 'string' && id.startsWith('parcel:') ? Number(id.slice(7)) : null
}

/** One batch of extruded parcels on a scene. */
export class ParcelLayer {
  private primitive: PrismPrimitive | null = null
  private shapes = new Map<number, GlobeParcelShape>()
  private colors = new Map<number, string>()
  private highlighted: number | null = null
  // CSS colour → packed RGBA: a theme has a handful of colours and 50 000 parcels
  private readonly packed = new Map<string, number>()

  constructor(private readonly scene: Scene) {}

  /** Replaces every parcel (one primitive); colours come from `colorOf`. */
  setParcels(parcels: GlobeParcelShape[], colorOf: (id: number) => string): void {
    this.clear()
    for (const p of parcels) {
      this.shapes.set(p.id, p)
      this.colors.set(p.id, colorOf(p.id))
    }
    const batch = buildPrisms(parcels, triangulateFlat)
    if (batch.spans.length === 0) return
    this.primitive = this.scene.primitives.add(new PrismPrimitive(batch)) as PrismPrimitive
    for (const id of this.shapes.keys()) this.paint(id)
    this.scene.requestRender()
  }

  /** Resolves once the batch has been drawn in a frame (the frame after setParcels). */
  async ready(): Promise<void> {
    const primitive = this.primitive
    while (primitive && !primitive.isDestroyed() && !primitive.drawn) {
      await new Promise<void>((resolve) => {
        const off = this.scene.postRender.addEventListener(() => {
          off()
          resolve()
        })
        this.scene.requestRender()
      })
    }
  }

  /** Whether the current batch has been drawn (true when there is none). */
  isReady(): boolean {
    return !this.primitive || this.primitive.drawn
  }

  /** Recolours every parcel (theme switch, lifecycle clock) without rebuilding geometry. */
  recolor(colorOf: (id: number) => string): void {
    for (const id of this.shapes.keys()) {
      this.colors.set(id, colorOf(id))
      this.paint(id)
    }
    this.scene.requestRender()
  }

  /** Highlights one parcel (hover); null clears. */
  highlight(id: number | null): void {
    if (id === this.highlighted) return
    const previous = this.highlighted
    this.highlighted = id
    if (previous !== null) this.paint(previous)
    if (id !== null) this.paint(id)
    this.scene.requestRender()
  }

  /** The window position of a parcel's roof centre, or null when it is not on screen. */
  screenPositionOf(id: number): Cartesian2 | null {
    const p = this.shapes.get(id)
    if (!p || p.rings.length === 0) return null
    const { lng, lat } = ringCentre(p.rings[0])
    return SceneTransforms.worldToWindowCoordinates(this.scene, Cartesian3.fromDegrees(lng, lat, p.height)) ?? null
  }

  /** The CSS colour a parcel is drawn in (its theme colour; hover aside). */
  colorOf(id: number): string | undefined {
    return this.colors.get(id)
  }

  /** Ids of the parcels drawn now. */
  ids(): number[] {
    return [...this.shapes.keys()]
  }

  /** The parcel shape by id. */
  shape(id: number): GlobeParcelShape | undefined {
    return this.shapes.get(id)
  }

  /** Removes the batch. */
  clear(): void {
    if (this.primitive) this.scene.primitives.remove(this.primitive)
    this.primitive = null
    this.shapes.clear()
    this.colors.clear()
    this.highlighted = null
  }

  private paint(id: number): void {
    if (!this.primitive) return
    const css = id === this.highlighted ? HIGHLIGHT : (this.colors.get(id) ?? '#999999')
    let rgba = this.packed.get(css)
    if (rgba === undefined) {
      const c = Color.fromCssColorString(css)
      rgba = packRgba(Color.floatToByte(c.red), Color.floatToByte(c.green), Color.floatToByte(c.blue))
      this.packed.set(css, rgba)
    }
    this.primitive.paint(id, rgba)
  }
}
