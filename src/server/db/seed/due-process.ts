/**
 * The demo of due process (issue 28): one county's past year re-appraised and put to 公示 today by
 * 经信科 (econ), and the enterprise account `ent` of one of its C-class enterprises, so that the
 * enterprise can read its result and file its own 异议 from the first start, and 经信科长 (econlead)
 * publishes once the window has ended.
 */
import { todayInProductZone } from '../../../domain/today'
import { windowEnd } from '../../../domain/work-calendar'
import { calendarMarks, dueProcessSettings } from '../../common/work-calendar'
import { recordStep } from '../../common/proceeding'
import { runBatch } from '../../modules/appraisal/run'
import { credentialsFor } from '../../auth/password'
import type { Db } from '../engine'

/** The county of the demo 公示 (上城区, where the county accounts work), when it has C-class enterprises. */
export const DEMO_PUBLICITY_COUNTY = '330102'

/** The enterprise account of the demo. */
export const ENTERPRISE_ACCOUNT = { username: 'ent', password: 'Ent@2026', role: '企业', grants: ['/company/appraise'] }

/** Opens the demo 公示 and creates `ent`; nothing when the county has no published batch of the past year. */
export async function seedDueProcess(db: Db): Promise<void> {
  const today = todayInProductZone()
  await db.transaction(async (tx) => {
    // 上城区's latest published year, else (a small demo) the county with the most C-class enterprises in its latest year
    const pub = await tx.query<{ county: string; year: number; version: number }>(
      `SELECT b.county_code AS county, b.year::int AS year, b.version FROM appraisal_batch b
       WHERE b.state = '发布' AND b.year = (SELECT max(year) FROM appraisal_batch WHERE state = '发布')
       ORDER BY (b.county_code = $1 AND EXISTS (SELECT 1 FROM appraisal_result x WHERE x.batch_id = b.id AND x.class = 'C')) DESC,
                (SELECT count(*) FROM appraisal_result x WHERE x.batch_id = b.id AND x.class = 'C') DESC, b.county_code
       LIMIT 1`,
      [DEMO_PUBLICITY_COUNTY],
    )
    const econ = await tx.query<{ id: number; real_name: string }>(`SELECT id, real_name FROM app_user WHERE username = 'econ'`)
    if (!pub.rows[0] || !econ.rows[0]) return
    const { county, year, version } = pub.rows[0]
    const actor = { id: econ.rows[0].id, realName: econ.rows[0].real_name }
    const reason = '税务部门更正部分企业年度实缴税金后重新评价'
    const b = await tx.query<{ id: number }>(
      `INSERT INTO appraisal_batch (county_code, year, version, state, reason, models) VALUES ($1, $2, $3, '试算', $4, '[]') RETURNING id`,
      [county, year, version + 1, reason],
    )
    const id = b.rows[0].id
    await runBatch(tx, { id, countyCode: county, year }, actor.realName)
    await recordStep(tx, actor, { subject: 'appraisal_batch', subjectId: id, action: '试算', to: '试算', note: reason })
    const { publicityDays } = await dueProcessSettings(tx)
    const end = windowEnd(today, publicityDays, await calendarMarks(tx, today, `${Number(today.slice(0, 4)) + 1}-12-31`))
    await tx.query(
      `UPDATE appraisal_batch SET state = '公示', run_by = $2, run_user_id = $3, publicity_start = $4, publicity_end = $5,
         publicity_by = $2, publicity_user_id = $3 WHERE id = $1`,
      [id, actor.realName, actor.id, today, end],
    )
    await recordStep(tx, actor, {
      subject: 'appraisal_batch',
      subjectId: id,
      action: '公示',
      from: '试算',
      to: '公示',
      note: `公示期 ${today} 至 ${end}`,
    })
    // a C-class enterprise of the batch, the one nearest to B: the kind that objects
    const e = await tx.query<{ id: number; name: string }>(
      `SELECT e.id, e.name FROM appraisal_result x JOIN enterprise e ON e.id = x.enterprise_id
       WHERE x.batch_id = $1 AND x.class = 'C' ORDER BY x.rank, e.id LIMIT 1`,
      [id],
    )
    if (!e.rows[0]) return
    const role = await tx.query<{ id: number }>(
      `INSERT INTO role(name, code, remark) VALUES ($1, 'ENTERPRISE', '企业账号（初始化）') ON CONFLICT (name) DO UPDATE SET code = EXCLUDED.code RETURNING id`,
      [ENTERPRISE_ACCOUNT.role],
    )
    await tx.query(
      `INSERT INTO role_menu(role_id, menu_id) SELECT $1, id FROM menu WHERE menu_route = ANY($2::text[]) ON CONFLICT DO NOTHING`,
      [role.rows[0].id, ENTERPRISE_ACCOUNT.grants],
    )
    const { salt, passwordHash } = await credentialsFor(ENTERPRISE_ACCOUNT.password)
    const u = await tx.query<{ id: number }>(
      `INSERT INTO app_user(username, real_name, salt, password_hash, region_code, user_type, enterprise_id, must_change_password, remark)
       VALUES ($1, $2, $3, $4, $5, 'company', $6, false, $7) RETURNING id`,
      [ENTERPRISE_ACCOUNT.username, `${e.rows[0].name}联系人`, salt, passwordHash, county, e.rows[0].id, '企业账号（演示）'],
    )
    await tx.query('INSERT INTO password_history(user_id, salt, password_hash) VALUES ($1, $2, $3)', [u.rows[0].id, salt, passwordHash])
    await tx.query('INSERT INTO user_role(user_id, role_id) VALUES ($1, $2)', [u.rows[0].id, role.rows[0].id])
  })
}
