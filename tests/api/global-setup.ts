/**
 * Builds one template database per run (a fresh PGlite + PostGIS takes ~10 s to create) that each
 * test file copies: a gzipped PGlite dump, or a PostgreSQL TEMPLATE database when
 * TEST_DATABASE_URL is set (the API suite runs on both engines, ARCHITECTURE "Testing layers").
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { openPgliteMemory, openPostgres } from '../../src/server/db/engine'
import { migrate } from '../../src/server/db/migrate'
import { bootstrap } from '../../src/server/db/seed/bootstrap'
import { TEST_PARCELS } from './engine-target'
import { COUNTY_OUTLINES } from '../fixtures/boundaries/county-outlines'

declare module 'vitest' {
  export interface ProvidedContext {
    engine: 'pglite' | 'postgres'
    /** pglite: path of the gzipped dump; postgres: the server URL (any database) */
    template: string
    /** postgres: the template database of this run (unique, so checkouts can share a server) */
    templateDb: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const TEMPLATE_DB = `ilp_tpl_${process.pid}`
    const admin = await openPostgres(url)
    await admin.exec(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
    await admin.exec(`CREATE DATABASE ${TEMPLATE_DB}`)
    const db = await openPostgres(withDatabase(url, TEMPLATE_DB))
    await migrate(db)
    await bootstrap(db, { demo: true, parcels: TEST_PARCELS, boundaries: COUNTY_OUTLINES })
    await db.close()
    await admin.close()
    project.provide('engine', 'postgres')
    project.provide('template', url)
    project.provide('templateDb', TEMPLATE_DB)
    return async () => {
      const cleanup = await openPostgres(url)
      await cleanup.exec(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`)
      await cleanup.close()
    }
  }
  const db = await openPgliteMemory()
  await migrate(db)
  await bootstrap(db, { demo: true, parcels: TEST_PARCELS, boundaries: COUNTY_OUTLINES })
  const blob = await (db.dump as () => Promise<Blob>)()
  await db.close()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ilp-api-'))
  const file = path.join(dir, 'template.tar.gz')
  fs.writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
  project.provide('engine', 'pglite')
  project.provide('template', file)
  project.provide('templateDb', '')
  return async () => fs.rmSync(dir, { recursive: true, force: true })
}

/** The same server URL with another database name. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url)
  u.pathname = `/${name}`
  return u.toString()
}
