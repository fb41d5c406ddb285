/**
 * 项目管理 and 一本账 of 工业用地全生命周期 (/landLifeCycle/projectManager/{xmqy … xmpj},
 * /landLifeCycle/onebook; docs/domain.md "Land lifecycle"): each stage page lists the projects waiting for
 * that stage and those past it, and registers the stage's date; 一本账 is the ledger of every
 * project with its stage, deadlines and 标准地 commitments against what was achieved.
 */
import { z } from 'zod'
import { isoDateField, keywordField } from './fields'
import { pageQuery } from './admin'
import type { Page } from './envelope'
import { validateCreditCode } from '../codes/credit-code'
import { validateParcelCode } from '../codes/parcel-code'
import type { ProceedingStep } from './proceeding'
import { isYuanText } from '../idle-land'
import {
  ACTUAL_NAMES,
  COMMITMENT_ITEMS,
  EXIT_OUTCOMES,
  LIFECYCLE_STAGES,
  type Actuals,
  type BreachKind,
  type Commitments,
  type ExitOutcome,
  type Judgement,
  type LifecycleStage,
} from '../lifecycle'

/** The pages of the lifecycle that use these endpoints (docs/product.md §6 grants). */
export const PROJECT_PAGES = LIFECYCLE_STAGES.map((s) => `/landLifeCycle/projectManager/${s}`)
export const ONEBOOK_PAGE = '/landLifeCycle/onebook'

const regionCode = z
  .string({ error: '区划代码 regionCode 应为文本' })
  .regex(/^33\d{4}(\d{3})?$/, '区划代码 regionCode 应为浙江省6位或9位行政区划代码')
const stage = z.enum(LIFECYCLE_STAGES, { error: `阶段 stage 应为 ${LIFECYCLE_STAGES.join('、')} 之一` })
const keyword = keywordField
const isoDate = isoDateField

/**
 * Which projects a stage page shows: 待登记 (the stage before reached, this one not yet),
 * 已登记 (this stage's date registered), or both.
 */
export const STAGE_STATES = { pending: '待登记', done: '已登记' } as const
export type StageState = keyof typeof STAGE_STATES

/** GET /api/landLifeCycle/projects */
export const projectListQuery = pageQuery(['name', 'stageDate', 'deadline'] as const).extend({
  stage,
  state: z.enum(['pending', 'done'], { error: '登记状态 state 应为 pending 或 done' }).optional(),
  overdue: z.enum(['true', 'false'], { error: '逾期 overdue 应为 true 或 false' }).optional(),
  regionCode: regionCode.optional(),
  keyword,
})
export type ProjectListQuery = z.infer<typeof projectListQuery>

/** One project as the lists show it. */
export interface ProjectRow {
  id: number
  name: string
  /** null while the planned land is a drawn shape not yet approved into the master data */
  parcelId: number | null
  landCode: string | null
  parcelName: string
  /** the data-centre 新增 submission of drawn planned land (草稿 until 土地供应), null on an existing parcel */
  landSubmission: { id: number; state: string } | null
  areaMu: number
  enterpriseId: number | null
  enterpriseName: string | null
  /** the enterprise's 统一社会信用代码 */
  creditCode: string | null
  countyName: string | null
  /** the last stage reached today */
  currentStage: LifecycleStage
  /** the date of each stage (YYYY-MM-DD or null) */
  dates: Record<LifecycleStage, string | null>
  startDeadline: string | null
  completionDeadline: string | null
  /** past a deadline today without the stage it demands (docs/domain.md: start within 12 months of delivery, completion within 24 of start) */
  overdue: boolean
  /** days past the deadline that is missed (0 when not overdue) */
  overdueDays: number
  investIntensity: number | null
  committedPlotRatio: number | null
  committedTaxPerMu: number | null
  committedEnergyVa: number | null
  committedEmissionVa: number | null
  /** 计划投资, 万元 */
  plannedInvestment: number | null
  /** the actual figures registered so far */
  actuals: Actuals
  /** 竣工验收 and 项目评价 against the commitments (null until registered) */
  acceptance: Judgement | null
  evaluation: Judgement | null
  /** 退出 (null while the contract stands) */
  exit: { date: string; reason: string; outcome: ExitOutcome } | null
  /** the 标准地 双合同 signed with the project (null on a project signed before they were recorded) */
  contract: ProjectContract | null
  /** the 乡镇 of the land (the parcel's, else the town outline it lies in, else the one chosen at signing) */
  townCode: string | null
  townName: string | null
  /** 违约 records of the project and their 违约金 in total, 分 */
  breachCount: number
  breachPenaltyFen: number
}

/** The 投资建设协议 and the 出让合同 of a 标准地 project, with the money in 分 and the 违约金 rule. */
export interface ProjectContract {
  /** 投资建设协议编号; its date is the signing date */
  investAgreementNo: string
  investAgreementDate: string
  /** 国有建设用地使用权出让合同编号 and its date */
  landContractNo: string
  landContractDate: string
  /** 供地方式 (dict supply_method) */
  supplyMethod: string
  /** 出让价款, 分 */
  supplyPriceFen: number
  /** 履约保证金, 分 */
  performanceBondFen: number
  /** 违约金: ‰ of the 出让价款 per day late; % of the tax missing at 项目评价 */
  latePenaltyPermille: number
  taxPenaltyPercent: number
}

/** A 违约 of a project: what was missed, when it was found, and the 违约金 by the signed rule (分). */
export interface Breach {
  id: number
  kind: BreachKind
  foundDate: string
  lateDays: number | null
  /** 亩均税收 committed and reached, 万元/亩 (亩均税收未达承诺) */
  committed: number | null
  actual: number | null
  /** what the 违约金 is computed on, 分: the 出让价款 (lateness) or the tax missing (亩均税收) */
  baseFen: number
  penaltyFen: number
  rule: string
  at: string
}

/** GET /api/landLifeCycle/projects: one stage's page. */
export interface StageProjects {
  stage: LifecycleStage
  /** waiting for the stage / past it / overdue among them — under the region and keyword filters */
  pending: number
  done: number
  overdue: number
  page: Page<ProjectRow>
}

const projectId = z.number({ error: '项目编号 id 应为数字' }).int('项目编号 id 应为整数').positive('项目编号 id 应为正整数')

/** A non-negative figure with its bounds, e.g. 容积率 0–10. */
const figure = (label: string, max: number, unit = '') =>
  z
    .number({ error: `${label}应为数字` })
    .finite(`${label}应为数字`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能大于 ${max}${unit}`)

/** The actual figures a registration gives (竣工验收: 投资, 建筑面积, 容积率; 项目评价: 税收, 单位能耗/排放增加值). */
export const actualsBody = z
  .object(
    Object.fromEntries(
      Object.entries(ACTUAL_NAMES)
        .filter(([k]) => k !== 'taxPerMu')
        .map(([k, a]) => [k, figure(`${a.name} actuals.${k} `, a.max, a.unit).nullable().optional()]),
    ) as Record<Exclude<keyof Actuals, 'taxPerMu'>, z.ZodOptional<z.ZodNullable<z.ZodNumber>>>,
  )
  .strict()

const figureYear = z
  .number({ error: '评价年度 year 应为数字' })
  .int('评价年度 year 应为整数')
  .min(2000, '评价年度 year 不能早于 2000 年')
  .max(2100, '评价年度 year 不能晚于 2100 年')

/** POST /api/landLifeCycle/registerStage: the date a project reached a stage. */
export const registerStageBody = z.object({
  id: projectId,
  stage: stage.exclude(['xmqy'], { error: '项目签约在建项目时登记，不能单独登记' }),
  date: isoDate('日期 date '),
  remark: z.string().trim().max(200, '备注 remark 最多200个字').default(''),
  /** required at 竣工验收 (项目评价 reads the enterprise's yearly figures) */
  actuals: actualsBody.optional(),
  /** 项目评价 (达产复核): the year of the enterprise's figures it judges; left out, the year before the evaluation date */
  year: figureYear.optional(),
  /** 土地供应 of planned land (no parcel yet): the 宗地代码 the new parcel is registered under */
  landCode: z
    .string({ error: '宗地代码 landCode 应为文本' })
    .trim()
    .toUpperCase()
    .superRefine((v, ctx) => {
      const problem = validateParcelCode(v)
      if (problem) ctx.addIssue({ code: 'custom', message: problem.replace('宗地代码', '宗地代码 landCode ') })
    })
    .optional(),
})

/** The commitment fields of a project, by their body names. */
export const COMMITMENT_FIELDS: Record<keyof Commitments, string> = {
  investIntensity: 'investIntensity',
  plotRatio: 'committedPlotRatio',
  taxPerMu: 'committedTaxPerMu',
  energyVa: 'committedEnergyVa',
  emissionVa: 'committedEmissionVa',
}
const commitment = (k: keyof Commitments) => {
  const c = COMMITMENT_ITEMS[k]
  return figure(`${c.name} ${COMMITMENT_FIELDS[k]} `, c.max, c.unit)
}

const projectFields = {
  name: z.string({ error: '项目名称 name 必填' }).trim().min(2, '项目名称 name 至少2个字').max(200, '项目名称 name 最多200个字'),
  /** 计划投资, 万元 */
  plannedInvestment: figure('计划投资 plannedInvestment ', 100_000_000, '万元'),
  investIntensity: commitment('investIntensity'),
  committedPlotRatio: commitment('plotRatio'),
  committedTaxPerMu: commitment('taxPerMu'),
  committedEnergyVa: commitment('energyVa'),
  committedEmissionVa: commitment('emissionVa'),
  /** left out: set at 土地供应 (start within 12 months) and 项目开工 (completion within 24 months) */
  startDeadline: isoDate('约定开工期限 startDeadline ').nullable().optional(),
  completionDeadline: isoDate('约定竣工期限 completionDeadline ').nullable().optional(),
}

function deadlinesAfter(
  v: { signedDate?: string; startDeadline?: string | null; completionDeadline?: string | null },
  ctx: z.RefinementCtx,
  signedDate: string | undefined,
) {
  if (signedDate && v.startDeadline && v.startDeadline < signedDate)
    ctx.addIssue({ code: 'custom', path: ['startDeadline'], message: `约定开工期限 startDeadline 不能早于签约日期 ${signedDate}` })
  if (signedDate && v.completionDeadline && v.completionDeadline < signedDate)
    ctx.addIssue({
      code: 'custom',
      path: ['completionDeadline'],
      message: `约定竣工期限 completionDeadline 不能早于签约日期 ${signedDate}`,
    })
  else if (v.startDeadline && v.completionDeadline && v.completionDeadline < v.startDeadline)
    ctx.addIssue({ code: 'custom', path: ['completionDeadline'], message: '约定竣工期限 completionDeadline 不能早于约定开工期限' })
}

/** A position [经度, 纬度] in WGS84. */
const position = z
  .array(z.number({ error: '规划用地图形 plannedShape 的坐标应为数字' }).finite('规划用地图形 plannedShape 的坐标应为数字'), {
    error: '规划用地图形 plannedShape 的坐标应为 [经度, 纬度]',
  })
  .length(2, '规划用地图形 plannedShape 的坐标应为 [经度, 纬度]')
  .refine(([x, y]) => x >= -180 && x <= 180 && y >= -90 && y <= 90, '规划用地图形 plannedShape 的坐标超出经纬度范围')
/** A closed ring: at least 4 positions (a triangle and its closing point), the last equal to the first. */
const ring = z
  .array(position, { error: '规划用地图形 plannedShape 的边界应为坐标数组' })
  .min(4, '规划用地图形 plannedShape 应为闭合多边形：每条边界至少 3 个拐点并回到起点')
  .max(10_000, '规划用地图形 plannedShape 的拐点过多（最多 10000 个）')
  .refine(
    (r) => r[0][0] === r[r.length - 1][0] && r[0][1] === r[r.length - 1][1],
    '规划用地图形 plannedShape 应为闭合多边形：边界的终点须回到起点',
  )
const rings = z.array(ring, { error: '规划用地图形 plannedShape 的坐标应为边界数组' }).min(1, '规划用地图形 plannedShape 缺少边界')

/**
 * The planned land drawn on the map when no parcel exists yet (GeoJSON Polygon or MultiPolygon,
 * WGS84): closed rings here; valid, of positive area and inside the user's region on the server.
 */
export const plannedShape = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('Polygon'), coordinates: rings }),
    z.object({
      type: z.literal('MultiPolygon'),
      coordinates: z
        .array(rings, { error: '规划用地图形 plannedShape 的坐标应为多边形数组' })
        .min(1, '规划用地图形 plannedShape 缺少多边形'),
    }),
  ],
  { error: '规划用地图形 plannedShape 应为 GeoJSON 多边形（Polygon 或 MultiPolygon）' },
)
export type PlannedShape = z.infer<typeof plannedShape>

/** A contract number: letters, digits and the usual marks of a 文号, 2–60 characters. */
const contractNo = (label: string) =>
  z
    .string({ error: `${label}必填` })
    .trim()
    .min(2, `${label}至少2个字符`)
    .max(60, `${label}最多60个字符`)
    .regex(/^[\p{L}\p{N}〔〕[\]（）()【】\-_/#·.]+$/u, `${label}只能包含文字、数字和〔〕()-/ 等文号符号`)

/** An amount in 元 with at most two decimals, as text or number (turned into 分 on its digits, never through a float). */
const yuanAmount = (label: string, positive: boolean) =>
  z
    .union([z.string(), z.number()], { error: `${label}应为金额（元）` })
    .refine((v) => !String(v).trim().startsWith('-'), `${label}不能为负数`)
    .refine((v) => isYuanText(v), `${label}应为以元为单位、最多两位小数的金额`)
    .refine((v) => !positive || Number(v) > 0, `${label}应大于0`)
    .refine((v) => Number(v) <= 1e11, `${label}不能大于 1000 亿元`)

/** A rate with at most two decimals between 0 and max. */
const rate = (label: string, max: number, unit: string) =>
  z
    .number({ error: `${label}应为数字` })
    .finite(`${label}应为数字`)
    .min(0, `${label}不能为负数`)
    .max(max, `${label}不能大于 ${max}${unit}`)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, `${label}最多两位小数`)

/** The 标准地 双合同 of a signing: both contract numbers, the 出让合同 date, 供地方式, the money and the 违约金 rule. */
const contractFields = {
  /** 投资建设协议编号 (its date is the signing date) */
  investAgreementNo: contractNo('投资建设协议编号 investAgreementNo '),
  /** 国有建设用地使用权出让合同编号 and date */
  landContractNo: contractNo('出让合同编号 landContractNo '),
  landContractDate: isoDate('出让合同签订日期 landContractDate '),
  /** 供地方式, a value of the dict supply_method */
  supplyMethod: z
    .string({ error: '供地方式 supplyMethod 必填' })
    .trim()
    .min(1, '供地方式 supplyMethod 必填')
    .max(8, '供地方式 supplyMethod 最多8个字'),
  /** 出让价款, 元 (kept in 分) */
  supplyPriceYuan: yuanAmount('出让价款 supplyPriceYuan ', true),
  /** 履约保证金, 元 (kept in 分) */
  performanceBondYuan: yuanAmount('履约保证金 performanceBondYuan ', false),
  /** 违约金: ‰ of the 出让价款 per day late */
  latePenaltyPermille: rate('逾期违约金比例 latePenaltyPermille ', 10, '‰'),
  /** 违约金: % of the tax missing at 项目评价 */
  taxPenaltyPercent: rate('亩均税收违约金比例 taxPenaltyPercent ', 200, '%'),
  /** the 乡镇 of the land when its location does not give one (a town of the project's county) */
  townCode: z
    .string({ error: '所在乡镇 townCode 应为文本' })
    .regex(/^33\d{7}$/, '所在乡镇 townCode 应为9位乡镇（街道）区划代码')
    .optional(),
}

/** POST /api/landLifeCycle/createProject: 项目签约 with its 标准地 双合同 and commitments. */
export const createProjectBody = z
  .object({
    ...projectFields,
    ...contractFields,
    /** 约定开工日期 and 约定竣工日期 of the 出让合同 */
    startDeadline: isoDate('约定开工日期 startDeadline '),
    completionDeadline: isoDate('约定竣工日期 completionDeadline '),
    /** the enterprise by 统一社会信用代码 (check character verified) */
    creditCode: z
      .string({ error: '统一社会信用代码 creditCode 必填' })
      .trim()
      .toUpperCase()
      .superRefine((v, ctx) => {
        const problem = validateCreditCode(v)
        if (problem) ctx.addIssue({ code: 'custom', message: `${problem.replace('统一社会信用代码', '统一社会信用代码 creditCode ')}` })
      }),
    /** the planned land: a parcel of the master data … */
    parcelId: z.number({ error: '地块 parcelId 应为数字' }).int('地块 parcelId 应为整数').positive('地块 parcelId 应为正整数').optional(),
    /** … or, when none exists yet, a drawn shape that becomes a draft parcel of the data centre */
    plannedShape: plannedShape.optional(),
    signedDate: isoDate('签约日期 signedDate '),
  })
  .superRefine((v, ctx) => {
    if (v.parcelId === undefined && v.plannedShape === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['parcelId'],
        message: '规划用地必填：选择地块 parcelId，或在地图上绘制规划用地图形 plannedShape',
      })
    else if (v.parcelId !== undefined && v.plannedShape !== undefined)
      ctx.addIssue({ code: 'custom', path: ['plannedShape'], message: '规划用地只能是地块 parcelId 或绘制的图形 plannedShape 之一' })
    // the order of the contracts: 投资建设协议 (the signing) → 出让合同 → 约定开工 → 约定竣工
    if (v.landContractDate < v.signedDate)
      ctx.addIssue({
        code: 'custom',
        path: ['landContractDate'],
        message: `出让合同签订日期 landContractDate 不能早于投资建设协议签订日期（签约日期）${v.signedDate}`,
      })
    else if (v.startDeadline < v.landContractDate)
      ctx.addIssue({
        code: 'custom',
        path: ['startDeadline'],
        message: `约定开工日期 startDeadline 不能早于出让合同签订日期 ${v.landContractDate}`,
      })
    if (v.completionDeadline <= v.startDeadline)
      ctx.addIssue({ code: 'custom', path: ['completionDeadline'], message: '约定竣工日期 completionDeadline 应晚于约定开工日期' })
    if (v.investAgreementNo === v.landContractNo)
      ctx.addIssue({ code: 'custom', path: ['landContractNo'], message: '出让合同编号 landContractNo 不能与投资建设协议编号相同' })
  })
export type CreateProjectBody = z.input<typeof createProjectBody>

/** POST /api/landLifeCycle/updateProject: the name, planned investment, commitments or deadlines (history kept). */
export const updateProjectBody = z
  .object({ id: projectId, ...projectFields })
  .partial({
    name: true,
    plannedInvestment: true,
    investIntensity: true,
    committedPlotRatio: true,
    committedTaxPerMu: true,
    committedEnergyVa: true,
    committedEmissionVa: true,
  })
  .superRefine((v, ctx) => deadlinesAfter(v, ctx, undefined))
export type UpdateProjectBody = z.input<typeof updateProjectBody>

/** POST /api/landLifeCycle/exitProject: 退出 — a broken contract, its date and reason, and the land's outcome. */
export const exitProjectBody = z.object({
  id: projectId,
  date: isoDate('退出日期 date '),
  reason: z.string({ error: '退出原因 reason 必填' }).trim().min(2, '退出原因 reason 至少2个字').max(200, '退出原因 reason 最多200个字'),
  outcome: z.enum(EXIT_OUTCOMES, { error: `土地处置 outcome 应为 ${EXIT_OUTCOMES.join('、')} 之一` }),
})
export type ExitProjectBody = z.input<typeof exitProjectBody>

/** GET /api/landLifeCycle/parcelOptions: parcels a project may be signed on. */
export const parcelOptionsQuery = z.object({ keyword })
export interface ParcelOption {
  id: number
  landCode: string
  name: string
  areaMu: number
  status: string
  countyName: string | null
}

/** One edit in a project's history. */
export interface ProjectEdit {
  changes: { field: string; label: string; before: unknown; after: unknown }[]
  actor: string
  at: string
}
export type RegisterStageBody = z.input<typeof registerStageBody>

/** One registration in a project's history (stage 'tc' = 退出). */
export interface ProjectEvent {
  stage: LifecycleStage | 'tc'
  date: string
  /** days past the stage's deadline when registered late */
  lateDays: number | null
  actuals: Actuals | null
  judgement: Judgement | null
  /** the data-centre submission that carries its parcel facts, and its state */
  submission: { id: number; state: string } | null
  remark: string
  /** deadlines the registration set (土地供应 sets the start deadline, 项目开工 the completion deadline) */
  deadline: string | null
  actor: string
  at: string
}

/** GET /api/landLifeCycle/project */
export const projectIdQuery = z.object({
  id: z.coerce.number({ error: '项目编号 id 应为数字' }).int('项目编号 id 应为整数').positive('项目编号 id 应为正整数'),
})

/** GET /api/landLifeCycle/project?id */
export interface ProjectDetail extends ProjectRow {
  events: ProjectEvent[]
  edits: ProjectEdit[]
  /** 违约 records, oldest first */
  breaches: Breach[]
  /** 办理记录 of the project (违约认定 …) */
  steps: ProceedingStep[]
}

/** GET /api/landLifeCycle/signTowns: the 乡镇 a project on this land may be signed in. */
/** The longest drawn shape GET /api/landLifeCycle/signTowns takes as text (longer ones are asked by a vertex). */
export const SIGN_TOWNS_SHAPE_MAX = 20_000
export const signTownsQuery = z.object({
  parcelId: z.coerce
    .number({ error: '地块 parcelId 应为数字' })
    .int('地块 parcelId 应为整数')
    .positive('地块 parcelId 应为正整数')
    .optional(),
  countyCode: z
    .string({ error: '区县 countyCode 应为文本' })
    .regex(/^33\d{4}$/, '区县 countyCode 应为6位县级区划代码')
    .optional(),
  /** a point of drawn planned land (经度, 纬度): its county and the town outline it lies in */
  lng: z.coerce.number({ error: '经度 lng 应为数字' }).min(-180).max(180).optional(),
  lat: z.coerce.number({ error: '纬度 lat 应为数字' }).min(-90).max(90).optional(),
  /**
   * the drawn planned land itself (GeoJSON text): its county and town by the point the signing
   * itself uses (a point on its surface), so the towns offered are the ones the signing accepts
   */
  shape: z
    .string({ error: '规划用地图形 shape 应为 GeoJSON 文本' })
    .max(SIGN_TOWNS_SHAPE_MAX, `规划用地图形 shape 过长（最多 ${SIGN_TOWNS_SHAPE_MAX} 个字符）`)
    .transform((text, ctx) => {
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch {
        ctx.addIssue({ code: 'custom', message: '规划用地图形 shape 应为 GeoJSON 文本' })
        return z.NEVER
      }
      const shape = plannedShape.safeParse(value)
      if (!shape.success) {
        ctx.addIssue({ code: 'custom', message: shape.error.issues[0]?.message ?? '规划用地图形 shape 应为 GeoJSON 多边形' })
        return z.NEVER
      }
      return shape.data
    })
    .optional(),
})
/** The towns of the land's county, and the town its location already gives (then no choice is needed). */
export interface SignTowns {
  countyCode: string | null
  located: { code: string; name: string } | null
  towns: { code: string; name: string }[]
}

/** GET /api/landLifeCycle/yearFigures: the enterprise's figures of a year that 项目评价 judges. */
export const yearFiguresQuery = z.object({
  id: z.coerce.number({ error: '项目编号 id 应为数字' }).int('项目编号 id 应为整数').positive('项目编号 id 应为正整数'),
  year: z.coerce.number({ error: '评价年度 year 应为数字' }).int('评价年度 year 应为整数').min(2000).max(2100).optional(),
})
/** One figure of the enterprise's year, with where it came from. */
export interface YearFigure {
  key: 'taxPerMu' | 'energyVa' | 'emissionVa'
  name: string
  unit: string
  value: number | null
  committed: number | null
  source: string | null
  reportedDate: string | null
}
/** GET /api/landLifeCycle/yearFigures */
export interface YearFigures {
  year: number
  /** the years the enterprise reported figures for, newest first */
  years: number[]
  reported: boolean
  figures: YearFigure[]
}

/** GET /api/landLifeCycle/onebook (and /export) */
export const onebookQuery = pageQuery(['name', 'signedDate', 'taxGap'] as const).extend({
  regionCode: regionCode.optional(),
  keyword,
  stage: stage.optional(),
  overdue: z.enum(['true', 'false'], { error: '逾期 overdue 应为 true 或 false' }).optional(),
  /** only the projects in production whose 亩均税收 is below the commitment */
  belowCommitment: z.enum(['true', 'false'], { error: 'belowCommitment 应为 true 或 false' }).optional(),
  /** only the projects whose 项目评价 was judged 未达标 */
  failedEvaluation: z.enum(['true', 'false'], { error: '评价未达标 failedEvaluation 应为 true 或 false' }).optional(),
})
export type OnebookQuery = z.infer<typeof onebookQuery>

/** One line of 一本账: the project, commitments and what was achieved. */
export interface OnebookRow extends ProjectRow {
  /** 容积率 of the parcel now */
  actualPlotRatio: number | null
  /** 亩均税收 reached, 万元/亩: the judged one (of the judgement below) when there is one, else the holder's of the latest year with figures */
  actualTaxPerMu: number | null
  /** the one judgement of the project: 项目评价 over 竣工验收, the latest */
  judgement: (Judgement & { stage: 'jgys' | 'xmpj' }) | null
  /** achieved − committed (null when either is missing) */
  plotRatioGap: number | null
  taxGap: number | null
}

/** GET /api/landLifeCycle/onebook */
export interface Onebook {
  /** the figure year the actual 亩均税收 comes from */
  year: number
  total: number
  overdue: number
  /** projects in production (投产 reached) below their committed 亩均税收 */
  belowCommitment: number
  /** projects whose 项目评价 was judged 未达标 (catalogue failedEvaluationCount) — each a warning */
  failedEvaluation: number
  /** projects that exited (退出) */
  exited: number
  byStage: { stage: LifecycleStage; name: string; count: number }[]
  page: Page<OnebookRow>
}
