/**
 * The two products the e2e run starts, both exactly as `npm start` does
 * (docs/architecture.md "Testing layers"):
 * - the default start: city and province outlines shipped in the repository, no county outlines;
 * - the same after a deployment imported county outlines with `npm run import:boundaries`
 *   (the county fixture made in the repository).
 */
export const DEFAULT_PORT = Number(process.env.E2E_PORT ?? 8181)
export const COUNTIES_PORT = DEFAULT_PORT + 1

/** Base URL of the default start (the one every spec uses unless it says otherwise). */
export const DEFAULT_URL = `http://127.0.0.1:${DEFAULT_PORT}`

/** Base URL of the start with county outlines imported: `test.use({ baseURL: COUNTIES_URL })`. */
export const COUNTIES_URL = `http://127.0.0.1:${COUNTIES_PORT}`

/** The county outlines the second start imports (made by tests/fixtures/make/make-county-outlines.ts). */
export const COUNTY_FIXTURE = 'tests/fixtures/boundaries/zhejiang-counties-fixture.geojson'
