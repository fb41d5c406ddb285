/**
 * vite-plugin-cesium, tuned so that Cesium loads only on the 3D routes (issue 5):
 * - `rebuildCesium` bundles cesium into the lazy chunks of the globe pages instead of a global
 *   `<script src="cesium/Cesium.js">` in index.html that every route (the login page too) would load;
 * - no tags in index.html (the plugin would add widgets.css to every page; the globe imports it);
 * - no `output.intro` in every chunk: src/web/globe/cesium-base-url.ts sets CESIUM_BASE_URL itself;
 * - missing exports shimmed (resium is a little ahead of the installed Cesium).
 * The plugin still copies Assets, Workers, ThirdParty and Widgets to dist/cesium after the build.
 */
import cesium from 'vite-plugin-cesium'
import type { Plugin, UserConfig } from 'vite'

/** vite-plugin-cesium with the globe chunk kept off the other routes. */
export function globePlugin(): Plugin {
  const base = cesium({ rebuildCesium: true }) as Plugin
  const config = base.config as (c: UserConfig, env: { command: string }) => UserConfig
  return {
    ...base,
    config(c, env) {
      const out = config.call(this, c, env) ?? {}
      // keep the plugin's asset settings, drop the intro that would touch every chunk;
      // resium 1.26 names a few classes of a newer Cesium (GeoJsonPrimitive, MVTDataProvider …)
      // for components the globe does not use: shim those imports instead of failing the build
      if (out.build) {
        out.build.rollupOptions = {
          shimMissingExports: true,
          // this replaces the project's own onwarn, so the notices it drops are listed here: the
          // shims above, and the "use client" directives of antd/react-router that a client-only
          // bundle ignores by design
          onwarn(warning, warn) {
            if (warning.code !== 'SHIMMED_EXPORT' && warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
          },
        }
      }
      // the manifest lets a test prove which chunks each route loads (tests/e2e/globe-chunks.spec.ts)
      if (out.build) out.build.manifest = true
      return out
    },
    transformIndexHtml: undefined,
  }
}
