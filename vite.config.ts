import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { globePlugin } from './scripts/vite-globe-plugin'

/** The ES entry of the stylis that styled-components resolves (it pins one version). */
const STYLIS = path.join(
  path.dirname(createRequire(createRequire(import.meta.url).resolve('styled-components/package.json')).resolve('stylis/package.json')),
  'index.js',
)

// The web app is served by the API server from dist/ on one origin; in development Vite
// proxies /api and /config.json to it.
export default defineConfig({
  plugins: [react(), globePlugin()],
  resolve: {
    alias: [
      // one L7 on the map routes: @antv/l7-draw's package.json sends browsers to a UMD build with
      // its own copy of L7; its ES build imports '@antv/l7', served from the engine's L7 packages
      { find: /^@antv\/l7-draw$/, replacement: fileURLToPath(new URL('node_modules/@antv/l7-draw/es/index.js', import.meta.url)) },
      // one stylis for styled-components and antd's cssinjs, else every route (sign-in too, issue 19)
      // ships two: the copy styled-components pins, which is inside the range cssinjs asks for
      { find: /^stylis$/, replacement: STYLIS },
      { find: /^@antv\/l7$/, replacement: fileURLToPath(new URL('src/web/map/engine/l7-for-draw.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rollupOptions: {
      treeshake: {
        // antd declares its modules free of side effects; its @rc-component packages are written
        // the same way but do not say so, so a module of theirs that nothing uses would still ship
        // (antd's inputs pull in the whole of rc-form through one context file: issue 19)
        moduleSideEffects: (id: string) => !/[\\/]node_modules[\\/]@rc-component[\\/]/.test(id),
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/config.json': 'http://127.0.0.1:8080',
    },
  },
})
