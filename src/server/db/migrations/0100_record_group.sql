-- 地块分组 / 企业分组 (/system/IndustryMap/LandGroup, CompanyGroup): named sets of parcels or
-- enterprises. A group carries the district codes of the account that made it, like a record, so
-- the data scope (auth/data-scope) decides who sees it; a deleted group is kept, marked deleted.
CREATE TABLE record_group (
  id             serial       PRIMARY KEY,
  kind           varchar(10)  NOT NULL CHECK (kind IN ('parcel', 'enterprise')),
  name           varchar(50)  NOT NULL,
  remark         varchar(200) NOT NULL DEFAULT '',
  province_code  varchar(12)  REFERENCES region(code),
  city_code      varchar(12)  REFERENCES region(code),
  county_code    varchar(12)  REFERENCES region(code),
  town_code      varchar(12)  REFERENCES region(code),
  created_by     integer      NOT NULL REFERENCES app_user(id),
  deleted        boolean      NOT NULL DEFAULT false,
  created_at     timestamptz  NOT NULL DEFAULT now(),
  updated_at     timestamptz  NOT NULL DEFAULT now()
);
-- one live group of a name per kind and district
CREATE UNIQUE INDEX record_group_name_idx ON record_group(kind, name, COALESCE(town_code, county_code, city_code, province_code, ''))
  WHERE NOT deleted;

CREATE TABLE record_group_member (
  group_id   integer     NOT NULL REFERENCES record_group(id) ON DELETE CASCADE,
  -- parcel.id or enterprise.id, by the group's kind
  record_id  integer     NOT NULL,
  added_by   integer     NOT NULL REFERENCES app_user(id),
  added_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, record_id)
);
CREATE INDEX record_group_member_record_idx ON record_group_member(record_id);
