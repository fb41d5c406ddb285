import { defineConfig } from '@playwright/test'
import { sharedBoundariesEnv } from './tests/shared-boundaries'

/** The e2e server: a fresh embedded database per run under .tmp/, small demo data. */
const PORT = Number(process.env.E2E_PORT ?? 8181)
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Debian's Chromium as root, headless, WebGL through SwiftShader, no background network
      args: [
        '--no-sandbox',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // the reform portal host of config/config.json, for the /show rule (spec §5)
        '--host-resolver-rules=MAP portal.zj.internal 127.0.0.1',
      ],
    },
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: `node scripts/e2e-server.mjs`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: { PORT: String(PORT), DATA_DIR, SEED_PARCELS: '400', LOG_LEVEL: 'warn', SEED_BOUNDARIES: sharedBoundariesEnv() },
  },
})
