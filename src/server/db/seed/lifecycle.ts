/**
 * 全生命周期 demo projects (docs/domain.md "Demo data": lifecycle projects in every stage), derived in SQL
 * from the seeded parcels so that the two never disagree: supply, agreed and actual start and
 * completion come from the parcel; signing, construction, production and evaluation dates and the
 * 标准地 commitments are spread deterministically by parcel id. Demo "today" is the last figure
 * year's 31 December, as in demo-entities.ts.
 */
import type { Db } from '../engine'

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
         invest_intensity, committed_plot_ratio, committed_tax_per_mu)
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
              CASE WHEN d.only_signed THEN NULL ELSE d.agreed_completion_date END,
              300 + (d.id * 13) % 250, 1.2 + (d.id % 10) / 10.0, 15 + (d.id * 17) % 25
       FROM dated d ORDER BY d.id`,
      [ref],
    )
    // zones: 指界 a rough sketch around the plot, 勘测定界 the surveyed parcel once supplied,
    // 竣工 the as-built footprint once accepted
    await tx.query(
      `INSERT INTO lifecycle_zone (project_id, kind, geom)
       SELECT lp.id, '指界', ST_Multi(ST_Buffer(p.geom, 0.00018, 'join=mitre')) FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
       UNION ALL
       SELECT lp.id, '勘测定界', p.geom FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id WHERE lp.supply_date IS NOT NULL
       UNION ALL
       SELECT lp.id, '竣工', ST_Multi(ST_Buffer(p.geom, -0.00006, 'join=mitre')) FROM lifecycle_project lp JOIN parcel p ON p.id = lp.parcel_id
       WHERE lp.completion_date IS NOT NULL AND NOT ST_IsEmpty(ST_Buffer(p.geom, -0.00006, 'join=mitre'))`,
    )
    return r.affectedRows
  })
}
