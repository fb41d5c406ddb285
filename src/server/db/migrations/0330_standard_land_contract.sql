-- 标准地 双合同 (issue 29 part 4, docs/domain.md "工业用地全生命周期"): a signed project carries its
-- 投资建设协议 (number; its date is the signing date) and its 国有建设用地使用权出让合同 (number, date),
-- the 供地方式, the 出让价款 and 履约保证金 in integer 分 (as migration 0310 keeps the money of 闲置土地),
-- the 违约金 rule, and the 乡镇 its land lies in; a missed commitment opens a 违约 record with its
-- 违约金 in 分.
ALTER TABLE lifecycle_project
  ADD COLUMN invest_agreement_no   varchar(60),                                    -- 投资建设协议编号
  ADD COLUMN land_contract_no      varchar(60),                                    -- 出让合同编号
  ADD COLUMN land_contract_date    date,                                           -- 出让合同签订日期
  ADD COLUMN supply_method         varchar(8),                                     -- 供地方式 (dict supply_method)
  ADD COLUMN supply_price_fen      bigint CHECK (supply_price_fen >= 0),           -- 出让价款 分
  ADD COLUMN performance_bond_fen  bigint CHECK (performance_bond_fen >= 0),       -- 履约保证金 分
  -- 违约金: ‰ of the 出让价款 per day of late start or completion; % of the tax missing at 项目评价
  ADD COLUMN late_penalty_permille numeric(6, 2) CHECK (late_penalty_permille BETWEEN 0 AND 10),
  ADD COLUMN tax_penalty_percent   numeric(6, 2) CHECK (tax_penalty_percent BETWEEN 0 AND 200),
  -- the 乡镇 of the land: the parcel's, else the town outline its shape lies in, else the one chosen at signing
  ADD COLUMN town_code             varchar(12) REFERENCES region(code),
  -- 项目评价 (达产复核) reads the enterprise's yearly figures of a year: which year, and the exact 亩均税收 judged
  -- (一本账 shows that same value beside the judgement)
  ADD COLUMN evaluation_year       smallint CHECK (evaluation_year BETWEEN 1980 AND 2100),
  ADD COLUMN evaluated_tax_per_mu  double precision CHECK (evaluated_tax_per_mu >= 0),
  ADD CONSTRAINT lifecycle_project_contract_date_check CHECK (land_contract_date IS NULL OR land_contract_date >= signed_date);

-- a contract number belongs to one project (an exited project keeps its numbers)
CREATE UNIQUE INDEX lifecycle_project_invest_agreement_no_idx ON lifecycle_project(invest_agreement_no) WHERE NOT deleted;
CREATE UNIQUE INDEX lifecycle_project_land_contract_no_idx ON lifecycle_project(land_contract_no) WHERE NOT deleted;

-- 违约: one record per kind and project, written in the transaction of the registration that reveals it
CREATE TABLE lifecycle_breach (
  id           serial      PRIMARY KEY,
  project_id   integer     NOT NULL REFERENCES lifecycle_project(id) ON DELETE CASCADE,
  kind         varchar(12) NOT NULL CHECK (kind IN ('逾期开工', '逾期竣工', '亩均税收未达承诺')),
  event_id     bigint      REFERENCES lifecycle_event(id) ON DELETE SET NULL,   -- the registration that revealed it
  found_date   date        NOT NULL,
  late_days    integer     CHECK (late_days > 0),          -- 逾期开工 / 逾期竣工
  committed    double precision,                           -- 亩均税收承诺 万元/亩
  actual       double precision,                           -- 实际亩均税收 万元/亩
  base_fen     bigint      NOT NULL CHECK (base_fen >= 0), -- the 出让价款 (lateness) or the tax missing × percent base
  penalty_fen  bigint      NOT NULL CHECK (penalty_fen >= 0),
  rule         varchar(200) NOT NULL,
  actor_id     integer     REFERENCES app_user(id),
  created_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, kind)
);

-- 违约认定 is a step of the project's 办理记录
ALTER TABLE proceeding_step DROP CONSTRAINT proceeding_step_subject_check;
ALTER TABLE proceeding_step ADD CONSTRAINT proceeding_step_subject_check
  CHECK (subject IN ('appraisal_batch', 'appraisal_model', 'appraisal_norm', 'objection', 'revitalize_plan', 'idle_case', 'lifecycle'));

-- The data standard has no 乡镇 field, and an approval sets the record's region from its county (town
-- left empty). The 乡镇 of a lifecycle project's land is decided at signing; the approval of a
-- submission the project wrote its parcel facts through (its 新增 of planned land or a registration's
-- 修改) writes it to the parcel, in the approval's transaction, as migration 0220 links the parcel.
CREATE FUNCTION lifecycle_town_on_approval() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE parcel p SET town_code = lp.town_code
    FROM lifecycle_project lp
   WHERE p.id = NEW.target_id AND lp.town_code IS NOT NULL AND p.town_code IS DISTINCT FROM lp.town_code
     AND p.county_code IS NOT DISTINCT FROM (SELECT parent_code FROM region WHERE code = lp.town_code)
     AND (lp.land_submission_id = NEW.id
          OR EXISTS (SELECT 1 FROM lifecycle_event ev WHERE ev.project_id = lp.id AND ev.submission_id = NEW.id));
  RETURN NEW;
END $$;
CREATE TRIGGER lifecycle_town_on_approval AFTER UPDATE OF state ON dc_submission
  FOR EACH ROW WHEN (NEW.state = '已通过' AND NEW.kind = 'parcel' AND NEW.target_id IS NOT NULL)
  EXECUTE FUNCTION lifecycle_town_on_approval();
