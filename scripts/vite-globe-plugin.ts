/**
 * vite-plugin-cesium, tuned so that Cesium loads only on the 3D routes (issue 5):
 * - `rebuildCesium` bundles cesium into the lazy chunks of the globe pages instead of a global
 *   `<script src="cesium/Cesium.js">` in index.html that every route (the login page too) would load;
 * - no tags in index.html (the plugin would add widgets.css to every page; the globe imports it);
 * - no `output.intro` in every chunk: src/web/globe/cesium-base-url.ts sets CESIUM_BASE_URL itself;
 * - missing exports shimmed (resium is a little ahead of the installed Cesium).
 * The plugin still copies Assets, Workers, ThirdParty and Widgets to dist/cesium after the build
 * (served at /cesium/, docs/adr/0005-cesium-static-files.md); it only logs a failed copy, so the
 * build checks the copy itself and fails without it.
 */
import fs from 'node:fs'
import path from 'node:path'
import cesium from 'vite-plugin-cesium'
import type { Plugin, UserConfig } from 'vite'

/** vite-plugin-cesium with the globe chunk kept off the other routes. */
export function globePlugin(): Plugin {
  const base = cesium({ rebuildCesium: true }) as Plugin
  const config = base.config as (c: UserConfig, env: { command: string }) => UserConfig
  const copy = base.closeBundle as () => Promise<void>
  let outDir = 'dist'
  let building = false
  return {
    ...base,
    config(c, env) {
      building = env.command === 'build'
      outDir = path.resolve(c.root ?? '.', c.build?.outDir ?? 'dist')
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
    async closeBundle() {
      await copy.call(this)
      if (!building) return
      const missing = [
        'Assets/Textures/NaturalEarthII/tilemapresource.xml',
        'Workers/createPolygonGeometry.js',
        'Widgets/widgets.css',
      ].filter((f) => !fs.existsSync(path.join(outDir, 'cesium', f)))
      if (missing.length) throw new Error(`Cesium 静态文件未复制到 ${outDir}/cesium：缺少 ${missing.join('、')}`)
    },
    transformIndexHtml: undefined,
  }
}
