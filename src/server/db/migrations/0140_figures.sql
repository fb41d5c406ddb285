-- Figures true for the year they name (issue 14, docs: the figures catalogue src/domain/figures):
-- land "at the end of Y" is land supplied by then and not recovered by then, so a parcel records
-- the day it was recovered; and the views that carry figures are redefined from the SQL fragments
-- of src/server/figures/sql.ts, spelled here verbatim (tests/unit/server/figures-sql.test.ts holds
-- this file to them). Earlier migrations stay as they were.

-- 收回日期: set on the day a parcel becomes 已收回, cleared when it is no longer; a parcel recovered
-- before this column existed has none and counts as recovered in every year.
ALTER TABLE parcel ADD COLUMN recovered_date date;
CREATE FUNCTION parcel_recovered_date() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = '已收回' THEN
    IF OLD.status IS DISTINCT FROM '已收回' AND NEW.recovered_date IS NULL THEN
      NEW.recovered_date := current_date;
    END IF;
  ELSE
    NEW.recovered_date := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER parcel_recovered_date BEFORE UPDATE OF status ON parcel
  FOR EACH ROW EXECUTE FUNCTION parcel_recovered_date();

-- 亩均效益评价 class per enterprise and year (rule of 0051/0081: county quotas on 亩均税收, A top 20 %,
-- D bottom 5 % (none under 10 enterprises) and anyone under 1 万元/亩 unrounded, B down to 60 %,
-- C the rest), now over the catalogue's 评价范围企业 of the year: the year's figures reported, in
-- production, tax reported, at least 3 亩 of that year's land (the year's reported land, else the
-- land in the books at the end of that year it held) — not the land held today.
CREATE OR REPLACE VIEW enterprise_appraisal_yearly AS
WITH r AS (
  SELECT e.id, e.county_code, y.year, (y.id IS NOT NULL) AS reported, y.tax::float8 AS tax, y.revenue::float8 AS revenue,
         (COALESCE(y.land_area_m2, (SELECT sum(pp.area_m2) FROM parcel pp WHERE pp.enterprise_id = e.id AND (NOT pp.deleted AND (pp.supply_date IS NULL OR pp.supply_date < make_date((y.year)::int + 1, 1, 1))
    AND NOT (pp.status = '已收回' AND (pp.recovered_date IS NULL OR pp.recovered_date < make_date((y.year)::int + 1, 1, 1)))))))::float8 AS land_m2
  FROM enterprise e JOIN enterprise_yearly y ON y.enterprise_id = e.id
  WHERE NOT e.deleted
),
fig AS (
  SELECT r.id, r.county_code, r.year,
         (CASE WHEN (r.reported AND COALESCE(r.land_m2 > 0, false)) AND r.tax IS NOT NULL AND (r.land_m2 / (10000.0 / 15)) > 0 THEN r.tax::float8 / (r.land_m2 / (10000.0 / 15)) END) AS tax_per_mu,
         r.land_m2
  FROM r
  WHERE ((r.reported AND COALESCE(r.land_m2 > 0, false)) AND r.tax IS NOT NULL AND COALESCE(r.revenue > 0, false) AND r.land_m2 >= 3 * (10000.0 / 15))
),
ranked AS (
  SELECT *,
         row_number() OVER (PARTITION BY year, county_code ORDER BY tax_per_mu DESC, id) AS rk,
         count(*) OVER (PARTITION BY year, county_code) AS n
  FROM fig
)
SELECT id AS enterprise_id, year, tax_per_mu, land_m2,
       CASE
         WHEN tax_per_mu < 1 OR rk > n - round(n * 0.05) THEN 'D'
         WHEN rk <= round(n * 0.20) THEN 'A'
         WHEN rk <= round(n * 0.60) THEN 'B'
         ELSE 'C'
       END AS class
FROM ranked;

-- The latest year's classes: the same view, one rule.
CREATE OR REPLACE VIEW enterprise_appraisal AS
SELECT enterprise_id, year, tax_per_mu, class
FROM enterprise_appraisal_yearly
WHERE year = (SELECT max(year) FROM enterprise_yearly);

-- 低效用地 flag per parcel for today's globe and maps: the catalogue's 低效用地 (低效 or 闲置, ADR 0014)
-- among land in the books today — the same parcels as the reports' 低效用地, not a wider rule.
CREATE OR REPLACE VIEW parcel_low_efficiency AS
SELECT p.id AS parcel_id,
       ((NOT p.deleted AND (p.supply_date IS NULL OR p.supply_date < (current_date + 1))
    AND NOT (p.status = '已收回' AND (p.recovered_date IS NULL OR p.recovered_date < (current_date + 1)))) AND p.status IN ('低效', '闲置')) AS low_efficiency
FROM parcel p;
