/**
 * Where Cesium finds its Workers, Assets and Widgets: dist/cesium, copied there by the build
 * (scripts/vite-globe-plugin.ts). Imported before cesium by every globe module, because Cesium
 * reads the global the first time it builds a module url.
 */
declare global {
  interface Window {
    CESIUM_BASE_URL?: string
  }
}

/** The url prefix of Cesium's static assets (never committed: public/cesium is ignored). */
export const CESIUM_BASE = '/cesium/'

if (typeof window !== 'undefined' && !window.CESIUM_BASE_URL) window.CESIUM_BASE_URL = CESIUM_BASE
