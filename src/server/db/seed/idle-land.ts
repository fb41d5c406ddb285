/**
 * 闲置土地 demo cases (docs/domain.md "Demo data"): every idle parcel with an agreed start date gets a
 * case, judged by the same rule as a clerk's 立案 (domain/idle-land judgeIdle), and the cases are
 * spread over the procedure — 立案 only, 调查通知书, 认定书, 处置方案, 处置决定书 with part of the
 * 土地闲置费 paid, and fees paid in full and closed — so /system/stock has every step on the first
 * start. Dates stay on or before the demo's last day (the last figure year's 31 December). As a
 * clerk's cases must (issue 28): a fee only for land idle one to two years (20 % of the price, in 分),
 * a 听证告知 concluded before each decision, each decision 报批 by the 土地科 clerk and approved by the
 * 土地科长 (landlead), and every step in the case's 办理记录.
 */
import type { Db } from '../engine'
import {
  DEFAULT_HEARING_WORKING_DAYS,
  addDays as addCalendarDays,
  isWorkingDay,
  windowEnd,
  type CalendarMarks,
} from '../../../domain/work-calendar'
import {
  addYears,
  decimalToFen,
  fenToYuanText,
  idleFeeFen,
  judgeIdle,
  methodProblem,
  needsHearing,
  twoYearProblem,
} from '../../../domain/idle-land'

/** Writes the cases; returns how many. */
export async function seedIdleLand(db: Db, lastYear = 2025): Promise<number> {
  const ref = `${lastYear}-12-31`
  return db.transaction(async (tx) => {
    const users = await tx.query<{ id: number; username: string; real_name: string }>(
      `SELECT id, username, real_name FROM app_user ORDER BY (username = 'land') DESC, id LIMIT 1`,
    )
    const clerk = users.rows[0]
    if (!clerk) return 0
    const actor = clerk.id
    // the 土地科长 approves what the clerk prepares (四眼); without that account the seed has no second one
    const lead = (await tx.query<{ id: number; real_name: string }>(`SELECT id, real_name FROM app_user WHERE username = 'landlead'`))
      .rows[0] ?? { id: clerk.id, real_name: clerk.real_name }
    const marks: CalendarMarks = new Map(
      (await tx.query<{ day: string; mark: '休' | '班' }>('SELECT day, mark FROM work_calendar')).rows.map((r) => [r.day, r.mark]),
    )
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
    const docs: {
      case_id: number
      kind: string
      doc_no: string
      doc_date: string
      approval_authority: string
      approval_no: string
      approved: boolean
    }[] = []
    const plans: {
      id: number
      method: string
      method_detail: string
      planned: string
      fee_base_fen: number | null
      fee_due_fen: number | null
    }[] = []
    const hearings: {
      case_id: number
      method: string
      notice_no: string
      notice_date: string
      deadline: string
      outcome: string
      outcome_date: string
      record: string
    }[] = []
    const fees: { case_id: number; amount_fen: number; paid_date: string; receipt_no: string; note: string }[] = []
    const closed: { id: number; completed: string }[] = []
    // 办理记录, written in one statement (the seed never writes a statement per row); who, when, from, to, note
    const steps: { case_id: number; action: string; from: string; to: string; lead: boolean; note: string; day: string }[] = []
    for (const [k, { p, step, date, judged }] of cases.entries()) {
      const caseId = ids[k]
      const year = date.slice(0, 4)
      const prefix = p.county ?? '浙'
      const log = (action: string, from: string, to: string, day: string, note = '', byLead = false) =>
        steps.push({ case_id: caseId, action, from, to, lead: byLead, note, day })
      const doc = (kind: string, no: string, docDate: string, approval?: { authority: string; no: string }) => {
        docs.push({
          case_id: caseId,
          kind,
          doc_no: `${prefix}${no}〔${year}〕${caseId}号`,
          doc_date: docDate,
          approval_authority: approval?.authority ?? '',
          approval_no: approval?.no ?? '',
          approved: true,
        })
        return `${prefix}${no}〔${year}〕${caseId}号`
      }
      log('立案', '', '立案', date, `${judged.ground}，企业原因：巡查发现超过约定动工日期未动工`)
      if (step === 0) continue
      const notice = minDate(addDays(date, 3), ref)
      log('下达调查通知书', '立案', '调查中', notice, doc('调查通知书', '闲调', notice))
      if (step === 1) continue
      const finding = minDate(addDays(notice, 35), ref)
      log('下达闲置土地认定书', '调查中', '已认定', finding, doc('闲置土地认定书', '闲认', finding))
      if (step === 2) continue
      // 征缴土地闲置费 for land idle one to two years with a price, 无偿收回 from two years (the rules of a clerk's plan)
      const base = p.price === null ? null : decimalToFen(p.price, '万元')
      const fee = idleFeeFen(base)
      const feeOk =
        fee !== null &&
        !methodProblem('企业原因', '征缴土地闲置费', judged.idleSince, finding) &&
        !twoYearProblem('征缴土地闲置费', judged.idleSince, finding, null)
      const method = feeOk ? '征缴土地闲置费' : '无偿收回'
      if (methodProblem('企业原因', method, judged.idleSince, finding)) continue
      const planned = minDate(addDays(finding, 10), ref)
      plans.push({
        id: caseId,
        method,
        method_detail: method === '征缴土地闲置费' ? '按出让价款的20%征缴土地闲置费，限期动工' : '闲置满两年，依法无偿收回',
        planned,
        fee_base_fen: method === '征缴土地闲置费' ? base : null,
        fee_due_fen: method === '征缴土地闲置费' ? fee : null,
      })
      const feeText = method === '征缴土地闲置费' && fee !== null ? `，应缴土地闲置费 ${fenToYuanText(fee)} 元` : ''
      log('拟订处置方案', '已认定', '方案中', planned, `${method}${feeText}`)
      if (step === 3) continue
      // 第十五条: told of the right to a hearing; the holder waives it, or lets the deadline pass
      let decisionFrom = planned
      if (needsHearing(method)) {
        const told = minDate(addDays(planned, 3), ref)
        const deadline = windowEnd(addCalendarDays(told, 1), DEFAULT_HEARING_WORKING_DAYS, marks)
        const lapsed = addDays(deadline, 1)
        const waived = caseId % 2 === 0 || lapsed > ref
        const outcomeDate = waived ? minDate(nextWorkingDay(addDays(told, 2), marks), ref) : lapsed
        const noticeNo = `${prefix}闲听〔${year}〕${caseId}号`
        hearings.push({
          case_id: caseId,
          method,
          notice_no: noticeNo,
          notice_date: told,
          deadline,
          outcome: waived ? '放弃听证' : '逾期未申请',
          outcome_date: outcomeDate,
          record: waived ? '土地使用权人书面声明放弃听证' : '',
        })
        log('听证告知', '方案中', '听证告知', told, `${noticeNo}，拟${method}，申请听证期限至 ${deadline}`)
        log('听证结果', '听证告知', '听证完结', outcomeDate, `${noticeNo}，${waived ? '放弃听证' : '逾期未申请'}`)
        decisionFrom = outcomeDate
      }
      const decision = minDate(addDays(decisionFrom, 10), ref)
      const approval = { authority: `${p.county ?? ''}人民政府`, no: `${prefix}政闲〔${year}〕${caseId}号` }
      const decisionNo = doc('处置决定书', '闲决', decision, approval)
      log(
        '报批处置决定',
        needsHearing(method) ? '听证完结' : '方案中',
        '待审定',
        decision,
        `${decisionNo}，${method}，报${approval.authority}（${approval.no}）`,
      )
      log('审定通过', '待审定', '实施中', decision, `${decisionNo}（${approval.authority} ${approval.no}）`, true)
      if (method !== '征缴土地闲置费' || fee === null) continue
      const paidDate = minDate(addDays(decision, 20), ref)
      const amount = step === 4 ? Math.floor(fee / 2) : fee
      const receipt = `FS${year}${String(caseId).padStart(5, '0')}`
      fees.push({
        case_id: caseId,
        amount_fen: amount,
        paid_date: paidDate,
        receipt_no: receipt,
        note: step === 4 ? '首期缴纳' : '一次缴清',
      })
      log(
        '缴纳闲置费',
        '实施中',
        '实施中',
        paidDate,
        `${fenToYuanText(amount)} 元，票据 ${receipt}；未缴 ${fenToYuanText(fee - amount)} 元`,
      )
      if (step === 5) {
        closed.push({ id: caseId, completed: paidDate })
        log('办结', '实施中', '已完成', paidDate, '征缴土地闲置费：土地闲置费已缴清')
      }
    }
    const rows = (list: object[]) => JSON.stringify(list.map((x, ord) => ({ ...x, ord })))
    await tx.query(
      `INSERT INTO idle_document(case_id, kind, doc_no, doc_date, note, actor_id, approval_authority, approval_no, review_state, approved_by, approved_at)
       SELECT r.case_id, r.kind, r.doc_no, r.doc_date, '', $2, r.approval_authority, r.approval_no, '已审定',
              CASE WHEN r.kind = '处置决定书' THEN $3::int END, CASE WHEN r.kind = '处置决定书' THEN r.doc_date + time '16:00' END
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, kind varchar, doc_no varchar, doc_date date, approval_authority varchar, approval_no varchar)
       ORDER BY r.ord`,
      [rows(docs), actor, lead.id],
    )
    await tx.query(
      `UPDATE idle_case c SET method = r.method, method_detail = r.method_detail, planned_date = r.planned, planned_by = $2,
         fee_base_fen = r.fee_base_fen, fee_due_fen = r.fee_due_fen
       FROM json_to_recordset($1::json) AS r(id int, method varchar, method_detail varchar, planned date, fee_base_fen bigint, fee_due_fen bigint)
       WHERE c.id = r.id`,
      [rows(plans), actor],
    )
    await tx.query(
      `INSERT INTO idle_hearing(case_id, method, notice_no, notice_date, deadline, notice_by, outcome, outcome_date, hearing_record, outcome_by)
       SELECT r.case_id, r.method, r.notice_no, r.notice_date, r.deadline, $2, r.outcome, r.outcome_date, r.record, $2
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, method varchar, notice_no varchar, notice_date date, deadline date,
                                             outcome varchar, outcome_date date, record varchar)
       ORDER BY r.ord`,
      [rows(hearings), actor],
    )
    await tx.query(
      `INSERT INTO idle_fee(case_id, amount_fen, paid_date, receipt_no, note, actor_id)
       SELECT r.case_id, r.amount_fen, r.paid_date, r.receipt_no, r.note, $2
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, amount_fen bigint, paid_date date, receipt_no varchar, note varchar) ORDER BY r.ord`,
      [rows(fees), actor],
    )
    await tx.query(
      `UPDATE idle_case c SET completed_date = r.completed, completion_note = '土地闲置费已缴清'
       FROM json_to_recordset($1::json) AS r(id int, completed date) WHERE c.id = r.id`,
      [rows(closed)],
    )
    // 办理记录 of the demo: the time of each step is its day at 09:00 (the order of a case's steps is the id order)
    await tx.query(
      `INSERT INTO proceeding_step(subject, subject_id, action, from_state, to_state, actor_id, actor, note, at)
       SELECT 'idle_case', r.case_id, r.action, s.from_state, s.to_state,
              CASE WHEN r.lead THEN $3::int ELSE $2::int END, CASE WHEN r.lead THEN $5 ELSE $4 END, r.note, r.day + time '09:00'
       FROM json_to_recordset($1::json) AS r(ord int, case_id int, action varchar, "from" varchar, "to" varchar, lead boolean, note varchar, day date)
         CROSS JOIN LATERAL (SELECT r."from" AS from_state, r."to" AS to_state) s
       ORDER BY r.case_id, r.ord`,
      [rows(steps), actor, lead.id, clerk.real_name, lead.real_name],
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

/** The first working day on or after `day`. */
function nextWorkingDay(day: string, marks: CalendarMarks): string {
  let d = day
  while (!isWorkingDay(d, marks)) d = addDays(d, 1)
  return d
}
