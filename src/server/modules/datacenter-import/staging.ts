/**
 * 数据采集 staging: reads a source into the batch's rows in chunks of 1 000 (one statement each,
 * so the embedded engine answers other requests in between), with progress. The batch becomes
 * usable only when the last chunk is in and its status leaves 导入中 in one statement; a failure
 * removes every row it wrote (all-or-nothing per batch). A killed process leaves a batch in 导入中
 * with whole chunks in; the process that takes the job over (jobs.ts) continues after the last row
 * in, so every row is staged exactly once.
 */
import type { Geometry } from 'geojson'
import type { SourceCrs } from '../../../domain/datacenter/import-batch'
import type { Db } from '../../db/engine'
import { JobStopped, type Reporter } from './jobs'
import { tabularShape } from './mapping'
import * as repo from './repo'
import { shapeProblem } from './source/shape-check'
import { MAX_IMPORT_ROWS, SourceError, type SourceReader, type SourceRow } from './source/types'

const CHUNK = 1000

/** The stored shape of a source row: GeoJSON text, or why there is none. */
function shapeOf(row: SourceRow, mapping: Record<string, string>, crs: SourceCrs): { geom: string | null; geom_error: string | null } {
  if (row.geometry === undefined) {
    // tabular: coordinates or WKT columns, when the mapping names them
    const t = tabularShape(mapping, { source: row.values, overrides: {}, geometry: null, geomError: null }, crs)
    return { geom: t.geometry ? JSON.stringify(t.geometry) : null, geom_error: t.error }
  }
  if (!row.geometry) return { geom: null, geom_error: null }
  const problem = shapeProblem(row.geometry as Geometry)
  return problem ? { geom: null, geom_error: problem } : { geom: JSON.stringify(row.geometry), geom_error: null }
}

/**
 * Inserts a chunk while `owner` holds the job (else stops: another process took it over); when
 * PostGIS refuses a shape the statement names, rows go one by one and the bad shape is kept as a problem.
 */
async function flush(db: Db, batchId: number, chunk: repo.NewRow[], owner: string): Promise<void> {
  let held: boolean
  try {
    held = await repo.insertRows(db, batchId, chunk, owner)
  } catch {
    held = true
    for (const row of chunk) {
      try {
        held &&= await repo.insertRows(db, batchId, [row], owner)
      } catch {
        held &&= await repo.insertRows(db, batchId, [{ ...row, geom: null, geom_error: '图形无法解析（坐标结构不正确）' }], owner)
      }
    }
  }
  if (!held) throw new JobStopped()
}

/**
 * Reads every row of the source into the batch and marks it 已上传. `after` rows are in already
 * (a job taken over): they are read past, not written again.
 */
export async function stageRows(db: Db, batch: repo.BatchRecord, reader: SourceReader, r: Reporter, after = 0): Promise<void> {
  const crs: SourceCrs = reader.crs ?? (batch.crsDeclared === 'auto' ? '4326' : (batch.crsDeclared as SourceCrs))
  let chunk: repo.NewRow[] = []
  let n = 0
  try {
    await r.progress(1, after ? `继续读取文件（已有 ${after} 行）` : '正在读取文件', true)
    for await (const row of reader.rows()) {
      n++
      if (n > MAX_IMPORT_ROWS) throw new SourceError(`数据超过单批上限 ${MAX_IMPORT_ROWS} 行，请拆分后分批导入`)
      if (n <= after) continue
      chunk.push({ row_no: n, source_line: row.line, source: row.values, ...shapeOf(row, batch.mapping, crs) })
      if (chunk.length >= CHUNK) {
        await flush(db, batch.id, chunk, r.owner)
        chunk = []
        await r.progress(Math.min(98, 2 + 96 * reader.fraction()), `已读取 ${n} 行`)
      }
    }
    if (chunk.length) await flush(db, batch.id, chunk, r.owner)
  } finally {
    await reader.close()
  }
  if (n === 0) throw new SourceError('文件中只有列名，没有数据行')
  if (r.stopping) throw new JobStopped()
  const ok = await repo.moveStatus(
    db,
    batch.id,
    ['导入中'],
    '已上传',
    { row_count: n, progress: 100, phase: '', message: '', source_crs: reader.crs, claimed_by: null },
    r.owner,
  )
  if (!ok) throw new JobStopped()
}
