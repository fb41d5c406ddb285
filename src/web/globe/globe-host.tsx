/**
 * The thin Resium host (docs/conventions.md "Engines behind thin hosts"): one `<Viewer>` with every
 * widget off and no ion imagery, the engine created once from `ref.cesiumElement`, children
 * rendered only once the engine exists. WebGL missing → a Chinese notice with a link to 2D.
 */
import './cesium-base-url'
import 'cesium/Build/Cesium/Widgets/widgets.css'
import { createContext, useContext, useEffect, useRef, useState, type ReactNode } from 'react'
import { Viewer, type CesiumComponentRef } from 'resium'
import type { Viewer as CesiumViewer } from 'cesium'
import { GlobeEngine, type GlobeEvents } from './globe-engine'
import { hasWebGl } from '../core/webgl-support'
import type { Bbox } from './globe-types'
import type { GlobeSources } from './globe-sources'

const GlobeContext = createContext<GlobeEngine | null>(null)

// Module-level constants: Resium re-creates the whole viewer when a read-only prop changes
// identity, so these must never be fresh objects on render. The drawing buffer is kept for PNG export.
const CONTEXT_OPTIONS = { webgl: { preserveDrawingBuffer: true } }
const VIEWER_STYLE = { position: 'absolute', inset: 0 } as const

/** The engine of the surrounding {@link GlobeHost}; throws outside one. */
export function useGlobe(): GlobeEngine {
  const engine = useContext(GlobeContext)
  if (!engine) throw new Error('useGlobe() outside <GlobeHost>')
  return engine
}

/** Props of {@link GlobeHost}. */
export interface GlobeHostProps extends GlobeEvents {
  /** imagery and terrain (globeSourcesOf the runtime config); read once, when the viewer is created */
  sources: GlobeSources
  home: Bbox
  /** where the "2D map" link of the WebGL notice goes; null: the user has no 2D map */
  mapHref: string | null
  children?: ReactNode
}

declare global {
  interface Window {
    /** e2e hook: the live engine (read-only use by tests). */
    __globe?: GlobeEngine
  }
}

/** Hosts the globe; renders `children` inside the engine's context once it exists. */
export function GlobeHost({ sources, home, mapHref, children, ...events }: GlobeHostProps) {
  const [webgl] = useState(() => hasWebGl())
  const ref = useRef<CesiumComponentRef<CesiumViewer>>(null)
  const [engine, setEngine] = useState<GlobeEngine | null>(null)
  // created once per mount: the viewer and its imagery are never re-created on render
  const [first] = useState({ sources, home })

  useEffect(() => {
    if (!webgl) return
    let created: GlobeEngine | null = null
    let frame = 0
    // Resium creates the Cesium viewer in its own effect; wait for it rather than assume an order
    const attach = () => {
      const viewer = ref.current?.cesiumElement
      if (!viewer) {
        frame = requestAnimationFrame(attach)
        return
      }
      created = new GlobeEngine(viewer, first)
      window.__globe = created
      setEngine(created)
    }
    attach()
    return () => {
      cancelAnimationFrame(frame)
      created?.destroy()
      if (window.__globe === created) delete window.__globe
    }
  }, [webgl, first])

  useEffect(() => {
    engine?.setEvents(events)
  })

  if (!webgl) {
    return (
      // light text: the globe pages sit on a dark night-blue ground
      <div data-testid="globe-no-webgl" style={{ padding: 48, textAlign: 'center', color: '#d0d7e2', fontSize: 15 }}>
        <h3 style={{ color: '#ffffff' }}>当前浏览器无法显示三维地图</h3>
        <p>三维地图需要浏览器支持 WebGL。请使用新版 Chrome、Edge 或 360 极速模式，并开启显卡硬件加速。</p>
        {mapHref ? (
          <a href={mapHref} data-testid="globe-no-webgl-map-link" style={{ color: '#69b1ff', fontSize: 16 }}>
            改用二维地图
          </a>
        ) : (
          <p>您的账号未开通二维地图，如需查看请联系管理员。</p>
        )}
      </div>
    )
  }
  return (
    <div data-testid="globe-host" data-ready={engine ? 'true' : 'false'} style={{ position: 'relative', width: '100%', height: '100%' }}>
      <Viewer
        ref={ref}
        style={VIEWER_STYLE}
        baseLayer={false}
        animation={false}
        timeline={false}
        baseLayerPicker={false}
        geocoder={false}
        homeButton={false}
        sceneModePicker={false}
        navigationHelpButton={false}
        fullscreenButton={false}
        infoBox={false}
        selectionIndicator={false}
        requestRenderMode
        maximumRenderTimeChange={Infinity}
        contextOptions={CONTEXT_OPTIONS}
      />
      {engine && <GlobeContext.Provider value={engine}>{children}</GlobeContext.Provider>}
    </div>
  )
}
