-- 工业用地全生命周期 (docs/domain.md "Land lifecycle"): one project per supplied parcel, the dates of
-- its stages, the 标准地 commitments fixed at supply, and its zone shapes. Plus two read views
-- the globe (issue 5) colours by: the 亩均 appraisal class per enterprise and the
-- low-efficiency flag per parcel, derived from the seeded figures rather than stored twice.

CREATE TABLE lifecycle_project (
  id                      serial PRIMARY KEY,
  name                    varchar(200) NOT NULL,
  parcel_id               integer NOT NULL REFERENCES parcel(id) ON DELETE CASCADE,
  enterprise_id           integer REFERENCES enterprise(id) ON DELETE SET NULL,
  county_code             varchar(12) REFERENCES region(code),
  -- stage dates, in the order xmqy → tdgy → xmkg → sgjs → jgys → xmtc → xmpj; null = not reached
  signed_date             date NOT NULL,          -- 项目签约 xmqy
  supply_date             date,                   -- 土地供应 tdgy (交地)
  start_date              date,                   -- 项目开工 xmkg
  construction_date       date,                   -- 施工建设 sgjs (主体施工)
  completion_date         date,                   -- 竣工验收 jgys
  production_date         date,                   -- 项目投产 xmtc
  evaluation_date         date,                   -- 项目评价 xmpj (达产复核)
  -- deadlines (docs/domain.md: start within 12 months of delivery, completion within 24 months of start)
  start_deadline          date,
  completion_deadline     date,
  -- 标准地 commitments
  invest_intensity        double precision CHECK (invest_intensity >= 0),  -- 固定资产投资强度 万元/亩
  committed_plot_ratio    double precision CHECK (committed_plot_ratio >= 0),
  committed_tax_per_mu    double precision CHECK (committed_tax_per_mu >= 0), -- 亩均税收 万元/亩
  deleted                 boolean NOT NULL DEFAULT false,
  created_at              timestamptz NOT NULL DEFAULT now(),
  updated_at              timestamptz NOT NULL DEFAULT now(),
  CHECK (supply_date IS NULL OR supply_date >= signed_date),
  CHECK (start_date IS NULL OR (supply_date IS NOT NULL AND start_date >= supply_date)),
  CHECK (completion_date IS NULL OR (start_date IS NOT NULL AND completion_date >= start_date))
);
CREATE INDEX lifecycle_project_parcel_idx ON lifecycle_project(parcel_id);
CREATE INDEX lifecycle_project_county_idx ON lifecycle_project(county_code);

-- 指界 (boundary sketch), 勘测定界 (survey boundary), 竣工 (as-built)
CREATE TABLE lifecycle_zone (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES lifecycle_project(id) ON DELETE CASCADE,
  kind        varchar(8) NOT NULL CHECK (kind IN ('指界', '勘测定界', '竣工', '建新')),
  geom        geometry(MultiPolygon, 4326) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, kind)
);

-- 亩均效益评价 class per enterprise for the latest year with figures, by the docs/domain.md quotas on
-- 亩均税收 within each county: A top 20 %, D bottom 5 % and anyone under 1 万元/亩, B the next
-- 40 %, C the rest. In scope (docs/domain.md): enterprises in production (营业收入 > 0) holding ≥ 3 亩;
-- land still being built on is not appraised. (The weighted multi-indicator score of
-- /enterprise/appraise refines this later.)
CREATE VIEW enterprise_appraisal AS
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
  SELECT *, percent_rank() OVER (PARTITION BY county_code ORDER BY tax_per_mu DESC) AS pr FROM fig
)
SELECT id AS enterprise_id, year, tax_per_mu,
       CASE WHEN tax_per_mu < 1 OR pr >= 0.95 THEN 'D' WHEN pr < 0.2 THEN 'A' WHEN pr < 0.6 THEN 'B' ELSE 'C' END AS class
FROM ranked;

-- 低效用地 flag per parcel (docs/domain.md identification rules that the seeded figures can answer):
-- status 低效 or 闲置; a producing parcel with 容积率 < 1.0; an enterprise 停产 / 半停产.
CREATE VIEW parcel_low_efficiency AS
SELECT p.id AS parcel_id,
       (p.status IN ('低效', '闲置')
        OR (p.status = '已投产' AND COALESCE(p.plot_ratio, 0) < 1.0)
        OR COALESCE(e.status IN ('停产', '半停产'), false)) AS low_efficiency
FROM parcel p LEFT JOIN enterprise e ON e.id = p.enterprise_id;
