/**
 * The Cesium viewer behind the thin Resium host (docs/conventions.md "Engines behind thin
 * hosts"): imagery set up once, camera moves, picking, export, and the layers features draw on.
 * Features talk to it only through plain data (globe-types.ts).
 */
import './cesium-base-url'
import {
  BoundingSphere,
  Cartesian2,
  HeadingPitchRange,
  JulianDate,
  Math as CesiumMath,
  Rectangle,
  ScreenSpaceEventHandler,
  ScreenSpaceEventType,
  type Viewer,
} from 'cesium'
import { addImagery, setTerrain } from './imagery'
import type { GlobeSources } from './globe-sources'
import { OutlineLayer } from './outline-layer'
import { parcelIdOfPick, ParcelLayer } from './parcel-layer'
import { PointLayer } from './point-layer'
import type { Bbox, CameraView } from './globe-types'

/** What the engine reports to its host. */
export interface GlobeEvents {
  onNotice?: (message: string) => void
  onParcelClick?: (id: number | null) => void
  onParcelHover?: (id: number | null) => void
  /** the clock's date (YYYY-MM-DD) whenever it moves to another day */
  onTimeChange?: (isoDate: string) => void
  /** after the camera stops: the visible box and the camera height */
  onViewChange?: (view: { bbox: Bbox; height: number }) => void
}

/** The globe's engine around one viewer. */
export class GlobeEngine {
  readonly parcels: ParcelLayer
  readonly regions: OutlineLayer
  readonly zones: OutlineLayer
  readonly points: PointLayer
  private readonly handler: ScreenSpaceEventHandler
  private readonly removeMoveEnd: () => void
  private events: GlobeEvents = {}

  constructor(
    readonly viewer: Viewer,
    opts: { sources: GlobeSources; home: Bbox },
  ) {
    this.home = opts.home
    const scene = viewer.scene
    // an idle globe (a video wall) renders nothing until something changes (issue 5)
    scene.requestRenderMode = true
    scene.maximumRenderTimeChange = Infinity
    scene.globe.depthTestAgainstTerrain = false
    scene.screenSpaceCameraController.minimumZoomDistance = 50
    addImagery(viewer, opts.sources.imagery, (m) => this.notice(m))
    setTerrain(viewer, opts.sources.terrain, (m) => this.notice(m))
    this.regions = new OutlineLayer(scene, 30, 6.0e6)
    this.zones = new OutlineLayer(scene, 3, 6.0e4)
    this.parcels = new ParcelLayer(scene)
    this.points = new PointLayer(scene)
    this.handler = new ScreenSpaceEventHandler(scene.canvas)
    this.handler.setInputAction((e: { position: Cartesian2 }) => {
      this.events.onParcelClick?.(parcelIdOfPick(scene.pick(e.position)))
    }, ScreenSpaceEventType.LEFT_CLICK)
    this.handler.setInputAction((e: { endPosition: Cartesian2 }) => {
      const id = parcelIdOfPick(scene.pick(e.endPosition))
      this.parcels.highlight(id)
      this.events.onParcelHover?.(id)
    }, ScreenSpaceEventType.MOUSE_MOVE)
    const offMove = viewer.camera.moveEnd.addEventListener(() => this.reportView())
    const offTick = viewer.clock.onTick.addEventListener(() => this.reportTime(false))
    this.removeMoveEnd = () => {
      offMove()
      offTick()
    }
    this.goHome(0)
  }

  private readonly home: Bbox

  /** Replaces the event callbacks (the host pushes fresh ones on each render). */
  setEvents(events: GlobeEvents): void {
    const first = !this.eventsSet
    this.events = events
    this.eventsSet = true
    // the home view was set before anyone listened: report it once, so the first load happens
    if (first) this.reportView()
    // a source may fail before anyone listened (a terrain service refusing at once): say it now
    if (events.onNotice) for (const m of this.heldNotices.splice(0)) events.onNotice(m)
  }

  private eventsSet = false

  /** Notices raised before the host listened, kept until it does. */
  private readonly heldNotices: string[] = []

  /** Passes a notice to the host, or holds it until the host listens. */
  private notice(message: string): void {
    if (this.events.onNotice) this.events.onNotice(message)
    else this.heldNotices.push(message)
  }

  /** Flies to the configured home view (Zhejiang). */
  goHome(duration = 1.5): void {
    this.flyTo(this.home, duration)
  }

  /**
   * Flies the camera to show a lon/lat box: straight down for regions, tilted 45° for a few
   * blocks or less, so that a leader sees the parcels' heights.
   */
  flyTo(bbox: Bbox, duration = 1.5): void {
    const rect = Rectangle.fromDegrees(...bbox)
    const span = Math.max(bbox[2] - bbox[0], bbox[3] - bbox[1])
    if (span < 0.1) {
      const sphere = BoundingSphere.fromRectangle3D(rect)
      const offset = new HeadingPitchRange(0, CesiumMath.toRadians(-45), Math.max(sphere.radius * 3, 600))
      this.viewer.camera.flyToBoundingSphere(sphere, { offset, duration })
    } else if (duration === 0) this.viewer.camera.setView({ destination: rect })
    else this.viewer.camera.flyTo({ destination: rect, duration })
    this.viewer.scene.requestRender()
  }

  /** Where the camera is now. */
  camera(): CameraView {
    const c = this.viewer.camera.positionCartographic
    return { lng: CesiumMath.toDegrees(c.longitude), lat: CesiumMath.toDegrees(c.latitude), height: c.height }
  }

  /** The visible lon/lat box (the home box when the view sees space). */
  viewBbox(): Bbox {
    const r = this.viewer.camera.computeViewRectangle()
    if (!r) return this.home
    return [CesiumMath.toDegrees(r.west), CesiumMath.toDegrees(r.south), CesiumMath.toDegrees(r.east), CesiumMath.toDegrees(r.north)]
  }

  /** Sets the Cesium clock (the lifecycle replay reads it back through onTimeChange). */
  setTime(isoDate: string): void {
    this.viewer.clock.currentTime = JulianDate.fromIso8601(isoDate)
    this.reportTime(true)
  }

  /** Plays the clock forward at `daysPerSecond`; 0 pauses. */
  play(daysPerSecond: number): void {
    this.viewer.clock.multiplier = daysPerSecond * 86400
    this.viewer.clock.shouldAnimate = daysPerSecond > 0
  }

  /** The current view as a PNG data url (the canvas keeps its drawing buffer for this). */
  exportPng(): string {
    this.viewer.scene.render()
    return this.viewer.scene.canvas.toDataURL('image/png')
  }

  /** Client (viewport) position of a parcel's roof centre, or null off screen (e2e clicks it). */
  screenPositionOf(id: number): { x: number; y: number } | null {
    const p = this.parcels.screenPositionOf(id)
    if (!p) return null
    const rect = this.viewer.scene.canvas.getBoundingClientRect()
    return { x: rect.left + p.x, y: rect.top + p.y }
  }

  /**
   * The benchmark's comparison paths (one Entity each, one Primitive of instances), in a chunk of
   * their own that only tests/bench loads.
   */
  referencePaths(): Promise<typeof import('./reference-paths')> {
    return import('./reference-paths')
  }

  /** Releases handlers and layers (the viewer itself belongs to Resium). */
  destroy(): void {
    this.removeMoveEnd()
    this.handler.destroy()
    if (this.viewer.isDestroyed()) return
    this.parcels.clear()
    this.regions.destroy()
    this.zones.destroy()
    this.points.destroy()
  }

  private lastDay = ''

  private reportTime(force: boolean): void {
    const day = JulianDate.toIso8601(this.viewer.clock.currentTime).slice(0, 10)
    if (!force && day === this.lastDay) return
    this.lastDay = day
    this.events.onTimeChange?.(day)
    this.viewer.scene.requestRender()
  }

  private reportView(): void {
    this.events.onViewChange?.({ bbox: this.viewBbox(), height: this.camera().height })
  }
}
