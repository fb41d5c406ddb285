-- People, permissions, reference data and the operation log.
CREATE EXTENSION IF NOT EXISTS postgis;

-- 行政区划: 330000 → city → county → town (9 digits), plus development-zone units under a county.
CREATE TABLE region (
  code        varchar(12) PRIMARY KEY,
  name        varchar(64) NOT NULL,
  level       varchar(8)  NOT NULL CHECK (level IN ('province', 'city', 'county', 'town')),
  parent_code varchar(12) REFERENCES region(code),
  sort        integer     NOT NULL DEFAULT 0,
  center      geometry(Point, 4326),
  geom        geometry(MultiPolygon, 4326),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX region_parent_idx ON region(parent_code);
CREATE INDEX region_geom_idx ON region USING gist(geom);

CREATE TABLE organization (
  id          serial PRIMARY KEY,
  name        varchar(100) NOT NULL,
  parent_id   integer NOT NULL DEFAULT -1,
  region_code varchar(12) REFERENCES region(code),
  sort        integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE app_user (
  id                serial PRIMARY KEY,
  username          varchar(50) NOT NULL UNIQUE,
  real_name         varchar(50) NOT NULL,
  -- salt sent to the client; the client sends hex(SHA-256(salt + password)) (docs/api.md sign-in)
  salt              varchar(64) NOT NULL,
  -- scrypt of the client digest: "scrypt$N$r$p$saltHex$hashHex"; the password itself is never stored
  password_hash     text NOT NULL,
  organization_id   integer REFERENCES organization(id),
  region_code       varchar(12) REFERENCES region(code),
  phone             varchar(20),
  avatar            varchar(255) NOT NULL DEFAULT '',
  status            smallint NOT NULL DEFAULT 1, -- 1 enabled, 0 disabled
  must_change_password boolean NOT NULL DEFAULT false,
  password_changed_at timestamptz NOT NULL DEFAULT now(),
  deleted           boolean NOT NULL DEFAULT false,
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE role (
  id          serial PRIMARY KEY,
  name        varchar(50) NOT NULL UNIQUE,
  code        varchar(50) NOT NULL UNIQUE,
  remark      varchar(255) NOT NULL DEFAULT '',
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_role (
  user_id integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  role_id integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  PRIMARY KEY (user_id, role_id)
);

-- 菜单: six groups (docs/product.md §6); parent_id -1 for top level (docs/product.md §3)
CREATE TABLE menu (
  id          serial PRIMARY KEY,
  parent_id   integer NOT NULL DEFAULT -1,
  name        varchar(50) NOT NULL,
  menu_route  varchar(200) NOT NULL UNIQUE,
  menu_group  varchar(20) NOT NULL CHECK (menu_group IN ('systemMenus', 'busMenus', 'bigDataMenus', 'DataMenus', 'landMenus', 'landLifeCycle')),
  sort        integer NOT NULL DEFAULT 0,
  icon        varchar(50) NOT NULL DEFAULT '',
  authority   varchar(100) NOT NULL DEFAULT ''
);
CREATE INDEX menu_parent_idx ON menu(parent_id);

CREATE TABLE role_menu (
  role_id integer NOT NULL REFERENCES role(id) ON DELETE CASCADE,
  menu_id integer NOT NULL REFERENCES menu(id) ON DELETE CASCADE,
  PRIMARY KEY (role_id, menu_id)
);

-- Tokens are verified against the database so that several API processes can share it.
CREATE TABLE session (
  token_hash   char(64) PRIMARY KEY,
  user_id      integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  ip           varchar(64) NOT NULL DEFAULT ''
);
CREATE INDEX session_user_idx ON session(user_id);

-- Server-side secrets and settings (e.g. the key behind fake salts for unknown users).
CREATE TABLE app_setting (
  key   varchar(100) PRIMARY KEY,
  value text NOT NULL
);

CREATE TABLE login_failure (
  id         bigserial PRIMARY KEY,
  username   varchar(50) NOT NULL,
  ip         varchar(64) NOT NULL DEFAULT '',
  at         timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failure_user_idx ON login_failure(username, at);

CREATE TABLE account_lock (
  username     varchar(50) PRIMARY KEY,
  locked_until timestamptz NOT NULL
);

CREATE TABLE dict (
  id          serial PRIMARY KEY,
  code        varchar(50) NOT NULL UNIQUE,
  name        varchar(100) NOT NULL,
  remark      varchar(255) NOT NULL DEFAULT ''
);

CREATE TABLE dict_item (
  id          serial PRIMARY KEY,
  dict_id     integer NOT NULL REFERENCES dict(id) ON DELETE CASCADE,
  value       varchar(50) NOT NULL,
  label       varchar(100) NOT NULL,
  sort        integer NOT NULL DEFAULT 0,
  UNIQUE (dict_id, value)
);

-- 操作日志: one row per mutating call, login success and failure included.
CREATE TABLE operation_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  user_id     integer,
  username    varchar(50) NOT NULL DEFAULT '',
  module      varchar(50) NOT NULL,
  action      varchar(200) NOT NULL,
  method      varchar(10) NOT NULL,
  path        varchar(300) NOT NULL,
  target      varchar(200) NOT NULL DEFAULT '',
  ip          varchar(64) NOT NULL DEFAULT '',
  status      integer NOT NULL,
  success     boolean NOT NULL,
  message     varchar(500) NOT NULL DEFAULT '',
  duration_ms integer NOT NULL DEFAULT 0
);
CREATE INDEX operation_log_at_idx ON operation_log(at DESC);
