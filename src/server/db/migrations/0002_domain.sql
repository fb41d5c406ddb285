-- Core domain: industrial parks, enterprises (用地单位) with their yearly figures, and parcels (地块).
-- docs/domain.md is the meaning of every column. Accepted by PostgreSQL 15 + PostGIS 3.3 and by
-- PGlite (PostgreSQL 18 + PostGIS 3.6).
--
-- Conventions:
-- * Geometry is EPSG:4326 only (docs/architecture.md "Database"); nothing here is GCJ-02.
-- * Official areas are generated columns, ST_Area(ST_Transform(geom, 4549)) (CGCS2000 GK CM 120°E):
--   the database, not the caller, decides an area, so it can never drift from the shape.
-- * Measurements and money are double precision: PGlite returns numeric as a string while the
--   pg driver is set to return a number, and one type on both engines matters more than decimals.
-- * Region codes are nullable so that imported records without an owner region can wait to be
--   claimed (认领 foundGyyd / foundYddw); every code that is set must exist in region.
-- * Soft delete: `deleted`. Codes stay unique across deleted rows — a code is an identity, so
--   re-entering a deleted one restores that record rather than creating a twin.

-- 产业园区 / 开发区
CREATE TABLE industrial_park (
  id              serial PRIMARY KEY,
  name            varchar(100) NOT NULL UNIQUE,
  -- 开发区级别
  level           varchar(8)  NOT NULL DEFAULT '省级' CHECK (level IN ('国家级', '省级', '市级', '县级')),
  -- 经济技术开发区 / 高新技术产业开发区 / 工业园区 / 小微企业园 …
  category        varchar(20) NOT NULL DEFAULT '经济开发区',
  province_code   varchar(12) NOT NULL REFERENCES region(code),
  city_code       varchar(12) NOT NULL REFERENCES region(code),
  county_code     varchar(12) NOT NULL REFERENCES region(code),
  center          geometry(Point, 4326) NOT NULL,
  geom            geometry(MultiPolygon, 4326),
  -- 规划面积 (平方米) as approved; area_m2 is the drawn boundary's area
  planned_area_m2 double precision CHECK (planned_area_m2 >= 0),
  area_m2         double precision GENERATED ALWAYS AS (ST_Area(ST_Transform(geom, 4549))) STORED,
  approved_year   smallint CHECK (approved_year BETWEEN 1980 AND 2100),
  managing_org    varchar(100) NOT NULL DEFAULT '',
  remark          varchar(500) NOT NULL DEFAULT '',
  sort            integer NOT NULL DEFAULT 0,
  deleted         boolean NOT NULL DEFAULT false,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX industrial_park_county_idx ON industrial_park(county_code);
CREATE INDEX industrial_park_city_idx ON industrial_park(city_code);
CREATE INDEX industrial_park_geom_idx ON industrial_park USING gist(geom);

-- 企业 (用地单位), identified by 统一社会信用代码
CREATE TABLE enterprise (
  id                 serial PRIMARY KEY,
  -- GB 32100-2015; the check char is verified by the service (src/domain/codes/credit-code.ts)
  credit_code        varchar(18) NOT NULL UNIQUE CHECK (credit_code ~ '^[0-9A-HJ-NPQRTUWXY]{18}$'),
  name               varchar(200) NOT NULL,
  -- GB/T 4754-2017: a division (C13 … C43) or a finer class (C3411)
  industry_code      varchar(5) CHECK (industry_code ~ '^[A-T][0-9]{2}([0-9]{1,2})?$'),
  -- 规上 = 规模以上工业企业 (营业收入 ≥ 2000 万元); 规下 otherwise (docs/domain.md 亩均效益评价)
  scale              varchar(4) NOT NULL DEFAULT '规下' CHECK (scale IN ('规上', '规下')),
  legal_person       varchar(50) NOT NULL DEFAULT '',
  established_date   date,
  registered_capital double precision CHECK (registered_capital >= 0), -- 注册资本 万元
  employees          integer CHECK (employees >= 0),
  contact_person     varchar(50) NOT NULL DEFAULT '',
  contact_phone      varchar(30) NOT NULL DEFAULT '',
  address            varchar(255) NOT NULL DEFAULT '',
  province_code      varchar(12) REFERENCES region(code),
  city_code          varchar(12) REFERENCES region(code),
  county_code        varchar(12) REFERENCES region(code),
  town_code          varchar(12) REFERENCES region(code),
  park_id            integer REFERENCES industrial_park(id),
  location           geometry(Point, 4326),
  -- 停产 / 半停产 feed the low-efficiency rules; 注销 / 迁出 end the yearly figures
  status             varchar(8) NOT NULL DEFAULT '在营' CHECK (status IN ('在营', '停产', '半停产', '注销', '迁出')),
  deleted            boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX enterprise_county_idx ON enterprise(county_code);
CREATE INDEX enterprise_city_idx ON enterprise(city_code);
CREATE INDEX enterprise_park_idx ON enterprise(park_id);
CREATE INDEX enterprise_industry_idx ON enterprise(industry_code);
CREATE INDEX enterprise_location_idx ON enterprise USING gist(location);

-- 企业年度指标: the inputs of 亩均效益评价 (tax, statistics, power, environment data), one row a year
CREATE TABLE enterprise_yearly (
  id             bigserial PRIMARY KEY,
  enterprise_id  integer  NOT NULL REFERENCES enterprise(id) ON DELETE CASCADE,
  year           smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  tax            double precision CHECK (tax >= 0),          -- 实缴税金 万元
  value_added    double precision,                           -- 工业增加值 万元
  revenue        double precision CHECK (revenue >= 0),      -- 营业收入 万元
  energy         double precision CHECK (energy >= 0),       -- 综合能耗 吨标准煤
  emissions      double precision CHECK (emissions >= 0),    -- 主要污染物排放当量 吨
  employees      integer CHECK (employees >= 0),             -- 年平均职工人数
  rd_expense     double precision CHECK (rd_expense >= 0),   -- R&D 经费支出 万元
  -- 用地面积 (平方米) that year, the 亩均 denominator: land held that year incl. leased land;
  -- null means "the enterprise's current parcels"
  land_area_m2   double precision CHECK (land_area_m2 >= 0),
  created_at     timestamptz NOT NULL DEFAULT now(),
  updated_at     timestamptz NOT NULL DEFAULT now(),
  UNIQUE (enterprise_id, year)
);
CREATE INDEX enterprise_yearly_year_idx ON enterprise_yearly(year);

-- 地块 (宗地)
CREATE TABLE parcel (
  id                     serial PRIMARY KEY,
  -- 宗地代码, 19 chars: county 6 + 地籍区 3 + 地籍子区 3 + 特征码 2 + 顺序号 5 (src/domain/codes/parcel-code.ts)
  land_code              varchar(19) NOT NULL UNIQUE CHECK (land_code ~ '^[0-9]{12}[GJZ][A-Z][0-9]{5}$'),
  name                   varchar(200) NOT NULL,
  -- 现状地类 GB/T 21010-2017 (0601 工业 / 0602 采矿 / 0604 仓储)
  land_use_code          varchar(4) NOT NULL DEFAULT '0601' CHECK (land_use_code ~ '^[0-9]{4}$'),
  -- 规划用途, 用地用海分类 2023 (100101 / 100102 / 100103 / 1101 …)
  planning_use_code      varchar(6) CHECK (planning_use_code ~ '^[0-9]{4}([0-9]{2})?$'),
  area_m2                double precision GENERATED ALWAYS AS (ST_Area(ST_Transform(geom, 4549))) STORED,
  plot_ratio             double precision CHECK (plot_ratio >= 0),                                  -- 容积率 (现状)
  building_density       double precision CHECK (building_density >= 0 AND building_density <= 100), -- 建筑密度 %
  building_area          double precision CHECK (building_area >= 0),                               -- 建筑面积 平方米
  -- 供地
  supply_date            date,
  supply_method          varchar(8) CHECK (supply_method IN ('出让', '划拨', '租赁', '作价出资', '授权经营', '其他')),
  supply_price           double precision CHECK (supply_price >= 0),                                -- 出让价款 万元
  use_term_years         smallint CHECK (use_term_years BETWEEN 1 AND 70),                          -- 出让年限
  -- 约定 / 实际 开工与竣工: 闲置 is "not started one year past the agreed date" (docs/domain.md 低效用地)
  agreed_start_date      date,
  agreed_completion_date date,
  actual_start_date      date,
  actual_completion_date date,
  status                 varchar(8) NOT NULL DEFAULT '已投产' CHECK (status IN ('已供未建', '在建', '已投产', '闲置', '低效', '已收回')),
  location_desc          varchar(255) NOT NULL DEFAULT '', -- 坐落
  province_code          varchar(12) REFERENCES region(code),
  city_code              varchar(12) REFERENCES region(code),
  county_code            varchar(12) REFERENCES region(code),
  town_code              varchar(12) REFERENCES region(code),
  park_id                integer REFERENCES industrial_park(id),
  -- 用地单位; null = not yet linked (认领 / 数据处理 links it)
  enterprise_id          integer REFERENCES enterprise(id) ON DELETE SET NULL,
  geom                   geometry(MultiPolygon, 4326),
  deleted                boolean NOT NULL DEFAULT false,
  created_at             timestamptz NOT NULL DEFAULT now(),
  updated_at             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX parcel_county_idx ON parcel(county_code);
CREATE INDEX parcel_city_idx ON parcel(city_code);
CREATE INDEX parcel_enterprise_idx ON parcel(enterprise_id);
CREATE INDEX parcel_park_idx ON parcel(park_id);
CREATE INDEX parcel_status_idx ON parcel(status);
CREATE INDEX parcel_geom_idx ON parcel USING gist(geom);
