/**
 * 评价标准 changes (issue 28): norm values are saved as a change set 待审定 with the values they
 * replace, and applied by another account's 审定 (approval.ts).
 */
import type { NormChangeItem } from '../../../domain/contracts/appraisal'
import type { AuthUser } from '../../auth/session'
import type { Db } from '../../db/engine'
import { recordStep } from '../../common/proceeding'

/** A norm value to propose. */
export interface NormValue {
  division: string
  indicator: string
  value: number
}

/**
 * Saves norm values of one county and year as a change set 待审定 (with the values they replace);
 * answers its id. Runs inside the caller's transaction when there is one.
 */
export async function proposeNorms(
  db: Db,
  actor: AuthUser,
  f: { countyCode: string; year: number; rows: NormValue[]; note: string },
): Promise<number> {
  return db.transaction(async (tx) => {
    const old = await tx.query<{ division: string; indicator: string; value: number }>(
      'SELECT division, indicator, value::float8 AS value FROM appraisal_norm WHERE county_code = $1 AND year = $2',
      [f.countyCode, f.year],
    )
    const before = new Map(old.rows.map((r) => [`${r.division}|${r.indicator}`, r.value]))
    const items: NormChangeItem[] = f.rows.map((r) => ({
      division: r.division,
      indicator: r.indicator,
      old: before.get(`${r.division}|${r.indicator}`) ?? null,
      new: r.value,
    }))
    const c = await tx.query<{ id: number }>(
      `INSERT INTO appraisal_norm_change (county_code, year, items, note, created_by, created_user_id) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [f.countyCode, f.year, JSON.stringify(items), f.note.slice(0, 200), actor.realName, actor.id],
    )
    const id = c.rows[0].id
    await recordStep(tx, actor, { subject: 'appraisal_norm', subjectId: id, action: '提交审定', to: '待审定', note: f.note })
    return id
  })
}
