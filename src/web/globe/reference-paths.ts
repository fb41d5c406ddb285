/**
 * The two ways of drawing extruded parcels our production path is measured against
 * (tests/bench/globe-parcels.ts, issue 5 "Speed"): one `Entity` each (what a Resium `<Entity>` per
 * parcel adds to the viewer, minus React) and one `Primitive` of a `PolygonGeometry` instance per
 * parcel (Cesium's batched-primitive path, geometry built in its workers). Loaded only when the
 * benchmark asks for it (`GlobeEngine.referencePaths()`), never by a page.
 */
import './cesium-base-url'
import * as Cesium from 'cesium'
import {
  BoundingSphere,
  Cartesian3,
  Color,
  ColorGeometryInstanceAttribute,
  GeometryInstance,
  PerInstanceColorAppearance,
  PolygonGeometry,
  PolygonHierarchy,
  Primitive,
  type Entity,
  type Viewer,
} from 'cesium'
import type { GlobeParcelShape } from './globe-types'

// both are public in Cesium's docs but missing from its TypeScript declarations
const { BoundingSphereState } = Cesium as unknown as { BoundingSphereState: { DONE: number } }
type DisplayWithSpheres = { getBoundingSphere(entity: Entity, allowPartial: boolean, result: BoundingSphere): number }

/** A drawn reference batch: wait for it, then remove it. */
export interface ReferenceBatch {
  /** resolves once the geometry is on the GPU and a frame has drawn it */
  ready(): Promise<boolean>
  clear(): void
}

function afterFrame(viewer: Viewer): Promise<void> {
  return new Promise((resolve) => {
    const off = viewer.scene.postRender.addEventListener(() => {
      off()
      resolve()
    })
    viewer.scene.requestRender()
  })
}

async function until(viewer: Viewer, done: () => boolean, limitMs = 180_000): Promise<boolean> {
  const t0 = performance.now()
  while (!done()) {
    if (performance.now() - t0 > limitMs) return false
    await afterFrame(viewer)
  }
  return true
}

/** One polygon `Entity` per parcel, extruded, through the viewer's entity collection. */
export function entityParcels(viewer: Viewer, shapes: readonly GlobeParcelShape[]): ReferenceBatch {
  const material = Color.fromCssColorString('#2f9e44')
  const entities: Entity[] = []
  viewer.entities.suspendEvents()
  for (const s of shapes) {
    const entity = viewer.entities.add({
      id: `parcel:${s.id}`,
      polygon: {
        hierarchy: new PolygonHierarchy(Cartesian3.fromDegreesArray(s.rings[0].flat())),
        height: 0,
        extrudedHeight: s.height,
        material,
      },
    })
    entities.push(entity)
  }
  viewer.entities.resumeEvents()
  // `dataSourceDisplay.ready` stays true once set, so ask the display for entities' bounding
  // spheres instead: DONE only once the batch primitive holding the entity is on the GPU. Every
  // 500th entity and the last are asked (asking all 50 000 each frame would itself be the cost).
  const probes = entities.filter((_, i) => i % 500 === 0 || i === entities.length - 1)
  const sphere = new BoundingSphere()
  const display = viewer.dataSourceDisplay as unknown as DisplayWithSpheres
  const done = (e: Entity) => {
    try {
      return display.getBoundingSphere(e, false, sphere) === BoundingSphereState.DONE
    } catch {
      return false // the geometry visualizer has not seen this entity yet (before the next tick)
    }
  }
  return {
    ready: () => until(viewer, () => probes.every(done)),
    clear: () => viewer.entities.removeAll(),
  }
}

/** One `Primitive` holding a `PolygonGeometry` instance per parcel (asynchronous, in workers). */
export function instancedParcels(viewer: Viewer, shapes: readonly GlobeParcelShape[]): ReferenceBatch {
  const color = ColorGeometryInstanceAttribute.fromColor(Color.fromCssColorString('#2f9e44'))
  const primitive = viewer.scene.primitives.add(
    new Primitive({
      geometryInstances: shapes.map(
        (s) =>
          new GeometryInstance({
            id: `parcel:${s.id}`,
            geometry: new PolygonGeometry({
              polygonHierarchy: new PolygonHierarchy(Cartesian3.fromDegreesArray(s.rings[0].flat())),
              height: 0,
              extrudedHeight: s.height,
              vertexFormat: PerInstanceColorAppearance.VERTEX_FORMAT,
            }),
            attributes: { color },
          }),
      ),
      appearance: new PerInstanceColorAppearance({ flat: false, translucent: false }),
      releaseGeometryInstances: true,
      asynchronous: true,
    }),
  ) as Primitive
  // `ready` turns true after the frame that first queued the primitive's commands
  return {
    ready: () => until(viewer, () => primitive.ready),
    clear: () => viewer.scene.primitives.remove(primitive),
  }
}
