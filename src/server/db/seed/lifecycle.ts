/**
 * 全生命周期 demo projects (docs/domain.md "Demo data": lifecycle projects in every stage), derived in SQL
 * from the seeded parcels so that the two never disagree: supply, agreed and actual start and
 * completion come from the parcel; signing, construction, production and evaluation dates and the
 * 标准地 commitments are spread deterministically by parcel id. Demo "today" is the last figure
 * year's 31 December, as in demo-entities.ts.
 */
import type { Db } from '../engine'
import { emptyForBulkWrite } from './bulk'
import { judge, taxPenaltyFen, penaltyRuleText, DEFAULT_PENALTY_RULE, type Judgement } from '../../../domain/lifecycle'
import { M2_PER_MU } from '../../../domain/codes/units'
import { ratioSql, yearlyRowOf } from '../../figures/sql'

/** Writes one project per supplied parcel since 2019 and its zone shapes; returns the count. */
export async function seedLifecycle(db: Db, lastYear = 2025): Promise<number> {
  const ref = `${lastYear}-12-31`
  return db.transaction(async (tx) => {
    const r = await tx.query(
      `WITH src AS (
         SELECT p.*,
                -- a third of this year's unbuilt parcels are still only signed (land not yet delivered)
                (p.status = '已供未建' AND p.supply_date >= $1::date - 365 AND p.id % 3 = 0) AS only_signed
         FROM parcel p
         WHERE NOT p.deleted AND p.status <> '已收回' AND p.supply_date >= DATE '2019-01-01'
       ), dated AS (
         SELECT s.*,
                CASE WHEN s.actual_completion_date IS NULL THEN NULL
                     -- a quarter of the last year's completions are accepted but not yet producing,
                     -- so that 竣工验收 has projects at any demo size
                     WHEN s.actual_completion_date > $1::date - 365 AND s.id % 4 = 0 THEN NULL
                     ELSE s.actual_completion_date + (30 + (s.id * 11) % 150) END AS prod
         FROM src s
       )
       INSERT INTO lifecycle_project (name, parcel_id, enterprise_id, county_code, signed_date, supply_date, start_date,
         construction_date, completion_date, production_date, evaluation_date, start_deadline, completion_deadline,
         invest_intensity, committed_plot_ratio, committed_tax_per_mu, committed_energy_va, committed_emission_va, planned_investment)
       SELECT regexp_replace(d.name, '地块$', '项目'), d.id, d.enterprise_id, d.county_code,
              d.supply_date - (30 + (d.id * 7) % 90),
              CASE WHEN d.only_signed THEN NULL ELSE d.supply_date END,
              CASE WHEN d.only_signed THEN NULL ELSE d.actual_start_date END,
              CASE WHEN d.only_signed OR d.actual_start_date IS NULL THEN NULL
                   WHEN d.actual_start_date + (20 + d.id % 40) > $1::date THEN NULL
                   ELSE d.actual_start_date + (20 + d.id % 40) END,
              d.actual_completion_date,
              CASE WHEN d.prod <= $1::date THEN d.prod END,
              CASE WHEN d.prod + 365 <= $1::date THEN d.prod + 365 END,
              CASE WHEN d.only_signed THEN NULL ELSE d.agreed_start_date END,
              -- the completion deadline is set when the project starts
              CASE WHEN d.only_signed OR d.actual_start_date IS NULL THEN NULL ELSE d.agreed_completion_date END,
              300 + (d.id * 13) % 250,
              -- 容积率 committed a little under what was built; every seventh project promised more than it built
              CASE WHEN d.plot_ratio > 0 AND d.actual_completion_date IS NOT NULL
                   THEN round((d.plot_ratio * CASE WHEN d.id % 7 = 0 THEN 1.15 ELSE 0.9 END)::numeric, 1)::float8
                   ELSE 1.2 + (d.id % 10) / 10.0 END,
              15 + (d.id * 17) % 25,
              1.5 + (d.id % 15) / 10.0, 20 + (d.id * 7) % 30,
              round(((300 + (d.id * 13) % 250) * d.area_m2 / ${M2_PER_MU} * (1.0 + (d.id % 3) / 10.0))::numeric, 0)::float8
       FROM dated d ORDER BY d.id`,
      [ref],
    )
    // a project still waiting for 土地供应 has no land delivered: its parcel carries no supply date nor agreed dates
    await tx.query(
      `UPDATE parcel p SET supply_date = NULL, agreed_start_date = NULL, agreed_completion_date = NULL
       FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND lp.supply_date IS NULL`,
    )
    // 标准地 双合同: numbers of the county's style, the 出让合同 a few weeks after the 投资建设协议, the price and
    // method of the parcel, a 履约保证金 of a tenth of the price, the default 违约金 rule, and the parcel's 乡镇
    await tx.query(
      `UPDATE lifecycle_project lp SET
         invest_agreement_no = format('投资协议〔%s〕%s号', extract(year FROM lp.signed_date)::int, lp.id),
         land_contract_no = format('%s-%s-%s', COALESCE(p.county_code, '330000'), extract(year FROM lp.signed_date)::int, lpad(lp.id::text, 5, '0')),
         land_contract_date = lp.signed_date + (10 + lp.id % 20),
         supply_method = COALESCE(p.supply_method, '出让'),
         supply_price_fen = round(COALESCE(p.supply_price, p.area_m2 / ${M2_PER_MU} * 30)::numeric * 1000000),
         performance_bond_fen = round(COALESCE(p.supply_price, p.area_m2 / ${M2_PER_MU} * 30)::numeric * 100000),
         late_penalty_permille = $1, tax_penalty_percent = $2, town_code = p.town_code
       FROM parcel p WHERE p.id = lp.parcel_id`,
      [DEFAULT_PENALTY_RULE.latePermille, DEFAULT_PENALTY_RULE.taxPercent],
    )
    // 退出: every fifth project that let its start deadline pass by more than a quarter without starting broke
    // its contract a few months after the deadline, and its land was taken back (收回 → 已收回)
    await tx.query(
      `WITH c AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM lifecycle_project
                  WHERE supply_date IS NOT NULL AND start_date IS NULL AND start_deadline < $1::date)
       UPDATE lifecycle_project lp SET exit_date = LEAST(lp.start_deadline + (60 + lp.id % 30), $1::date),
              exit_reason = '超过约定开工期限未开工，解除出让合同', exit_outcome = '收回'
       FROM c WHERE c.id = lp.id AND c.rn % 3 = 1`,
      [ref],
    )
    // and one of the projects still only signed gave up before its land was delivered (the land stays as it is)
    await tx.query(
      `WITH c AS (SELECT id, count(*) OVER () AS n FROM lifecycle_project WHERE supply_date IS NULL ORDER BY id LIMIT 1)
       UPDATE lifecycle_project lp SET exit_date = LEAST(lp.signed_date + 90, $1::date), exit_reason = '企业放弃投资，解除投资协议', exit_outcome = '保留'
       FROM c WHERE c.id = lp.id AND c.n > 2`,
      [ref],
    )
    // taken back on the exit date: the parcel's recovery date and its status history say that day, not the seed's
    await tx.query(
      `UPDATE parcel p SET status = '已收回', recovered_date = lp.exit_date
       FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND lp.exit_outcome = '收回'`,
    )
    await tx.query(
      `UPDATE parcel_status_change c SET changed_at = lp.exit_date::timestamptz
       FROM lifecycle_project lp WHERE lp.parcel_id = c.parcel_id AND lp.exit_outcome = '收回' AND c.new_status = '已收回'`,
    )
    await tx.query(
      `UPDATE parcel p SET status_changed_at = lp.exit_date::timestamptz
       FROM lifecycle_project lp WHERE lp.parcel_id = p.id AND lp.exit_outcome = '收回'`,
    )
    // actual figures: at 竣工验收 the investment (92–141 % of the commitment), the floor area and 容积率 of the
    // parcel; at 项目评价 the year's tax and value added per unit of energy and emission (85–159 %), so that some
    // projects fall short of a commitment
    await tx.query(
      `UPDATE lifecycle_project lp SET
         actual_investment = round((lp.invest_intensity * p.area_m2 / ${M2_PER_MU} * (0.92 + (lp.id * 7 % 50) / 100.0))::numeric, 0)::float8,
         actual_building_area = COALESCE(p.building_area, round((COALESCE(p.plot_ratio, 0) * p.area_m2)::numeric, 0)::float8),
         actual_plot_ratio = COALESCE(p.plot_ratio, 0)
       FROM parcel p WHERE p.id = lp.parcel_id AND lp.completion_date IS NOT NULL`,
    )
    // 项目评价 (达产复核) reads the enterprise's figures of the year before the evaluation (or the latest year it
    // reported before that) through the catalogue's formulas, as a registration does; without any, no evaluation yet
    const row = yearlyRowOf('k.year', 'e', 'y')
    await tx.query(
      `WITH k AS (SELECT lp.id, lp.enterprise_id,
                         (SELECT max(yy.year) FROM enterprise_yearly yy WHERE yy.enterprise_id = lp.enterprise_id AND yy.tax IS NOT NULL
                            AND yy.year <= extract(year FROM lp.evaluation_date)::int - 1) AS year
                  FROM lifecycle_project lp WHERE lp.evaluation_date IS NOT NULL),
       f AS (SELECT k.id, k.year, ${ratioSql('taxPerMu', row)} AS tax_per_mu, ${ratioSql('energyEfficiency', row)} AS energy_va,
                    ${ratioSql('emissionEfficiency', row)} AS emission_va
             FROM k JOIN enterprise e ON e.id = k.enterprise_id LEFT JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = k.year)
       UPDATE lifecycle_project lp SET
         evaluation_date = CASE WHEN f.tax_per_mu IS NULL THEN NULL ELSE lp.evaluation_date END,
         evaluation_year = CASE WHEN f.tax_per_mu IS NULL THEN NULL ELSE f.year END,
         evaluated_tax_per_mu = f.tax_per_mu, actual_energy_va = f.energy_va, actual_emission_va = f.emission_va
       FROM f WHERE f.id = lp.id`,
    )
    await tx.query(`UPDATE lifecycle_project SET evaluation_date = NULL WHERE evaluation_date IS NOT NULL AND evaluated_tax_per_mu IS NULL`)
    // the judgements, by the same rule as a registration (domain/lifecycle judge)
    const done = await tx.query<Record<string, number | string | null>>(
      `SELECT lp.id, p.area_m2, lp.invest_intensity, lp.committed_plot_ratio, lp.committed_tax_per_mu, lp.committed_energy_va, lp.committed_emission_va,
              lp.actual_investment, lp.actual_plot_ratio, lp.evaluated_tax_per_mu, lp.actual_energy_va, lp.actual_emission_va, lp.evaluation_date::text AS ev,
              lp.evaluation_year, lp.supply_price_fen, lp.tax_penalty_percent::float8 AS tax_penalty_percent
       FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE lp.completion_date IS NOT NULL`,
    )
    const n = (v: number | string | null) => (v === null ? null : Number(v))
    const breaches: { id: number; found: string; committed: number; actual: number; base: number; penalty: number; rule: string }[] = []
    const judged: { id: number; acceptance: Judgement; evaluation: Judgement | null }[] = done.rows.map((r) => {
      const c = {
        investIntensity: n(r.invest_intensity),
        plotRatio: n(r.committed_plot_ratio),
        taxPerMu: n(r.committed_tax_per_mu),
        energyVa: n(r.committed_energy_va),
        emissionVa: n(r.committed_emission_va),
      }
      const a = {
        investment: n(r.actual_investment),
        plotRatio: n(r.actual_plot_ratio),
        taxPerMu: n(r.evaluated_tax_per_mu),
        energyVa: n(r.actual_energy_va),
        emissionVa: n(r.actual_emission_va),
      }
      const areaMu = Number(r.area_m2) / M2_PER_MU
      const basis = { year: Number(r.evaluation_year), source: '税务', reportedDate: null }
      let evaluation = r.ev ? judge('xmpj', c, a, areaMu) : null
      if (evaluation) evaluation = { ...evaluation, items: evaluation.items.map((i) => (i.key === 'taxPerMu' ? { ...i, basis } : i)) }
      // 亩均税收 short at 项目评价: the 违约金 of the signed rule on the tax missing
      const short = evaluation?.items.find((i) => i.key === 'taxPerMu' && !i.passed)
      if (short && a.taxPerMu !== null && r.ev) {
        const percent = n(r.tax_penalty_percent) ?? DEFAULT_PENALTY_RULE.taxPercent
        breaches.push({
          id: Number(r.id),
          found: String(r.ev),
          committed: short.committed,
          actual: a.taxPerMu,
          base: taxPenaltyFen(short.committed, a.taxPerMu, areaMu, 100),
          penalty: taxPenaltyFen(short.committed, a.taxPerMu, areaMu, percent),
          rule: penaltyRuleText('亩均税收未达承诺', { ...DEFAULT_PENALTY_RULE, taxPercent: percent }),
        })
      }
      return { id: Number(r.id), acceptance: judge('jgys', c, a, areaMu), evaluation }
    })
    if (judged.length) {
      await tx.query(
        `UPDATE lifecycle_project lp SET acceptance = j.acceptance, evaluation = j.evaluation
         FROM jsonb_to_recordset($1::jsonb) AS j(id int, acceptance jsonb, evaluation jsonb) WHERE lp.id = j.id`,
        [JSON.stringify(judged)],
      )
    }
    // 违约: starts and completions registered after their agreed dates (the 违约金 of the signed rule: ‰ of the
    // price per day, rounded half up at the 分 in numeric), and the 亩均税收 shortfalls judged above
    await tx.query(
      `INSERT INTO lifecycle_breach (project_id, kind, found_date, late_days, base_fen, penalty_fen, rule)
       SELECT lp.id, x.kind, x.d, x.d - x.deadline, lp.supply_price_fen,
              round(lp.supply_price_fen::numeric * lp.late_penalty_permille * (x.d - x.deadline) / 1000),
              format('每逾期一日按出让价款的 %s‰ 计', trim(trailing '.' FROM trim(trailing '0' FROM lp.late_penalty_permille::text)))
       FROM lifecycle_project lp
       CROSS JOIN LATERAL (VALUES ('逾期开工', lp.start_date, lp.start_deadline), ('逾期竣工', lp.completion_date, lp.completion_deadline)) AS x(kind, d, deadline)
       WHERE x.d > x.deadline AND lp.supply_price_fen IS NOT NULL AND lp.late_penalty_permille IS NOT NULL`,
    )
    if (breaches.length) {
      await tx.query(
        `INSERT INTO lifecycle_breach (project_id, kind, found_date, committed, actual, base_fen, penalty_fen, rule)
         SELECT b.id, '亩均税收未达承诺', b.found::date, b.committed, b.actual, b.base, b.penalty, b.rule
         FROM jsonb_to_recordset($1::jsonb) AS b(id int, found text, committed float8, actual float8, base bigint, penalty bigint, rule text)`,
        [JSON.stringify(breaches)],
      )
    }
    // zones: 指界 a rough sketch around the plot, 勘测定界 the surveyed parcel once supplied,
    // 竣工 the as-built footprint once accepted
    await emptyForBulkWrite(tx, ['lifecycle_zone'])
    await tx.query(
      `INSERT INTO lifecycle_zone (project_id, kind, geom)
       SELECT lp.id, '指界', ST_Multi(ST_Buffer(p.geom, 0.00018, 'join=mitre')) FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
       UNION ALL
       SELECT lp.id, '勘测定界', p.geom FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE lp.supply_date IS NOT NULL
       UNION ALL
       SELECT lp.id, '竣工', ST_Multi(b.geom) FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
       -- OFFSET 0: the inner footprint computed once per parcel, not again in the WHERE
       CROSS JOIN LATERAL (SELECT ST_Buffer(p.geom, -0.00006, 'join=mitre') AS geom OFFSET 0) b
       WHERE lp.completion_date IS NOT NULL AND NOT ST_IsEmpty(b.geom)`,
    )
    return r.affectedRows
  })
}
