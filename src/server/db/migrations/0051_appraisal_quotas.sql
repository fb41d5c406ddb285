-- 亩均效益评价 quotas counted in enterprises, not percent ranks (docs/domain.md "Classes": A top 20 %,
-- D bottom 5 % plus anyone under 1 万元/亩). 0050 used percent_rank(), whose last row in every
-- county is at rank 1.0: each county with two appraised enterprises had a D and each county with
-- one had an A, so small or thinly seeded counties came out about a third D. Here a county of n
-- enterprises, ranked by 亩均税收, has round(20 % × n) A, round(5 % × n) D by quota (none under
-- 10 enterprises), B down to round(60 % × n), C the rest; 亩均税收 < 1 is D whatever the rank.
-- Same columns as before, so CREATE OR REPLACE keeps every reader.
CREATE OR REPLACE VIEW enterprise_appraisal AS
WITH latest AS (SELECT max(year) AS year FROM enterprise_yearly),
held AS (
  SELECT enterprise_id, sum(area_m2) AS m2 FROM parcel
  WHERE NOT deleted AND enterprise_id IS NOT NULL AND status <> '已收回' GROUP BY enterprise_id
),
fig AS (
  SELECT e.id, e.county_code, l.year,
         y.tax / NULLIF(COALESCE(y.land_area_m2, h.m2) / (10000.0 / 15), 0) AS tax_per_mu
  FROM enterprise e
  JOIN latest l ON true
  JOIN enterprise_yearly y ON y.enterprise_id = e.id AND y.year = l.year
  JOIN held h ON h.enterprise_id = e.id
  WHERE NOT e.deleted AND y.tax IS NOT NULL AND y.revenue > 0 AND h.m2 >= 10000.0 / 15 * 3
),
ranked AS (
  SELECT *,
         row_number() OVER (PARTITION BY county_code ORDER BY tax_per_mu DESC, id) AS rk,
         count(*) OVER (PARTITION BY county_code) AS n
  FROM fig
)
SELECT id AS enterprise_id, year, tax_per_mu,
       CASE
         WHEN tax_per_mu < 1 OR rk > n - round(n * 0.05) THEN 'D'
         WHEN rk <= round(n * 0.20) THEN 'A'
         WHEN rk <= round(n * 0.60) THEN 'B'
         ELSE 'C'
       END AS class
FROM ranked;
