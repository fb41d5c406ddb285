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
    // the cases first, in parcel order (their ids name the documents), then each kind of row in one statement
    const opened = parcels.rows.map((p, i) => {
      // opened one year and 10–70 days after the agreed start, or on the last day when that is later
      const date = minDate(addDays(addYears(p.agreed, 1), 10 + (p.id % 60)), ref)
      return { p, step: i % 6, date, judged: judgeIdle({ areaM2: p.area_m2, agreedStartDate: p.agreed, actualStartDate: null }, date) }
    })
    const cases = opened.flatMap((c) => (c.judged.idle ? [{ ...c, judged: c.judged }] : []))
    const ids = (
      await tx.query<{ id: number }>(
        `INSERT INTO idle_case(parcel_id, ground, grounds, idle_since, cause, identified_date, note, created_by)
         SELECT r.parcel_id, r.ground, ARRAY(SELECT json_array_elements_text(r.grounds)), r.idle_since, '企业原因', r.opened,
                '巡查发现超过约定动工日期未动工', $2
         FROM json_to_recordset($1::json) AS r(ord int, parcel_id int, ground varchar, grounds json, idle_since date, opened date)
         ORDER BY r.ord RETURNING id`,
        [
          JSON.stringify(
            cases.map((c, ord) => ({
              ord,
              parcel_id: c.p.id,
              ground: c.judged.ground,
              grounds: c.judged.grounds,
              idle_since: c.judged.idleSince,
              opened: c.date,
            })),
          ),
          actor,
        ],
      )
    ).rows.map((r) => r.id)
    const docs: { case_id: number; kind: string; doc_no: string; doc_date: string }[] = []
    const plans: { id: number; method: string; method_detail: string; planned: string; fee_due: number | null }[] = []
    const fees: { case_id: number; amount: number; paid_date: string; receipt_no: string; note: string }[] = []
    const closed: { id: number; completed: string }[] = []
    for (const [k, { p, step, date, judged }] of cases.entries()) {
      const caseId = ids[k]
      const year = date.slice(0, 4)
      const prefix = p.county ?? '浙'
      const doc = (kind: string, no: string, docDate: string) =>
        docs.push({ case_id: caseId, kind, doc_no: `${prefix}${no}〔${year}〕${caseId}号`, doc_date: docDate })
      if (step === 0) continue
      const notice = minDate(addDays(date, 3), ref)
      doc('调查通知书', '闲调', notice)
      if (step === 1) continue
      const finding = minDate(addDays(notice, 35), ref)
      doc('闲置土地认定书', '闲认', finding)
      if (step === 2) continue
      // 征缴土地闲置费 when there is a price, else 无偿收回 when idle two years (the rules of a clerk's plan)
      const fee = idleFee(p.price)
      const method = fee !== null && !methodProblem('企业原因', '征缴土地闲置费', judged.idleSince, finding) ? '征缴土地闲置费' : '无偿收回'
      if (methodProblem('企业原因', method, judged.idleSince, finding)) continue
      const planned = minDate(addDays(finding, 10), ref)
      plans.push({
        id: caseId,
        method,
        method_detail: method === '征缴土地闲置费' ? '按出让价款的20%征缴土地闲置费，限期动工' : '闲置满两年，依法无偿收回',
        planned,
        fee_due: method === '征缴土地闲置费' ? fee : null,
      })
      if (step === 3) continue
      const decision = minDate(addDays(planned, 15), ref)
      doc('处置决定书', '闲决', decision)
      if (method !== '征缴土地闲置费' || fee === null) continue
      const paidDate = minDate(addDays(decision, 20), ref)
      fees.push({
        case_id: caseId,
        amount: step === 4 ? Math.round(fee * 50) / 100 : fee,
        paid_date: paidDate,
        receipt_no: `FS${year}${String(caseId).padStart(5, '0')}`,
        note: step === 4 ? '首期缴纳' : '一次缴清',
      })
      if (step === 5) closed.push({ id: caseId, completed: paidDate })
    }
    const rows = (list: object[]) => JSON.stringify(list.map((x, ord) => ({ ...x, ord })))
    await tx.query(
      `INSERT INTO idle_document(case_id, kind, doc_no, doc_date, note, actor_id)
       SELECT r.case_id, r.kind, r.doc_no, r.doc_date, '', $2
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, kind varchar, doc_no varchar, doc_date date) ORDER BY r.ord`,
      [rows(docs), actor],
    )
    await tx.query(
      `UPDATE idle_case c SET method = r.method, method_detail = r.method_detail, planned_date = r.planned, fee_due = r.fee_due
       FROM json_to_recordset($1::json) AS r(id int, method varchar, method_detail varchar, planned date, fee_due float8) WHERE c.id = r.id`,
      [rows(plans)],
    )
    await tx.query(
      `INSERT INTO idle_fee(case_id, amount, paid_date, receipt_no, note, actor_id)
       SELECT r.case_id, r.amount, r.paid_date, r.receipt_no, r.note, $2
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, amount float8, paid_date date, receipt_no varchar, note varchar) ORDER BY r.ord`,
      [rows(fees), actor],
    )
    await tx.query(
      `UPDATE idle_case c SET completed_date = r.completed, completion_note = '土地闲置费已缴清'
       FROM json_to_recordset($1::json) AS r(id int, completed date) WHERE c.id = r.id`,
      [rows(closed)],
    )
    return cases.length
  })
}

function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

const minDate = (a: string, b: string) => (a < b ? a : b)
