/**
 * Outlines with labels: region boundaries (province/city/county, from the database) and the
 * lifecycle zone shapes (指界 dashed, 勘测定界, 竣工). A PolylineCollection, because it allows a
 * dash material per line; a few thousand lines at most.
 */
import './cesium-base-url'
import {
  Cartesian2,
  Cartesian3,
  Color,
  HorizontalOrigin,
  LabelCollection,
  LabelStyle,
  Material,
  NearFarScalar,
  PolylineCollection,
  VerticalOrigin,
  type Scene,
} from 'cesium'
import type { GlobeOutline } from './globe-types'

/** A set of outlines and their labels on a scene. */
export class OutlineLayer {
  private readonly lines: PolylineCollection
  private readonly labels: LabelCollection

  constructor(
    private readonly scene: Scene,
    /** metres above the ellipsoid (zones sit just above the parcels' base) */
    private readonly lift = 2,
    /** camera distance (m) at which labels have faded out */
    private readonly labelFar = 1.2e6,
  ) {
    this.lines = scene.primitives.add(new PolylineCollection()) as PolylineCollection
    this.labels = scene.primitives.add(new LabelCollection({ scene })) as LabelCollection
  }

  /** Replaces every outline. */
  set(outlines: GlobeOutline[]): void {
    this.lines.removeAll()
    this.labels.removeAll()
    for (const o of outlines) {
      const color = Color.fromCssColorString(o.color)
      const material = o.dashed ? Material.fromType('PolylineDash', { color, dashLength: 12 }) : Material.fromType('Color', { color })
      for (const ring of o.rings) {
        if (ring.length < 2) continue
        const closed = [...ring, ring[0]]
        this.lines.add({
          positions: Cartesian3.fromDegreesArrayHeights(closed.flatMap(([x, y]) => [x, y, this.lift])),
          width: o.width,
          material,
        })
      }
      if (o.label && o.labelAt) {
        this.labels.add({
          position: Cartesian3.fromDegrees(o.labelAt[0], o.labelAt[1], this.lift),
          text: o.label,
          font: '14px "Microsoft YaHei", sans-serif',
          fillColor: Color.WHITE,
          outlineColor: Color.fromCssColorString('#0b1a33'),
          outlineWidth: 3,
          style: LabelStyle.FILL_AND_OUTLINE,
          horizontalOrigin: HorizontalOrigin.CENTER,
          verticalOrigin: VerticalOrigin.BOTTOM,
          pixelOffset: new Cartesian2(0, -4),
          // labels thin out as the camera rises, so a province view is not a word cloud
          translucencyByDistance: new NearFarScalar(this.labelFar / 6, 1.0, this.labelFar, 0.0),
        })
      }
    }
    this.scene.requestRender()
  }

  /** Removes the layer from its scene. */
  destroy(): void {
    this.scene.primitives.remove(this.lines)
    this.scene.primitives.remove(this.labels)
  }
}
