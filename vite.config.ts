import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { globePlugin } from './scripts/vite-globe-plugin'

// The web app is served by the API server from dist/ on one origin; in development Vite
// proxies /api and /config.json to it.
export default defineConfig({
  plugins: [react(), globePlugin()],
  resolve: {
    alias: [
      // one L7 on the map routes: @antv/l7-draw's package.json sends browsers to a UMD build with
      // its own copy of L7; its ES build imports '@antv/l7', served from the engine's L7 packages
      { find: /^@antv\/l7-draw$/, replacement: fileURLToPath(new URL('node_modules/@antv/l7-draw/es/index.js', import.meta.url)) },
      { find: /^@antv\/l7$/, replacement: fileURLToPath(new URL('src/web/map/engine/l7-for-draw.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/config.json': 'http://127.0.0.1:8080',
    },
  },
})
