-- 差别化政策 (issue 15): the terms each appraisal class gets in a county and year
-- (src/domain/appraisal-policy.ts; the built-in terms stand until a county saves its own).
CREATE TABLE appraisal_policy (
  county_code            varchar(12) NOT NULL REFERENCES region(code),
  year                   smallint NOT NULL CHECK (year BETWEEN 1980 AND 2100),
  class                  char(1) NOT NULL CHECK (class IN ('A', 'B', 'C', 'D')),
  electricity_surcharge  double precision NOT NULL CHECK (electricity_surcharge >= 0),  -- 元/千瓦时
  water_surcharge        double precision NOT NULL CHECK (water_surcharge >= 0),        -- 元/立方米
  emission_fee_factor    double precision NOT NULL CHECK (emission_fee_factor > 0),
  land_tax_relief        double precision NOT NULL CHECK (land_tax_relief BETWEEN 0 AND 100), -- %
  new_land               varchar(8) NOT NULL CHECK (new_land IN ('优先保障', '一般保障', '限制', '禁止')),
  energy_quota           varchar(8) NOT NULL CHECK (energy_quota IN ('优先保障', '一般保障', '限制', '禁止')),
  credit                 varchar(40) NOT NULL DEFAULT '',
  updated_by             varchar(64) NOT NULL DEFAULT '',
  updated_at             timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (county_code, year, class)
);
