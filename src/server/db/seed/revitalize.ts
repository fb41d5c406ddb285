/**
 * 低效用地再开发 demo data (issue 16): every seeded 低效 parcel confirmed into the 台账; plans in
 * every state (草稿, 待审核, 实施中 with reports, 已逾期, 已完成 and 已验收 with their effects, 终止)
 * over the first of them, the rest left 未纳入; one 督办; and a 盘活任务 per county for this year and
 * the last. The completed plans changed their parcels as their methods do (`applyOutcome`) and 销号
 * their entries. Each plan past 草稿 was submitted by the 土地科 clerk who
 * wrote it and, once running, approved by the 土地科长 (landlead) — never by its author (issue 28);
 * every step is in the plan's 办理记录.
 */
import type { Db } from '../engine'
import { todayInProductZone } from '../../../domain/today'
import { DEFAULT_STATUS_AFTER, METHOD_EFFECTS, type PlanMethod, type PlanState } from '../../../domain/revitalize'
import * as repo from '../../modules/revitalize/repo'

const M2_PER_MU = 10000 / 15

/** What each demo plan is: state, method, sub-method, details, start (days ago) and length (days). */
const PLANS: {
  state: PlanState
  method: PlanMethod
  sub: string | null
  details: Record<string, string | number>
  ago: number
  days: number
}[] = [
  {
    state: '草稿',
    method: '收回收储',
    sub: '协商收购',
    details: { storageAgency: '区土地储备中心', compensation: 680 },
    ago: 10,
    days: 365,
  },
  {
    state: '待审核',
    method: '兼并重组',
    sub: '协议转让',
    details: { transferee: '杭州恒达智能装备有限公司', price: 2350 },
    ago: 20,
    days: 300,
  },
  { state: '实施中', method: '企业自主再开发', sub: '提容增效', details: { permitNo: '地字第330100202500031号' }, ago: 180, days: 540 },
  {
    state: '实施中',
    method: '收回收储',
    sub: '依法收回',
    details: { storageAgency: '市土地储备中心', compensation: 1200 },
    ago: 240,
    days: 420,
  },
  { state: '实施中', method: '合作开发', sub: null, details: { partner: '区城投集团' }, ago: 400, days: 360 },
  { state: '实施中', method: '用途调整', sub: null, details: { permitNo: '地字第330100202400112号', premium: 420 }, ago: 300, days: 600 },
  { state: '已完成', method: '企业自主再开发', sub: '技改', details: { permitNo: '地字第330100202400077号' }, ago: 700, days: 640 },
  {
    state: '已验收',
    method: '兼并重组',
    sub: '兼并重组',
    details: { transferee: '浙江远景新材料股份有限公司', price: 3100 },
    ago: 760,
    days: 700,
  },
  { state: '已完成', method: '复垦', sub: null, details: {}, ago: 650, days: 600 },
  { state: '终止', method: '司法处置', sub: null, details: { courtCaseNo: '（2025）浙0109执1234号' }, ago: 200, days: 365 },
]

const day = (n: number) => todayInProductZone(new Date(Date.now() + n * 86_400_000))

/** The parcels of the 台账 (alias p), in the order of their entries. */
const LOW_PARCELS = `NOT p.deleted AND p.status = '低效' AND p.area_m2 > 0`

/**
 * Every 低效 parcel confirmed into the 台账 in one statement, with the two events an entry gets on
 * its way to 已认定 (as repo.insertEntry writes them one by one): the k-th parcel by id is 2025年第1批
 * or 第2批 by k's parity, meets the first 1–3 criteria, scores 60–90 and was confirmed 800–1529 days
 * ago (over the two years before the plans; a large SEED_PARCELS does not reach back a century).
 * Returns the entry ids in parcel order.
 */
async function insertLedger(db: Db, actorId: number): Promise<number[]> {
  await db.query(
    `INSERT INTO revitalize_ledger(parcel_id, run_id, batch, criteria, score, state, confirm_date, confirm_unit, withdraw_reason,
       status_before, province_code, city_code, county_code, town_code, created_by)
     SELECT p.id, NULL, CASE WHEN p.k % 2 = 1 THEN '2025年第2批' ELSE '2025年第1批' END,
            (ARRAY['容积率<1', '建筑密度<30%', '用地单位亩均税收<5万元/亩'])[1:1 + p.k % 3], 60 + (p.k % 4) * 10, '已认定',
            $1::date - (800 + (p.k * 3) % 730), '市自然资源和规划局', '认定为低效用地', p.status,
            p.province_code, p.city_code, p.county_code, p.town_code, $2
     FROM (SELECT p.*, (row_number() OVER (ORDER BY p.id) - 1)::int AS k FROM parcel p WHERE ${LOW_PARCELS}) p
     ORDER BY p.k`,
    [todayInProductZone(), actorId],
  )
  await db.query(
    `INSERT INTO revitalize_ledger_event(ledger_id, from_state, to_state, note, actor_id)
     SELECT l.id, e.from_state, e.to_state, e.note, $1 FROM revitalize_ledger l
     CROSS JOIN (VALUES (1, NULL, '疑似', '由评价结果生成'), (2, '疑似', '已认定', '认定为低效用地')) AS e(k, from_state, to_state, note)
     ORDER BY l.id, e.k`,
    [actorId],
  )
  return (await db.query<{ id: number }>(`SELECT id FROM revitalize_ledger ORDER BY parcel_id LIMIT ${PLANS.length}`)).rows.map((r) => r.id)
}

/**
 * What a completed demo plan did to its parcel (docs/domain.md 盘活的效果), as the auditor approved
 * it on the day of the 办结: the parcel leaves 低效 with its method's facts — 自主再开发 the new
 * 容积率 and 建筑面积, 兼并重组 another enterprise of the county as the holder (named in the plan), 复垦
 * 旱地 and 已收回 — and its status history is dated on that day, so the year-end figures read it then.
 */
async function applyOutcome(db: Db, planId: number, method: PlanMethod, p: repo.ParcelRow, completed: string): Promise<void> {
  let holder: { id: number; name: string } | undefined
  if (method === '兼并重组') {
    holder = (
      await db.query<{ id: number; name: string }>(
        `SELECT id, name FROM enterprise WHERE county_code = $1 AND id <> $2 AND NOT deleted ORDER BY id LIMIT 1`,
        [p.county_code, p.enterprise_id ?? 0],
      )
    ).rows[0]
    if (holder) {
      await db.query(`UPDATE revitalize_plan SET details = jsonb_set(details, '{transferee}', to_jsonb($2::text)) WHERE id = $1`, [
        planId,
        holder.name,
      ])
    }
  }
  const status = METHOD_EFFECTS[method].recovers ? '已收回' : DEFAULT_STATUS_AFTER
  const landUse = method === '复垦' ? '0103' : null
  await db.query(
    `UPDATE parcel SET status = $2::varchar, recovered_date = CASE WHEN $2::varchar = '已收回' THEN $3::date ELSE recovered_date END,
       plot_ratio = COALESCE($4::float8, plot_ratio), building_area = COALESCE($5::float8, building_area),
       enterprise_id = COALESCE($6::int, enterprise_id), land_use_code = COALESCE($7::varchar, land_use_code), updated_at = now()
     WHERE id = $1`,
    [
      p.id,
      status,
      completed,
      method === '企业自主再开发' ? 1.5 : null,
      method === '企业自主再开发' ? Math.round(p.area_m2 * 1.5) : null,
      holder?.id ?? null,
      landUse,
    ],
  )
  await db.query(`UPDATE parcel_status_change SET changed_at = $2::date WHERE parcel_id = $1 AND new_status = $3::varchar`, [
    p.id,
    completed,
    status,
  ])
  await db.query(`UPDATE parcel SET status_changed_at = $2::date WHERE id = $1`, [p.id, completed])
  await db.query(
    `UPDATE revitalize_plan SET status_after = $2::varchar, holder_after_id = $3::int, land_use_after = $4::varchar,
       plot_ratio_after = COALESCE(plot_ratio_after, $5::float8)
     WHERE id = $1`,
    [planId, status, holder?.id ?? null, landUse, method === '企业自主再开发' ? 1.5 : null],
  )
}

/** Seeds the 台账, plans, reports and tasks; returns the number of plans. */
export async function seedRevitalize(db: Db): Promise<number> {
  const actor = (
    await db.query<{ id: number }>(`SELECT id FROM app_user WHERE username IN ('land', 'admin') ORDER BY username = 'land' DESC LIMIT 1`)
  ).rows[0]
  if (!actor) return 0
  // the approver of the running plans: the 土地科长, a second account (the author when it does not exist)
  const lead = (await db.query<{ id: number }>(`SELECT id FROM app_user WHERE username = 'landlead'`)).rows[0] ?? actor
  // the plans take the first parcels; the 台账 holds every 低效 parcel
  const parcels = await db.query<repo.ParcelRow>(
    `SELECT p.id, p.land_code, p.name, p.status, COALESCE(p.area_m2, 0)::float8 AS area_m2, p.plot_ratio::float8 AS plot_ratio,
            p.building_area::float8 AS building_area, p.enterprise_id, p.province_code, p.city_code, p.county_code, p.town_code, true AS in_scope
     FROM parcel p WHERE ${LOW_PARCELS} ORDER BY p.id LIMIT ${PLANS.length}`,
  )
  if (parcels.rows.length === 0) return 0
  return db.transaction(async (tx) => {
    const entries = await insertLedger(tx, actor.id)
    let n = 0
    for (const [i, def] of PLANS.entries()) {
      const p = parcels.rows[i]
      if (!p) break
      const start = day(-def.ago)
      const deadline = day(-def.ago + def.days)
      const plannedMu = Math.floor((p.area_m2 / M2_PER_MU) * 0.9 * 100) / 100
      const id = await repo.insertPlan(
        tx,
        {
          name: `${p.name.replace(/地块$/, '')}${def.method}方案`,
          method: def.method,
          subMethod: def.sub,
          enterpriseId: p.enterprise_id,
          plannedAreaM2: plannedMu * M2_PER_MU,
          targetPlotRatio: def.method === '企业自主再开发' ? 1.6 : null,
          targetBuildingM2: def.method === '企业自主再开发' ? Math.round(plannedMu * M2_PER_MU * 0.8) : null,
          targetInvestment: 800 + i * 150,
          targetTax: 60 + i * 10,
          targetOutput: 900 + i * 120,
          details: def.details,
          startDate: start,
          deadline,
          respUnit: i % 2 ? '区经信局' : '区自然资源局',
          respPerson: ['陈土地', '王科长', '刘主任'][i % 3],
          note: '',
          plotRatioBefore: p.plot_ratio,
          baseYear: Number(start.slice(0, 4)) - 1,
          region: p,
        },
        ['终止', '已完成', '已验收'].includes(def.state) ? '实施中' : def.state,
        actor.id,
      )
      await repo.setPlanParcels(tx, id, [{ parcelId: p.id, ledgerId: entries[i], plannedAreaM2: plannedMu * M2_PER_MU }])
      await repo.setMilestones(tx, id, [
        {
          name: '方案批复',
          dueDate: day(-def.ago + 30),
          doneDate: def.state === '草稿' || def.state === '待审核' ? null : day(-def.ago + 25),
        },
        { name: '主体实施', dueDate: day(-def.ago + Math.round(def.days * 0.7)), doneDate: null },
      ])
      await repo.addHistory(tx, id, '新建', [], actor.id, { to: '草稿', note: `${p.name.replace(/地块$/, '')}${def.method}方案` })
      const running = ['实施中', '已完成', '已验收', '终止'].includes(def.state)
      if (def.state !== '草稿') await repo.addHistory(tx, id, '提交', [], actor.id, { from: '草稿', to: '待审核' })
      if (running) {
        await repo.addHistory(tx, id, '审核通过', [], lead.id, { from: '待审核', to: '实施中' })
        await repo.setPlanApprover(tx, id, lead.id)
      }
      const entry = { id: entries[i], state: '已认定' as const }
      await repo.moveEntry(tx, entry, '已纳入方案', `纳入盘活方案 #${id}`, actor.id)
      if (running) {
        await repo.moveEntry(tx, { id: entries[i], state: '已纳入方案' }, '实施中', `盘活方案 #${id} 审核通过`, actor.id)
        // reports: the overdue and silent ones stop early, the others keep up
        const steps = i === 4 ? [20, 35] : i === 5 ? [10] : [30, 60, 85]
        for (const [k, pct] of steps.entries()) {
          await repo.saveReport(tx, {
            planId: id,
            reportDate: day(-def.ago + Math.round(((k + 1) * Math.min(def.ago, def.days) * 0.8) / (steps.length + 1))),
            progress: pct,
            doneItems: ['完成现状调查与权属核实', '签订实施协议', '完成主体工程'][k] ?? '推进实施',
            difficulties: k === steps.length - 1 && i === 4 ? '合作方资金未到位' : '',
            nextSteps: '按节点推进',
            photoIds: [],
            actorId: actor.id,
          })
          await repo.recordPlanStep(tx, id, '报告进度', actor.id, { from: '实施中', to: '实施中', note: `进度 ${pct}%` })
        }
      }
      if (def.state === '已完成' || def.state === '已验收') {
        const completed = day(-def.ago + def.days - 20)
        await repo.setPlanState(tx, id, def.state, {
          completedDate: completed,
          acceptedDate: def.state === '已验收' ? day(-def.ago + def.days - 5) : undefined,
          actualAreaM2: def.method === '复垦' ? plannedMu * M2_PER_MU : Math.round(plannedMu * M2_PER_MU * 0.3),
          actualBuildingM2: def.method === '复垦' ? 0 : Math.round(plannedMu * M2_PER_MU * 0.6),
          actualInvestment: 900 + i * 200,
          plotRatioAfter: def.method === '企业自主再开发' ? 1.5 : null,
          resultNote: '按期办结',
          progress: 100,
        })
        await applyOutcome(tx, id, def.method, p, completed)
        await repo.moveEntry(tx, { id: entries[i], state: '实施中' }, '已完成', `盘活方案 #${id} 办结，销号`, actor.id, {
          closedDate: completed,
          closedBy: { planId: id, method: def.method, reason: `盘活方案 #${id} ${def.method}办结：${METHOD_EFFECTS[def.method].effect}` },
        })
        await repo.addHistory(tx, id, '办结', [], actor.id, { from: '实施中', to: '已完成', note: `${completed}：按期办结` })
        if (def.state === '已验收') await repo.addHistory(tx, id, '验收', [], actor.id, { from: '已完成', to: '已验收' })
      }
      if (def.state === '终止') {
        await repo.setPlanState(tx, id, '终止', { stoppedReason: '企业进入破产程序，转司法处置另行安排' })
        await repo.addHistory(tx, id, '终止', [], actor.id, { from: '实施中', to: '终止', note: '企业进入破产程序，转司法处置另行安排' })
        await repo.moveEntry(tx, { id: entries[i], state: '实施中' }, '已认定', `盘活方案 #${id} 终止`, actor.id)
      }
      if (i === 4)
        await repo.insertSupervision(tx, {
          planId: id,
          content: '进度滞后，请说明原因并提出整改措施',
          replyDeadline: day(5),
          actorId: actor.id,
        })
      if (i === 4)
        await repo.recordPlanStep(tx, id, '督办', actor.id, { from: '实施中', to: '实施中', note: '进度滞后，请说明原因并提出整改措施' })
      n++
    }
    const year = Number(todayInProductZone().slice(0, 4))
    await tx.query(
      `INSERT INTO revitalize_task(county_code, year, task_mu, updated_by)
       SELECT c.county_code, y.year, CASE WHEN y.year = $1 THEN 60 ELSE 45 END, $2
       FROM (SELECT DISTINCT county_code FROM revitalize_ledger WHERE county_code IS NOT NULL) c CROSS JOIN (VALUES ($1::int), ($1::int - 1)) y(year)
       ON CONFLICT DO NOTHING`,
      [year, actor.id],
    )
    return n
  })
}
