import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { globePlugin } from './scripts/vite-globe-plugin'

// The web app is served by the API server from dist/ on one origin; in development Vite
// proxies /api and /config.json to it.
export default defineConfig({
  plugins: [react(), globePlugin()],
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
