import { DEFAULT_STANDARD, RECORD_KINDS } from '../../../domain/datacenter/standard'
import type { Db } from '../engine'

/**
 * Gives every record kind its version 1 data standard when it has none yet (any database, demo or
 * not: the data centre's checks cannot run without one). Later versions are made in 数据标准 and
 * are never overwritten here.
 */
export async function seedStandards(db: Db): Promise<void> {
  for (const kind of RECORD_KINDS) {
    await db.query(
      `INSERT INTO dc_standard(kind, version, fields, remark)
       SELECT $1::varchar, 1, $2::jsonb, '初始版本'
       WHERE NOT EXISTS (SELECT 1 FROM dc_standard WHERE kind = $1::varchar)`,
      [kind, JSON.stringify(DEFAULT_STANDARD[kind])],
    )
  }
}
