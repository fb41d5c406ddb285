/**
 * The public Zhejiang boundary files kept beside the repository (../shared/data, never copied in),
 * loaded through the product's own import path by the API template and the e2e server.
 */
import fs from 'node:fs'
import path from 'node:path'

const DIR = path.resolve(process.cwd(), '../shared/data')

/** City and county outlines, GCJ-02 DataV files. */
export const SHARED_BOUNDARIES = [
  { file: path.join(DIR, 'zhejiang_cities_datav.geojson'), crs: 'gcj02' as const, level: 'city' as const },
  { file: path.join(DIR, 'zhejiang_counties_datav.geojson'), crs: 'gcj02' as const, level: 'county' as const },
]

/** The same as a SEED_BOUNDARIES value; empty when the files are not there. */
export function sharedBoundariesEnv(): string {
  return SHARED_BOUNDARIES.every((b) => fs.existsSync(b.file)) ? SHARED_BOUNDARIES.map((b) => `${b.file}:${b.crs}:${b.level}`).join(',') : ''
}
