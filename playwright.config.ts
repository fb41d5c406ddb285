import { defineConfig } from '@playwright/test'
import { COUNTIES_PORT, COUNTY_FIXTURE, DEFAULT_PORT, DEFAULT_URL } from './tests/e2e/servers'

/**
 * Two products started as `npm start` does, each on a fresh embedded database under .tmp/ with
 * small demo data: the default start (shipped city outlines), and one whose county outlines were
 * imported first (tests/e2e/servers.ts). Nothing outside the repository is read.
 */
const DATA_DIR = process.env.E2E_DATA_DIR ?? `.tmp/e2e-data-${process.pid}`
const server = (port: number, dataDir: string, extra: Record<string, string> = {}) => ({
  command: `node scripts/e2e-server.mjs`,
  url: `http://127.0.0.1:${port}/api/health`,
  timeout: 300_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  env: { PORT: String(port), DATA_DIR: dataDir, SEED_PARCELS: '400', LOG_LEVEL: 'warn', ...extra },
})

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  timeout: 60_000,
  // a passing assertion returns as soon as it holds; the long wait is for a loaded 2-core CI machine,
  // where the app's answer and the browser's software WebGL share the cores (two toasts came after 15 s)
  expect: { timeout: 30_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: DEFAULT_URL,
    locale: 'zh-CN',
    // the browser of a user in China: its local date is the product's date (domain/today.ts), also
    // between 00:00 and 08:00 there, when the machine's UTC date is a day behind
    timezoneId: 'Asia/Shanghai',
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
  // TEST_CLOCK: the due-process specs live through a 公示期 by moving the product's calendar (issue 28)
  webServer: [
    server(DEFAULT_PORT, DATA_DIR, { TEST_CLOCK: '1' }),
    server(COUNTIES_PORT, `${DATA_DIR}-counties`, { E2E_IMPORT_COUNTIES: COUNTY_FIXTURE }),
  ],
})
