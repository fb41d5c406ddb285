/**
 * Where Cesium finds its Workers, Assets and Widgets: /cesium/, served from dist/cesium, which the
 * build fills (scripts/vite-globe-plugin.ts; docs/adr/0005-cesium-static-files.md). Imported before
 * cesium by every globe module, because Cesium reads the global the first time it builds a module url.
 */
declare global {
  interface Window {
    CESIUM_BASE_URL?: string
  }
}

/** The url prefix of Cesium's static assets (build output, never committed). */
export const CESIUM_BASE = '/cesium/'

if (typeof window !== 'undefined' && !window.CESIUM_BASE_URL) window.CESIUM_BASE_URL = CESIUM_BASE
