/**
 * 闲置土地 demo cases (docs/domain.md "Demo data"): every idle parcel with an agreed start date gets a
 * case, judged by the same rule as a clerk's 立案 (domain/idle-land judgeIdle), and the cases are
 * spread over the procedure — 立案 only, 调查通知书, 认定书, 处置方案, 处置决定书 with part of the
 * 土地闲置费 paid, and fees paid in full and closed — so /system/stock has every step on the first
 * start. Dates stay on or before the demo's last day (the last figure year's 31 December).
 */
import type { Db } from '../engine'
import { addYears, idleFee, judgeIdle, methodProblem } from '../../../domain/idle-land'

/** Writes the cases; returns how many. */
export async function seedIdleLand(db: Db, lastYear = 2025): Promise<number> {
  const ref = `${lastYear}-12-31`
  return db.transaction(async (tx) => {
    const actor = (await tx.query<{ id: number }>(`SELECT id FROM app_user ORDER BY (username = 'land') DESC, id LIMIT 1`)).rows[0]?.id
    if (!actor) return 0
    const parcels = await tx.query<{
      id: number
      area_m2: number
      agreed: string
      price: number | null
      county: string | null
    }>(
      `SELECT p.id, p.area_m2, to_char(p.agreed_start_date, 'YYYY-MM-DD') AS agreed, p.supply_price AS price, c.name AS county
       FROM parcel p LEFT JOIN region c ON c.code = p.county_code
       WHERE NOT p.deleted AND p.status = '闲置' AND p.actual_start_date IS NULL AND p.agreed_start_date IS NOT NULL
         AND p.agreed_start_date + interval '1 year' <= $1::date
       ORDER BY p.id`,
      [ref],
    )
    let n = 0
    for (const [i, p] of parcels.rows.entries()) {
      // opened one year and 10–70 days after the agreed start, or on the last day when that is later
      const opened = minDate(addDays(addYears(p.agreed, 1), 10 + (p.id % 60)), ref)
      const judged = judgeIdle({ areaM2: p.area_m2, agreedStartDate: p.agreed, actualStartDate: null }, opened)
      if (!judged.idle) continue
      const step = i % 6
      const c = await tx.query<{ id: number }>(
        `INSERT INTO idle_case(parcel_id, ground, grounds, idle_since, cause, identified_date, note, created_by)
         VALUES ($1, $2, $3::text[], $4::date, '企业原因', $5::date, $6, $7) RETURNING id`,
        [p.id, judged.ground, judged.grounds, judged.idleSince, opened, '巡查发现超过约定动工日期未动工', actor],
      )
      const caseId = c.rows[0].id
      n++
      const year = opened.slice(0, 4)
      const prefix = p.county ?? '浙'
      const doc = async (kind: string, no: string, date: string) =>
        tx.query('INSERT INTO idle_document(case_id, kind, doc_no, doc_date, note, actor_id) VALUES ($1, $2, $3, $4::date, $5, $6)', [
          caseId,
          kind,
          `${prefix}${no}〔${year}〕${caseId}号`,
          date,
          '',
          actor,
        ])
      if (step === 0) continue
      const notice = minDate(addDays(opened, 3), ref)
      await doc('调查通知书', '闲调', notice)
      if (step === 1) continue
      const finding = minDate(addDays(notice, 35), ref)
      await doc('闲置土地认定书', '闲认', finding)
      if (step === 2) continue
      // 征缴土地闲置费 when there is a price, else 无偿收回 when idle two years (the rules of a clerk's plan)
      const fee = idleFee(p.price)
      const method = fee !== null && !methodProblem('企业原因', '征缴土地闲置费', judged.idleSince, finding) ? '征缴土地闲置费' : '无偿收回'
      if (methodProblem('企业原因', method, judged.idleSince, finding)) continue
      const planned = minDate(addDays(finding, 10), ref)
      await tx.query(`UPDATE idle_case SET method = $2, method_detail = $3, planned_date = $4::date, fee_due = $5 WHERE id = $1`, [
        caseId,
        method,
        method === '征缴土地闲置费' ? '按出让价款的20%征缴土地闲置费，限期动工' : '闲置满两年，依法无偿收回',
        planned,
        method === '征缴土地闲置费' ? fee : null,
      ])
      if (step === 3) continue
      const decision = minDate(addDays(planned, 15), ref)
      await doc('处置决定书', '闲决', decision)
      if (method !== '征缴土地闲置费' || fee === null) continue
      const paid = step === 4 ? Math.round(fee * 50) / 100 : fee
      const paidDate = minDate(addDays(decision, 20), ref)
      await tx.query(`INSERT INTO idle_fee(case_id, amount, paid_date, receipt_no, note, actor_id) VALUES ($1, $2, $3::date, $4, $5, $6)`, [
        caseId,
        paid,
        paidDate,
        `FS${year}${String(caseId).padStart(5, '0')}`,
        step === 4 ? '首期缴纳' : '一次缴清',
        actor,
      ])
      if (step === 5)
        await tx.query(`UPDATE idle_case SET completed_date = $2::date, completion_note = '土地闲置费已缴清' WHERE id = $1`, [
          caseId,
          paidDate,
        ])
    }
    return n
  })
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const minDate = (a: string, b: string) => (a < b ? a : b)
