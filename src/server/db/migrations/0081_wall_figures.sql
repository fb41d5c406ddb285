-- Figures of the video walls (issue 6) that the master tables do not answer directly:
-- the 亩均 appraisal class of every enterprise in every year (not only the latest, so the wall's
-- year picker applies to /bigData/classify), and the reform news of the /show portal.

-- 亩均效益评价 class per enterprise and year, by the rule of enterprise_appraisal (0051: docs/domain.md
-- quotas counted in enterprises within each county: A top 20 %, D bottom 5 % (none under 10
-- enterprises) and anyone under 1 万元/亩, B the next 40 %, C the rest; in scope: in production
-- that year (营业收入 > 0), holding ≥ 3 亩 now).
-- enterprise_appraisal is this view's latest year; the API suite checks that the two agree.
CREATE VIEW enterprise_appraisal_yearly AS
WITH held AS (
  SELECT enterprise_id, sum(area_m2) AS m2 FROM parcel
  WHERE NOT deleted AND enterprise_id IS NOT NULL AND status <> '已收回' GROUP BY enterprise_id
),
fig AS (
  SELECT e.id, e.county_code, y.year,
         y.tax / NULLIF(COALESCE(y.land_area_m2, h.m2) / (10000.0 / 15), 0) AS tax_per_mu,
         COALESCE(y.land_area_m2, h.m2) AS land_m2
  FROM enterprise e
  JOIN enterprise_yearly y ON y.enterprise_id = e.id
  JOIN held h ON h.enterprise_id = e.id
  WHERE NOT e.deleted AND y.tax IS NOT NULL AND y.revenue > 0 AND h.m2 >= 10000.0 / 15 * 3
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

-- 改革动态 of the /show portal: published by an administrator, read by the public portal host.
CREATE TABLE reform_news (
  id            serial PRIMARY KEY,
  title         varchar(120) NOT NULL CHECK (length(btrim(title)) > 0),
  publish_date  date NOT NULL,
  source        varchar(60) NOT NULL CHECK (length(btrim(source)) > 0),  -- 来源 (发布单位)
  summary       varchar(500) NOT NULL CHECK (length(btrim(summary)) > 0),
  deleted       boolean NOT NULL DEFAULT false,
  created_by    varchar(64) NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reform_news_date_idx ON reform_news(publish_date DESC, id DESC);
