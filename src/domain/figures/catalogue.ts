/**
 * 指标口径: THE catalogue of every figure the product shows — on pages, walls, report headers,
 * maps and exports. Each figure has one key, its Chinese name, unit, display digits, the
 * population it counts, the 口径 sentence users read on hover, and one pure formula. The server
 * computes each figure with one SQL fragment (src/server/figures) and the web formats it with one
 * formatter per unit (`./format.ts`); nothing else defines a figure.
 *
 * As of (issue 29): a STOCK figure (asOf 'yearEnd': land, 低效, 闲置, the 台账) counts land as it
 * stood at the end of year Y — or today, when Y is the current year ("截至今日"); a YEARLY figure
 * (asOf 'year': the enterprises' figures, 亩均, the plans done in a year) is of year Y; a figure
 * of asOf 'today' is always today's. `asOfLabel` is the one text every page, wall, report, map
 * legend and export shows next to a figure. Formulas never round; rounding is for display only.
 */
import { mu, ratio } from './formulas'

/** Units of the figures (docs/domain.md "Units and codes": areas in 亩, money in 万元). */
export type FigureUnit =
  '宗' | '亩' | '家' | '个' | '万元' | '元' | '万元/亩' | '万元/人' | '万元/吨标准煤' | '万元/吨' | '%' | '平方米' | '倍'

/**
 * Which moment a figure describes: 'yearEnd' a stock at the end of the year asked for (today for the
 * current year), 'year' a yearly figure of the year asked for, 'today' always today.
 */
export type FigureAsOf = 'yearEnd' | 'year' | 'today'

/** The populations figures count, each named on screen by its own word. */
export const POPULATIONS = {
  landOfYear: {
    name: '在册工业用地',
    sentence: '统计年度末已供应（供地日期不晚于年末，或未登记供地日期）且未收回（未标记"已收回"，或收回日期晚于年末）的地块',
  },
  lowLandOfYear: {
    name: '低效用地',
    sentence:
      '在册工业用地中低效用地台账已认定、尚未销号的地块，加上状态为"闲置"的地块（含闲置）；截至今日，或截至所选年度年末（认定、销号和状态都取那时的）',
  },
  idleLandOfYear: {
    name: '闲置用地',
    sentence: '在册工业用地中状态为"闲置"的地块；截至今日，或截至所选年度年末的状态',
  },
  suspectedLow: {
    name: '疑似低效用地',
    sentence: '低效用地评价模型标出、已进入低效用地台账但尚未认定的地块（台账状态"疑似"），截至今日；不是低效用地',
  },
  parks: {
    name: '开发区（园区）',
    sentence: '未删除的开发区、工业园区，截至今日',
  },
  landEnterprises: {
    name: '用地企业',
    sentence: '统计年度末有用地的企业：当年申报了用地面积，或未申报时年末持有在册工业用地',
  },
  scaleAbove: {
    name: '规上企业',
    sentence: '用地企业中的规模以上工业企业（营业收入 ≥ 2000 万元；规模取企业该年 12 月 31 日登记的规模）',
  },
  scaleBelow: {
    name: '规下企业',
    sentence: '用地企业中的规模以下工业企业（规模取企业该年 12 月 31 日登记的规模）',
  },
  ratedEnterprises: {
    name: '参评企业',
    sentence: '报送了当年年度指标且当年用地面积大于 0 的企业；用地面积取当年申报数，未申报时取年末持有的在册工业用地面积',
  },
  appraisedEnterprises: {
    name: '评价范围企业',
    sentence:
      '当年已发布的亩均效益评价批次中分为 A、B、C、D 类的企业（评价对象为在产、报送税收的规上企业，和用地不少于模型下限的规下企业）',
  },
  lifecycleProjects: {
    name: '全生命周期项目',
    sentence: '地块未删除的全生命周期项目，截至今日',
  },
  stockLand: {
    name: '盘活处置用地',
    sentence:
      '低效用地台账中已认定的地块、立案的闲置土地，以及当前状态为"低效"或"闲置"而尚未入账或立案的地块；立案的闲置土地按闲置计，截至今日',
  },
  idleCases: {
    name: '闲置土地案件',
    sentence: '每宗地块最新的闲置土地案件，截至今日',
  },
  revitalizeLedger: {
    name: '台账入账地块（含销号）',
    sentence: '认定日期不晚于统计年度末的低效用地台账条目（已认定、已纳入方案、实施中、已完成销号；疑似和复核剔除不计）',
  },
  revitalizeDone: {
    name: '办结盘活方案',
    sentence: '办结日期在统计年度内、状态为已完成或已验收的盘活处置方案（未删除、未终止）',
  },
  revitalizeTasks: {
    name: '盘活任务',
    sentence: '各区县当年下达的低效用地盘活任务（亩）',
  },
  suppliedLand: {
    name: '当期供地',
    sentence: '供地日期落在统计期（年度或月份）内、未删除的工业用地，含之后收回的地块',
  },
  stageEvents: {
    name: '当月阶段进展',
    sentence: '某一阶段的登记日期落在统计月份内的全生命周期项目（地块未删除），按阶段分别计',
  },
} as const satisfies Record<string, { name: string; sentence: string }>

/** A population key. */
export type PopulationKey = keyof typeof POPULATIONS

/** The numerator or denominator of a ratio, as its tooltip shows it. */
export interface RatioPart {
  name: string
  unit: string
  digits: number
}

interface FigureBase {
  key: string
  /** the name on screen */
  name: string
  unit: FigureUnit
  /** decimals shown (formulas never round) */
  digits: number
  population: PopulationKey
  asOf: FigureAsOf
  /** 口径: the sentence a user reads on hover */
  caliber: string
}

/** A count of a population (宗, 家, 个). */
export interface CountFigure extends FigureBase {
  kind: 'count'
  formula: (count: number) => number
}

/** An area: 平方米 summed, shown in 亩. */
export interface AreaFigure extends FigureBase {
  kind: 'area'
  formula: (m2: number | null) => number | null
}

/** A sum of a yearly input (万元). */
export interface SumFigure extends FigureBase {
  kind: 'sum'
  formula: (value: number | null) => number | null
}

/** A ratio of two sums over the same enterprises; its tooltip shows both. */
export interface RatioFigure extends FigureBase {
  kind: 'ratio'
  numerator: RatioPart
  denominator: RatioPart
  /** numerator and denominator in their parts' units → the figure (null without a denominator) */
  formula: (numerator: number | null, denominator: number | null) => number | null
}

/** Any figure of the catalogue. */
export type Figure = CountFigure | AreaFigure | SumFigure | RatioFigure

const count = (f: Omit<CountFigure, 'kind' | 'formula' | 'digits'>): CountFigure => ({ ...f, kind: 'count', digits: 0, formula: (n) => n })
const area = (f: Omit<AreaFigure, 'kind' | 'formula' | 'unit' | 'digits'>): AreaFigure => ({
  ...f,
  kind: 'area',
  unit: '亩',
  digits: 2,
  formula: (m2) => mu(m2),
})
const sum = (f: Omit<SumFigure, 'kind' | 'formula' | 'unit' | 'digits'>): SumFigure => ({
  ...f,
  kind: 'sum',
  unit: '万元',
  digits: 2,
  formula: (v) => v,
})
const perRatio = (f: Omit<RatioFigure, 'kind' | 'formula' | 'digits'>, scale = 1): RatioFigure => ({
  ...f,
  kind: 'ratio',
  digits: 2,
  formula: (n, d) => ratio(n, d, scale),
})

const LAND_PART: RatioPart = { name: '参评用地面积', unit: '亩', digits: 2 }
const YEAR_LAND = '用地面积取企业当年申报数，未申报时取年末持有的在册工业用地面积'

/** Every figure, by key. */
export const FIGURES = {
  // ---- land, at the end of the year ----
  parcelCount: count({
    key: 'parcelCount',
    name: '地块数',
    unit: '宗',
    population: 'landOfYear',
    asOf: 'yearEnd',
    caliber: '在册工业用地的宗数：截至今日，或截至所选年度年末已供应（或未登记供地日期）且未收回的地块。',
  }),
  landAreaMu: area({
    key: 'landAreaMu',
    name: '用地面积',
    population: 'landOfYear',
    asOf: 'yearEnd',
    caliber:
      '在册工业用地（截至今日，或所选年度年末）的面积合计，按 CGCS2000 高斯-克吕格 3 度带（EPSG:4549）计算，1 亩 = 10000/15 平方米。',
  }),
  lowEfficiencyCount: count({
    key: 'lowEfficiencyCount',
    name: '低效用地数',
    unit: '宗',
    population: 'lowLandOfYear',
    asOf: 'yearEnd',
    caliber:
      '低效用地台账中已认定、尚未销号的在册工业用地宗数，加上状态为"闲置"的（含闲置）：截至今日，或截至所选年度年末（那时已认定、尚未销号）；此后的认定、销号计入其发生的年度。疑似（未认定）的不计。',
  }),
  lowEfficiencyAreaMu: area({
    key: 'lowEfficiencyAreaMu',
    name: '低效用地面积',
    population: 'lowLandOfYear',
    asOf: 'yearEnd',
    caliber: '低效用地（含闲置）的面积合计，亩。',
  }),
  idleCount: count({
    key: 'idleCount',
    name: '闲置用地数',
    unit: '宗',
    population: 'idleLandOfYear',
    asOf: 'yearEnd',
    caliber: '在册工业用地中状态为"闲置"的宗数：截至今日，或截至所选年度年末的状态；此后的认定或变更计入其发生的年度。',
  }),
  idleAreaMu: area({
    key: 'idleAreaMu',
    name: '闲置用地面积',
    population: 'idleLandOfYear',
    asOf: 'yearEnd',
    caliber: '闲置用地的面积合计，亩。',
  }),
  parkCount: count({
    key: 'parkCount',
    name: '园区数',
    unit: '个',
    population: 'parks',
    asOf: 'today',
    caliber: '开发区（园区）的个数，截至今日。',
  }),

  // ---- enterprises of the year ----
  landEnterpriseCount: count({
    key: 'landEnterpriseCount',
    name: '用地企业数',
    unit: '家',
    population: 'landEnterprises',
    asOf: 'year',
    caliber: '统计年度末有用地的企业数：当年申报了用地面积，或未申报时年末持有在册工业用地。',
  }),
  scaleAboveCount: count({
    key: 'scaleAboveCount',
    name: '规上企业数',
    unit: '家',
    population: 'scaleAbove',
    asOf: 'year',
    caliber: '用地企业中规模以上工业企业（营业收入 ≥ 2000 万元）的家数，规模取企业年末登记的规模（此后的变更计入其发生的年度）。',
  }),
  scaleBelowCount: count({
    key: 'scaleBelowCount',
    name: '规下企业数',
    unit: '家',
    population: 'scaleBelow',
    asOf: 'year',
    caliber: '用地企业中规模以下工业企业的家数，规模取企业年末登记的规模（此后的变更计入其发生的年度）。',
  }),
  ratedEnterpriseCount: count({
    key: 'ratedEnterpriseCount',
    name: '参评企业数',
    unit: '家',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: `报送了当年年度指标且当年用地面积大于 0 的企业数，即亩均指标计入的企业；${YEAR_LAND}。`,
  }),
  appraisedEnterpriseCount: count({
    key: 'appraisedEnterpriseCount',
    name: '评价范围企业数',
    unit: '家',
    population: 'appraisedEnterprises',
    asOf: 'year',
    caliber:
      '当年已发布的亩均效益评价批次中分了 A、B、C、D 类的企业数。评价对象：当年在产（营业收入 > 0）、报送了税收的规上企业全部，规下企业用地不少于评价模型的用地下限（默认 3 亩）；当年批次未发布时为 0。',
  }),
  lowTaxEnterpriseCount: count({
    key: 'lowTaxEnterpriseCount',
    name: '亩均税收低于1万元企业数',
    unit: '家',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业中当年亩均税收低于 1 万元/亩的家数；按未取整的亩均税收比较（0.9992 算低于 1）。',
  }),

  // ---- sums of the year over the rated enterprises ----
  tax: sum({
    key: 'tax',
    name: '实缴税金',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年实缴税金合计，万元。',
  }),
  valueAdded: sum({
    key: 'valueAdded',
    name: '工业增加值',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年工业增加值合计，万元。',
  }),
  revenue: sum({
    key: 'revenue',
    name: '营业收入',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年营业收入合计，万元。',
  }),
  ratedLandMu: area({
    key: 'ratedLandMu',
    name: '参评用地面积',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: `参评企业当年用地面积合计，即亩均指标的分母；${YEAR_LAND}（含租赁用地，故可与在册工业用地面积不同）。`,
  }),

  // ---- the 亩均 indicators (docs/domain.md 亩均效益评价) ----
  taxPerMu: perRatio({
    key: 'taxPerMu',
    name: '亩均税收',
    unit: '万元/亩',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: `参评企业当年实缴税金合计 ÷ 其当年用地面积合计（亩）；只计报送了税收的企业，${YEAR_LAND}。`,
    numerator: { name: '实缴税金', unit: '万元', digits: 2 },
    denominator: LAND_PART,
  }),
  valueAddedPerMu: perRatio({
    key: 'valueAddedPerMu',
    name: '亩均增加值',
    unit: '万元/亩',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: `参评企业当年工业增加值合计 ÷ 其当年用地面积合计（亩）；只计报送了增加值的企业，${YEAR_LAND}。`,
    numerator: { name: '工业增加值', unit: '万元', digits: 2 },
    denominator: LAND_PART,
  }),
  revenuePerMu: perRatio({
    key: 'revenuePerMu',
    name: '亩均营业收入',
    unit: '万元/亩',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: `参评企业当年营业收入合计 ÷ 其当年用地面积合计（亩）；只计报送了营业收入的企业，${YEAR_LAND}。`,
    numerator: { name: '营业收入', unit: '万元', digits: 2 },
    denominator: LAND_PART,
  }),
  laborProductivity: perRatio({
    key: 'laborProductivity',
    name: '全员劳动生产率',
    unit: '万元/人',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年工业增加值合计 ÷ 年平均职工人数合计；只计职工人数大于 0 且报送了增加值的企业。',
    numerator: { name: '工业增加值', unit: '万元', digits: 2 },
    denominator: { name: '年平均职工人数', unit: '人', digits: 0 },
  }),
  energyEfficiency: perRatio({
    key: 'energyEfficiency',
    name: '单位能耗增加值',
    unit: '万元/吨标准煤',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年工业增加值合计 ÷ 综合能耗合计（吨标准煤）；只计能耗大于 0 且报送了增加值的企业。',
    numerator: { name: '工业增加值', unit: '万元', digits: 2 },
    denominator: { name: '综合能耗', unit: '吨标准煤', digits: 2 },
  }),
  emissionEfficiency: perRatio({
    key: 'emissionEfficiency',
    name: '单位排放增加值',
    unit: '万元/吨',
    population: 'ratedEnterprises',
    asOf: 'year',
    caliber: '参评企业当年工业增加值合计 ÷ 主要污染物排放当量合计（吨）；只计排放大于 0 且报送了增加值的企业。',
    numerator: { name: '工业增加值', unit: '万元', digits: 2 },
    denominator: { name: '主要污染物排放当量', unit: '吨', digits: 3 },
  }),
  rdRatio: perRatio(
    {
      key: 'rdRatio',
      name: 'R&D经费占营业收入比重',
      unit: '%',
      population: 'ratedEnterprises',
      asOf: 'year',
      caliber: '参评企业当年 R&D 经费支出合计 ÷ 营业收入合计 × 100%；只计营业收入大于 0 且报送了 R&D 经费的企业。',
      numerator: { name: 'R&D经费支出', unit: '万元', digits: 2 },
      denominator: { name: '营业收入', unit: '万元', digits: 2 },
    },
    100,
  ),

  // ---- supply and lifecycle progress within a period (year or month of the year) ----
  suppliedAreaMu: area({
    key: 'suppliedAreaMu',
    name: '供地面积',
    population: 'suppliedLand',
    asOf: 'year',
    caliber: '供地日期落在统计期（年度或该年的月份）内的工业用地面积合计，含之后收回的地块；1 亩 = 10000/15 平方米。',
  }),
  stageReachedCount: count({
    key: 'stageReachedCount',
    name: '阶段进展项目数',
    unit: '个',
    population: 'stageEvents',
    asOf: 'year',
    caliber:
      '该阶段（项目签约、土地供应、项目开工……项目评价）的登记日期落在所选月份内的项目个数；一个项目当月到达几个阶段就分别计入各阶段。',
  }),

  // ---- lifecycle projects, as of today ----
  projectCount: count({
    key: 'projectCount',
    name: '项目数',
    unit: '个',
    population: 'lifecycleProjects',
    asOf: 'today',
    caliber: '全生命周期项目的个数，截至今日。',
  }),
  inConstructionCount: count({
    key: 'inConstructionCount',
    name: '在建项目数',
    unit: '个',
    population: 'lifecycleProjects',
    asOf: 'today',
    caliber: '截至今日已开工、尚未竣工验收的项目个数（所处阶段为项目开工或施工建设）。',
  }),
  overdueCount: count({
    key: 'overdueCount',
    name: '逾期项目数',
    unit: '个',
    population: 'lifecycleProjects',
    asOf: 'today',
    caliber:
      '截至今日逾期的项目个数：开工期限（默认交地后 12 个月）已过仍未开工，或竣工期限（默认开工后 24 个月）已过仍未竣工；已退出的项目不计。',
  }),
  belowCommitmentCount: count({
    key: 'belowCommitmentCount',
    name: '未达承诺项目数',
    unit: '个',
    population: 'lifecycleProjects',
    asOf: 'year',
    caliber: '已投产、且用地企业当年亩均税收（未取整）低于标准地承诺亩均税收的项目个数。',
  }),
  failedEvaluationCount: count({
    key: 'failedEvaluationCount',
    name: '评价未达标项目数',
    unit: '个',
    population: 'lifecycleProjects',
    asOf: 'today',
    caliber: '截至今日项目评价（达产复核）结论为未达标的项目个数：任一标准地承诺指标的实际值低于承诺值。',
  }),

  // ---- 盘活处置 of 低效 and 闲置 land, as of today ----
  stockCount: count({
    key: 'stockCount',
    name: '盘活处置地块数',
    unit: '宗',
    population: 'stockLand',
    asOf: 'today',
    caliber:
      '截至今日低效用地与闲置土地的宗数，按处置状态（未处置、方案中、实施中、已完成）分列；一宗地块只计一次，立案的闲置土地按闲置计。',
  }),
  stockAreaMu: area({
    key: 'stockAreaMu',
    name: '盘活处置面积',
    population: 'stockLand',
    asOf: 'today',
    caliber: '截至今日低效用地与闲置土地的面积合计，亩，按处置状态分列。',
  }),
  // money of 闲置土地 is kept in 分 (issue 28): shown in 元 to the 分, exactly as stored
  idleFeeDue: {
    ...sum({
      key: 'idleFeeDue',
      name: '应缴土地闲置费',
      population: 'idleCases',
      asOf: 'today',
      caliber:
        '截至今日处置方式为征缴土地闲置费的闲置土地案件应缴金额合计：闲置满一年不满两年的，按土地出让或划拨价款的 20% 计，元（精确到分）。',
    }),
    unit: '元',
  },
  idleFeePaid: {
    ...sum({
      key: 'idleFeePaid',
      name: '已缴土地闲置费',
      population: 'idleCases',
      asOf: 'today',
      caliber: '截至今日闲置土地案件已登记缴纳的土地闲置费合计，元（精确到分）。',
    }),
    unit: '元',
  },

  // ---- 疑似低效: flagged by the model, not confirmed (not 低效用地) ----
  suspectedLowCount: count({
    key: 'suspectedLowCount',
    name: '疑似低效用地数',
    unit: '宗',
    population: 'suspectedLow',
    asOf: 'today',
    caliber: '截至今日低效用地台账中状态为"疑似"的宗数：评价模型标出、尚未认定；认定后计入低效用地，复核剔除后不再计。',
  }),
  suspectedLowAreaMu: area({
    key: 'suspectedLowAreaMu',
    name: '疑似低效用地面积',
    population: 'suspectedLow',
    asOf: 'today',
    caliber: '疑似低效用地（台账状态"疑似"）各地块的面积合计，截至今日。',
  }),

  // ---- 低效用地再开发 (docs/domain.md 低效用地): the 台账 at the end of the year, the effects of the plans done in it ----
  ledgerCount: count({
    key: 'ledgerCount',
    name: '台账入账宗数（含销号）',
    unit: '宗',
    population: 'revitalizeLedger',
    asOf: 'yearEnd',
    caliber:
      '低效用地台账截至今日（或所选年度年末）已认定入账的宗数：未复核剔除的条目，含已纳入方案、实施中和已销号的；已销号的不再是低效用地，故可多于低效用地数。',
  }),
  ledgerAreaMu: area({
    key: 'ledgerAreaMu',
    name: '台账入账面积（含销号）',
    population: 'revitalizeLedger',
    asOf: 'yearEnd',
    caliber: '台账低效用地各地块的面积合计（地块图形按 EPSG:4549 计算），1 亩 = 10000/15 平方米。',
  }),
  revitalizedAreaMu: area({
    key: 'revitalizedAreaMu',
    name: '盘活面积',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '统计年度内办结（已完成、已验收）的盘活方案的计划盘活面积合计。',
  }),
  revitalizeTaskMu: {
    key: 'revitalizeTaskMu',
    kind: 'sum',
    name: '盘活任务',
    unit: '亩',
    digits: 2,
    population: 'revitalizeTasks',
    asOf: 'year',
    caliber: '各区县当年下达的低效用地盘活任务面积合计。',
    formula: (v) => v,
  },
  revitalizeCompletionRate: perRatio(
    {
      key: 'revitalizeCompletionRate',
      name: '盘活任务完成率',
      unit: '%',
      population: 'revitalizeTasks',
      asOf: 'year',
      caliber: '盘活面积 ÷ 盘活任务 × 100%：统计年度内办结的盘活方案的计划盘活面积，除以当年下达的盘活任务；无任务时不计算。',
      numerator: { name: '盘活面积', unit: '亩', digits: 2 },
      denominator: { name: '盘活任务', unit: '亩', digits: 2 },
    },
    100,
  ),
  freedAreaMu: area({
    key: 'freedAreaMu',
    name: '腾出面积',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '统计年度内办结的盘活方案在办结时登记的实际腾出土地面积合计。',
  }),
  newBuildingArea: {
    key: 'newBuildingArea',
    kind: 'sum',
    name: '新增建筑面积',
    unit: '平方米',
    digits: 0,
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '统计年度内办结的盘活方案在办结时登记的实际新增建筑面积合计（平方米）。',
    formula: (v) => v,
  },
  newInvestment: sum({
    key: 'newInvestment',
    name: '新增投资',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '统计年度内办结的盘活方案在办结时登记的实际新增投资合计。',
  }),
  newTax: sum({
    key: 'newTax',
    name: '新增税收',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案的用地企业最近一个完整年度的实缴税金，减去方案开始前一年的实缴税金（企业年度报送数）；缺任一年度的方案不计。',
  }),
  newOutput: sum({
    key: 'newOutput',
    name: '新增产值',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案的用地企业最近一个完整年度的营业收入，减去方案开始前一年的营业收入（企业年度报送数）；缺任一年度的方案不计。',
  }),
  plotRatioBefore: perRatio({
    key: 'plotRatioBefore',
    name: '盘活前容积率',
    unit: '倍',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案各地块在方案制定时的容积率，按计划盘活面积加权：Σ(容积率 × 面积) ÷ Σ面积。',
    numerator: { name: '计容建筑面积', unit: '平方米', digits: 0 },
    denominator: { name: '计划盘活面积', unit: '平方米', digits: 0 },
  }),
  plotRatioAfter: perRatio({
    key: 'plotRatioAfter',
    name: '盘活后容积率',
    unit: '倍',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案各地块在办结时登记的容积率，按计划盘活面积加权：Σ(容积率 × 面积) ÷ Σ面积；未登记的方案（如收回收储）不计。',
    numerator: { name: '计容建筑面积', unit: '平方米', digits: 0 },
    denominator: { name: '计划盘活面积', unit: '平方米', digits: 0 },
  }),
  taxPerMuBefore: perRatio({
    key: 'taxPerMuBefore',
    name: '盘活前亩均税收',
    unit: '万元/亩',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案的用地企业在方案开始前一年的实缴税金合计 ÷ 其当年用地面积合计（亩均税收口径）。',
    numerator: { name: '实缴税金', unit: '万元', digits: 2 },
    denominator: LAND_PART,
  }),
  taxPerMuAfter: perRatio({
    key: 'taxPerMuAfter',
    name: '盘活后亩均税收',
    unit: '万元/亩',
    population: 'revitalizeDone',
    asOf: 'year',
    caliber: '办结方案的用地企业最近一个完整年度的实缴税金合计 ÷ 其当年用地面积合计（亩均税收口径）。',
    numerator: { name: '实缴税金', unit: '万元', digits: 2 },
    denominator: LAND_PART,
  }),
} as const satisfies Record<string, Figure>

/** A figure key. */
export type FigureKey = keyof typeof FIGURES

/** Every figure key, in the catalogue's order. */
export const FIGURE_KEYS = Object.keys(FIGURES) as FigureKey[]

/** The figure of a key. */
export function figureOf(key: FigureKey): Figure {
  return FIGURES[key]
}

/** The 亩均 indicators of 亩均效益评价 in the docs/domain.md's order (the one indicator list). */
export const INDICATOR_KEYS = [
  'taxPerMu',
  'valueAddedPerMu',
  'laborProductivity',
  'energyEfficiency',
  'emissionEfficiency',
  'rdRatio',
] as const satisfies readonly FigureKey[]

/** An indicator key. */
export type IndicatorKey = (typeof INDICATOR_KEYS)[number]

/** D 类 threshold of docs/domain.md: 亩均税收 below 1 万元/亩, compared unrounded. */
export const LOW_TAX_PER_MU = 1

/** Whether a 亩均税收 is below the D threshold (exact value; a rounded 1.00 from 0.9992 is still below). */
export function isLowTaxPerMu(taxPerMu: number | null): boolean {
  return taxPerMu !== null && taxPerMu < LOW_TAX_PER_MU
}

/** 'YYYY-MM-DD' → its calendar year. */
const yearOf = (day: string): number => Number(day.slice(0, 4))

/**
 * What moment a figure shows, as the text put next to it on every page, wall, report, map legend
 * and export: "截至今日" (a figure of today, or a stock figure of the current year), "截至 2024 年末"
 * (a stock figure of a past year), "2025 年度" (a yearly figure; "2026 年度（截至今日）" for the
 * year still running). `year` is the year the figure was computed for, `today` 'YYYY-MM-DD'.
 */
export function asOfLabel(key: FigureKey, year: number | null | undefined, today: string): string {
  const f = FIGURES[key]
  const current = yearOf(today)
  if (f.asOf === 'today' || year === null || year === undefined) return '截至今日'
  if (f.asOf === 'yearEnd') return year >= current ? '截至今日' : `截至 ${year} 年末`
  return year >= current ? `${year} 年度（截至今日）` : `${year} 年度`
}

/** Whether a figure is a stock (counted at an instant: today or a year's end), not a sum over a year. */
export const isStockFigure = (key: FigureKey): boolean => FIGURES[key].asOf !== 'year'

/**
 * {@link asOfLabel} of a figure in an answer that holds stock and yearly figures together (a wall,
 * a report): a stock figure is of `year` (today for the current year), a yearly one of `figuresYear`.
 */
export function answerAsOfLabel(key: FigureKey, years: { year?: number | null; figuresYear?: number | null }, today: string): string {
  return asOfLabel(key, isStockFigure(key) ? years.year : (years.figuresYear ?? years.year), today)
}

/**
 * The years a year picker offers where stock figures are shown: the years with figures and the
 * current year (which means today), newest last.
 */
export function yearsWithCurrent(years: readonly number[], today: string): number[] {
  return [...new Set([...years, yearOf(today)])].sort((a, b) => a - b)
}
