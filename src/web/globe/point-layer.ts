/**
 * Project markers: one point per lifecycle project, so that a province-wide view (where a parcel
 * is smaller than a pixel) still shows every project's stage colour. Points fade out close up,
 * where the extruded parcel itself is visible — except a flagged (overdue) one: its red ring stays
 * above its parcel at any distance, since the parcel's colour says the stage, not the delay.
 */
import './cesium-base-url'
import { Cartesian3, Color, NearFarScalar, PointPrimitiveCollection, type PointPrimitive, type Scene } from 'cesium'

/** A marker as plain data. */
export interface GlobePoint {
  id: number
  lng: number
  lat: number
  color: string
}

/** Transparent nearer than 4 km, opaque beyond 20 km. */
const FADE_CLOSE_UP = new NearFarScalar(4.0e3, 0.0, 2.0e4, 1.0)
/** Opaque at any distance. */
const ALWAYS_SHOWN = new NearFarScalar(1, 1.0, 2, 1.0)

/** A collection of coloured markers. */
export class PointLayer {
  private readonly points: PointPrimitiveCollection
  private readonly byId = new Map<number, PointPrimitive>()

  constructor(private readonly scene: Scene) {
    this.points = scene.primitives.add(new PointPrimitiveCollection()) as PointPrimitiveCollection
  }

  /** Replaces every marker. */
  set(points: GlobePoint[]): void {
    this.points.removeAll()
    this.byId.clear()
    for (const p of points) {
      const prim = this.points.add({
        id: `parcel:${p.id}`,
        position: Cartesian3.fromDegrees(p.lng, p.lat, 30),
        pixelSize: 9,
        color: Color.fromCssColorString(p.color),
        outlineColor: Color.WHITE,
        outlineWidth: 1,
        translucencyByDistance: FADE_CLOSE_UP,
        disableDepthTestDistance: Number.POSITIVE_INFINITY,
      })
      this.byId.set(p.id, prim)
    }
    this.scene.requestRender()
  }

  /** Recolours markers; `outline` marks flagged ones (overdue) with a red ring. */
  recolor(colorOf: (id: number) => string, flagged: (id: number) => boolean): void {
    for (const [id, prim] of this.byId) {
      const ringed = flagged(id)
      prim.color = Color.fromCssColorString(colorOf(id))
      prim.outlineColor = ringed ? Color.RED : Color.WHITE
      prim.outlineWidth = ringed ? 3 : 1
      prim.translucencyByDistance = ringed ? ALWAYS_SHOWN : FADE_CLOSE_UP
    }
    this.scene.requestRender()
  }

  /** Whether a marker is ringed red and shown at any distance (read by the e2e through `window.__globe`). */
  ringed(id: number): boolean {
    const prim = this.byId.get(id)
    return !!prim && prim.outlineColor.equals(Color.RED) && NearFarScalar.equals(prim.translucencyByDistance, ALWAYS_SHOWN)
  }

  /** Removes the layer. */
  destroy(): void {
    this.scene.primitives.remove(this.points)
  }
}
