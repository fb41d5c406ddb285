/**
 * Thousands of extruded parcels as ONE batched `Primitive` of `GeometryInstance`s (issue 5 "Speed";
 * resium's guide: never thousands of `<Entity>`). Geometry is built in Cesium's web workers
 * (asynchronous primitive); a theme change or a hover only rewrites per-instance colour
 * attributes, so nothing is rebuilt.
 */
import './cesium-base-url'
import {
  Cartesian3,
  Color,
  ColorGeometryInstanceAttribute,
  GeometryInstance,
  PerInstanceColorAppearance,
  PolygonGeometry,
  PolygonHierarchy,
  Primitive,
  SceneTransforms,
  type Cartesian2,
  type Scene,
} from 'cesium'
import type { GlobeParcelShape } from './globe-types'
import { ringCentre } from './ring-centre'

const HIGHLIGHT = Color.fromCssColorString('#fff566')

/** Instance id of a parcel (picking returns it). */
export const instanceId = (parcelId: number) => `parcel:${parcelId}`

/** The parcel id of a picked object, or null. */
export function parcelIdOfPick(picked: unknown): number | null {
  const id = (picked as { id?: unknown } | undefined)?.id
  return typeof id === 'string' && id.startsWith('parcel:') ? Number(id.slice(7)) : null
}

/** One batch of extruded parcels on a scene. */
export class ParcelLayer {
  private primitive: Primitive | null = null
  private shapes = new Map<number, GlobeParcelShape>()
  private colors = new Map<number, string>()
  private highlighted: number | null = null

  constructor(private readonly scene: Scene) {}

  /** Replaces every parcel (one primitive); colours come from `colorOf`. */
  setParcels(parcels: GlobeParcelShape[], colorOf: (id: number) => string): void {
    this.clear()
    const instances: GeometryInstance[] = []
    for (const p of parcels) {
      const color = colorOf(p.id)
      this.colors.set(p.id, color)
      this.shapes.set(p.id, p)
      for (const ring of p.rings) {
        if (ring.length < 3) continue
        instances.push(
          new GeometryInstance({
            id: instanceId(p.id),
            geometry: new PolygonGeometry({
              polygonHierarchy: new PolygonHierarchy(Cartesian3.fromDegreesArray(ring.flat())),
              height: 0,
              extrudedHeight: p.height,
              vertexFormat: PerInstanceColorAppearance.VERTEX_FORMAT,
            }),
            attributes: { color: ColorGeometryInstanceAttribute.fromColor(Color.fromCssColorString(color)) },
          }),
        )
      }
    }
    if (instances.length === 0) return
    this.primitive = this.scene.primitives.add(
      new Primitive({
        geometryInstances: instances,
        appearance: new PerInstanceColorAppearance({ flat: false, translucent: false }),
        releaseGeometryInstances: true,
        asynchronous: true,
      }),
    ) as Primitive
    this.scene.requestRender()
  }

  /** Resolves once the batch is on the GPU (geometry is built in workers). */
  async ready(): Promise<void> {
    const primitive = this.primitive
    if (!primitive) return
    for (let i = 0; i < 2400 && !primitive.ready && !primitive.isDestroyed(); i++) {
      this.scene.requestRender()
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Whether the current batch is on the GPU (true when there is none). */
  isReady(): boolean {
    return !this.primitive || this.primitive.ready
  }

  /** Recolours every parcel (theme switch) without rebuilding geometry. */
  recolor(colorOf: (id: number) => string): void {
    for (const id of this.shapes.keys()) this.colors.set(id, colorOf(id))
    // attributes exist only once the workers are done; a theme picked earlier applies then
    void this.ready().then(() => {
      for (const id of this.shapes.keys()) this.paint(id, id === this.highlighted ? HIGHLIGHT : undefined)
      this.scene.requestRender()
    })
  }

  /** Highlights one parcel (hover); null clears. */
  highlight(id: number | null): void {
    if (id === this.highlighted) return
    const previous = this.highlighted
    this.highlighted = id
    if (previous !== null) this.paint(previous)
    if (id !== null) this.paint(id, HIGHLIGHT)
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

  private paint(id: number, override?: Color): void {
    const primitive = this.primitive
    if (!primitive?.ready) return
    const attrs = primitive.getGeometryInstanceAttributes(instanceId(id)) as { color?: Uint8Array } | undefined
    if (!attrs) return
    const color = override ?? Color.fromCssColorString(this.colors.get(id) ?? '#999999')
    attrs.color = ColorGeometryInstanceAttribute.toValue(color)
  }
}
