/**
 * Committing a checked batch (提交): every row that is not excluded becomes one dc_submission
 * waiting for audit, in ONE transaction with the batch's move to 已提交 — all or nothing (the
 * contract with the audit, migration 0060): state 待审核, action create, or update with the
 * master record's id and its current values as `before` — the very snapshot a form proposal
 * stores, so the approval's 409 check compares like with like; payload = the
 * checked record with its shape as GeoJSON (EPSG:4326) — for an update only the values the file
 * gives; the standard version; the record's
 * divisions for scope; batch id and row number; who made it.
 */
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { AppError, conflict } from '../../http/errors'
import { snapshotJsonSql } from '../datacenter/record-repo'
import type { Lookups } from './lookups'
import type { BatchRecord } from './repo'

/** The row filter of the scope on a row's divisions (rows outside were flagged by the check; this re-proves it). */
function outsideScope(scope: DataScope): { sql: string; param: string | null } {
  if (scope.kind === 'all') return { sql: 'FALSE', param: null }
  if (scope.kind === 'none') return { sql: 'TRUE', param: null }
  const col = { province: 'province_code', city: 'city_code', county: 'county_code', town: 'town_code' }[scope.level]
  if (col === 'town_code') return { sql: 'TRUE', param: null }
  if (scope.level === 'province') return { sql: `(r.${col} IS NOT NULL AND r.${col} <> $2::varchar)`, param: scope.code }
  return { sql: `(r.${col} IS DISTINCT FROM $2::varchar)`, param: scope.code }
}

/**
 * The payload of a row. A new record carries every field (its shape as GeoJSON). An update carries
 * only what the file gives: an empty cell or a column the file lacks keeps the master's value, and
 * a row without a shape keeps the master's shape — an import never blanks what someone saved.
 */
function proposalSql(geomField: string | undefined): string {
  const full = geomField ? `jsonb_set(r.record, '{${geomField}}', coalesce(ST_AsGeoJSON(r.geom)::jsonb, 'null'::jsonb))` : 'r.record'
  const given = geomField
    ? `jsonb_strip_nulls(r.record) || CASE WHEN r.geom IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('${geomField}', ST_AsGeoJSON(r.geom)::jsonb) END`
    : 'jsonb_strip_nulls(r.record)'
  return `CASE WHEN r.action = 'update' THEN ${given} ELSE ${full} END`
}

/** Commits the batch; returns how many submissions were made. */
export async function commitBatch(db: Db, batch: BatchRecord, lookups: Lookups, scope: DataScope, userId: number): Promise<number> {
  const kind = batch.kind
  const geom = lookups.standard.fields.find((f) => f.type === 'geometry')
  const key = kind === 'parcel' ? 'land_code' : 'credit_code'
  return db.transaction(async (tx) => {
    // the batch row is locked for the whole commit: a second commit or a fix waits, then finds it 已提交
    const state = await tx.query<{ status: string }>('SELECT status FROM dc_import_batch WHERE id = $1 FOR UPDATE', [batch.id])
    if (state.rows[0]?.status !== '已检查')
      throw new AppError(422, `批次状态为「${state.rows[0]?.status ?? '不存在'}」，只有「已检查」的批次可以提交`)
    const counts = (
      await tx.query<{ errors: number; unchecked: number; included: number }>(
        `SELECT count(*) FILTER (WHERE level = '错误')::int AS errors, count(*) FILTER (WHERE level = '')::int AS unchecked, count(*)::int AS included
         FROM dc_import_row WHERE batch_id = $1 AND NOT excluded`,
        [batch.id],
      )
    ).rows[0]
    if (counts.unchecked > 0) throw new AppError(422, `还有 ${counts.unchecked} 行没有检查，请重新运行检查`)
    if (counts.errors > 0) throw new AppError(422, `还有 ${counts.errors} 行存在错误：请修正，或排除这些行后再提交`)
    if (counts.included === 0) throw new AppError(422, '没有可提交的行（全部已排除）')
    const out = outsideScope(scope)
    const outside = (
      await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM dc_import_row r WHERE r.batch_id = $1 AND NOT r.excluded AND ${out.sql}`,
        out.param === null ? [batch.id] : [batch.id, out.param],
      )
    ).rows[0].n
    if (outside > 0) throw new AppError(403, `有 ${outside} 行不在本账号的数据范围内，不能提交`)
    const pending = await tx.query<{ key: string; id: number | string }>(
      `SELECT r.record->>'${key}' AS key, s.id FROM dc_import_row r
       JOIN dc_submission s ON s.kind = $2 AND s.state = '待审核' AND s.payload->>'${key}' = r.record->>'${key}'
       WHERE r.batch_id = $1 AND NOT r.excluded LIMIT 1`,
      [batch.id, kind],
    )
    if (pending.rows[0]) throw conflict(`${pending.rows[0].key} 已有待审核的提交（#${pending.rows[0].id}），请重新检查后再提交`)
    const inserted = await tx.query(
      `INSERT INTO dc_submission(kind, action, target_id, standard_version, payload, before, state, province_code, city_code, county_code,
                                 batch_id, batch_row_no, created_by, submitted_at)
       SELECT $2, r.action, r.target_id, $3,
              ${proposalSql(geom?.name)},
              CASE WHEN r.action = 'update' THEN ${snapshotJsonSql(kind, 'r.target_id')} END,
              '待审核', r.province_code, r.city_code, r.county_code, r.batch_id, r.row_no, $4, now()
       FROM dc_import_row r WHERE r.batch_id = $1 AND NOT r.excluded ORDER BY r.row_no`,
      [batch.id, kind, lookups.standard.version, userId],
    )
    await tx.query(
      `UPDATE dc_import_batch SET status = '已提交', submitted_count = $2, submitted_at = now(), updated_at = now(), message = '' WHERE id = $1`,
      [batch.id, inserted.affectedRows],
    )
    return inserted.affectedRows
  })
}
