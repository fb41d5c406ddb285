/** Shared by the global setup and the per-file harness. */
/** Small demo data for API tests: enough to query, quick to copy. */
export const TEST_PARCELS = 300
