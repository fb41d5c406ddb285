/**
 * The rules of 项目管理 and 一本账 (docs/domain.md "工业用地全生命周期"): a project's current stage as
 * of today, stage registrations in order, once each, dated between the previous stage and today,
 * and the ledger's gaps between achieved figures and commitments.
 */
import type {
  Breach,
  CreateProjectBody,
  ExitProjectBody,
  OnebookRow,
  ParcelOption,
  ProjectContract,
  ProjectDetail,
  ProjectRow,
  SignTowns,
  UpdateProjectBody,
  YearFigures,
} from '../../../domain/contracts/lifecycle-project'
import { createProjectBody, updateProjectBody, type PlannedShape } from '../../../domain/contracts/lifecycle-project'
import type { z } from 'zod'
import {
  ACTUAL_NAMES,
  EXIT_NAME,
  LIFECYCLE_STAGES,
  REQUIRED_ACTUALS,
  STAGE_NAMES,
  judge,
  lateDays,
  latePenaltyFen,
  penaltyRuleText,
  stageAt,
  taxPenaltyFen,
  type Actuals,
  type BreachKind,
  type FigureBasis,
  type Judgement,
  type LifecycleStage,
  type PenaltyRule,
} from '../../../domain/lifecycle'
import { FEN_PER_WAN, decimalToFen, fenToYuanText } from '../../../domain/idle-land'
import { recordStep, stepsOf } from '../../common/proceeding'
import { roundTo } from '../../../domain/codes/units'
import { mu } from '../../../domain/figures/formulas'
import { todayInProductZone } from '../../../domain/today'
import type { DataScope } from '../../auth/data-scope'
import type { Db } from '../../db/engine'
import { iso } from '../../db/sql'
import { shown, shownOr0 } from '../../figures/values'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import type { Proposer } from '../datacenter/proposal'
import { editDraft, propose } from '../datacenter/input-service'
import { foldIntoSubmission, foldNewParcelFacts, sendParcelFacts } from '../datacenter/write-through'
import { geometryProblem } from '../datacenter/record-repo'
import { regionInScope } from '../../auth/data-scope'
import { checkProposal } from '../datacenter/proposal'
import { activeStandard } from '../datacenter/standard-service'
import { STAGE_COLUMN } from '../big-data/repo'
import * as repo from './repo'

const today = () => todayInProductZone()

/** A project row for the client; the current stage as of today. */
export function projectView(r: repo.ProjectDbRow): ProjectRow {
  const dates = Object.fromEntries(LIFECYCLE_STAGES.map((s) => [s, r[STAGE_COLUMN[s]]])) as Record<LifecycleStage, string | null>
  return {
    id: r.id,
    name: r.name,
    parcelId: r.parcel_id,
    landCode: r.land_code,
    parcelName: r.parcel_name,
    landSubmission: r.land_submission_id === null ? null : { id: Number(r.land_submission_id), state: r.land_submission_state ?? '' },
    areaMu: shownOr0('landAreaMu', mu(r.area_m2 ?? 0)),
    enterpriseId: r.enterprise_id,
    enterpriseName: r.enterprise_name,
    creditCode: r.credit_code,
    countyName: r.county_name,
    currentStage:
      stageAt(
        {
          signedDate: dates.xmqy ?? '0000-00-00',
          supplyDate: dates.tdgy,
          startDate: dates.xmkg,
          constructionDate: dates.sgjs,
          completionDate: dates.jgys,
          productionDate: dates.xmtc,
          evaluationDate: dates.xmpj,
          startDeadline: r.start_deadline,
          completionDeadline: r.completion_deadline,
        },
        today(),
      ) ?? 'xmqy',
    dates,
    startDeadline: r.start_deadline,
    completionDeadline: r.completion_deadline,
    overdue: r.overdue,
    overdueDays: r.overdue_days,
    investIntensity: r.invest_intensity,
    committedPlotRatio: r.committed_plot_ratio,
    committedTaxPerMu: r.committed_tax_per_mu,
    committedEnergyVa: r.committed_energy_va,
    committedEmissionVa: r.committed_emission_va,
    plannedInvestment: r.planned_investment,
    actuals: actualsOf(r),
    acceptance: json<Judgement>(r.acceptance),
    evaluation: json<Judgement>(r.evaluation),
    exit: r.exit_date ? { date: r.exit_date, reason: r.exit_reason ?? '', outcome: r.exit_outcome ?? '保留' } : null,
    contract: contractOf(r),
    townCode: r.town_code,
    townName: r.town_name,
    breachCount: r.breach_count,
    breachPenaltyFen: Number(r.breach_penalty_fen),
  }
}

const fen = (v: number | string | null): number | null => (v === null ? null : Number(v))

/** The 标准地 双合同 of a project, null when it was signed before they were recorded. */
function contractOf(r: repo.ProjectDbRow): ProjectContract | null {
  if (!r.invest_agreement_no || !r.land_contract_no || !r.land_contract_date) return null
  return {
    investAgreementNo: r.invest_agreement_no,
    investAgreementDate: r[STAGE_COLUMN.xmqy] ?? '',
    landContractNo: r.land_contract_no,
    landContractDate: r.land_contract_date,
    supplyMethod: r.supply_method ?? '',
    supplyPriceFen: fen(r.supply_price_fen) ?? 0,
    performanceBondFen: fen(r.performance_bond_fen) ?? 0,
    latePenaltyPermille: r.late_penalty_permille ?? 0,
    taxPenaltyPercent: r.tax_penalty_percent ?? 0,
  }
}

const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v)

function actualsOf(r: repo.ProjectDbRow): Actuals {
  return {
    investment: r.actual_investment,
    buildingArea: r.actual_building_area,
    plotRatio: r.registered_plot_ratio,
    tax: r.actual_tax,
    energyVa: r.actual_energy_va,
    emissionVa: r.actual_emission_va,
  }
}

const gap = (actual: number | null, committed: number | null) =>
  actual === null || committed === null ? null : roundTo(actual - committed, 2)

export function onebookView(r: repo.OnebookDbRow): OnebookRow {
  const actualTaxPerMu = shown('taxPerMu', r.actual_tax_per_mu)
  const view = projectView(r)
  // one judgement per project: the latest, 项目评价 over 竣工验收
  const judgement = view.evaluation
    ? { ...view.evaluation, stage: 'xmpj' as const }
    : view.acceptance
      ? { ...view.acceptance, stage: 'jgys' as const }
      : null
  return {
    ...view,
    judgement,
    actualPlotRatio: r.actual_plot_ratio === null ? null : roundTo(r.actual_plot_ratio, 2),
    actualTaxPerMu,
    plotRatioGap: gap(r.actual_plot_ratio, r.committed_plot_ratio),
    taxGap: gap(r.actual_tax_per_mu, r.committed_tax_per_mu),
  }
}

/** A project of the scope, or 404. */
async function projectOf(db: Db, scope: DataScope, id: number): Promise<repo.ProjectDbRow> {
  const row = await repo.project(db, scope, id)
  if (!row) throw notFound(`项目 ${id} 不存在或不在本账号的数据范围内`)
  return row
}

/** A project with its registrations, newest last. */
export async function projectDetail(db: Db, scope: DataScope, id: number): Promise<ProjectDetail> {
  const row = await projectOf(db, scope, id)
  const [events, edits, breaches, steps] = await Promise.all([
    repo.events(db, row.id),
    repo.edits(db, row.id),
    repo.breaches(db, row.id),
    stepsOf(db, 'lifecycle', row.id),
  ])
  return {
    ...projectView(row),
    breaches: breaches.map(breachView),
    steps,
    events: events.map((e) => ({
      stage: e.stage,
      date: e.stage_date,
      remark: e.remark,
      deadline: e.deadline,
      lateDays: e.late_days,
      actuals: json<Actuals>(e.actuals),
      judgement: json<Judgement>(e.judgement),
      submission: e.submission_id === null ? null : { id: Number(e.submission_id), state: e.submission_state ?? '' },
      actor: e.actor,
      at: iso(e.created_at)!,
    })),
    edits: edits.map((h) => ({
      changes: json(h.changes as string) as unknown as ProjectDetail['edits'][number]['changes'],
      actor: h.actor,
      at: iso(h.created_at)!,
    })),
  }
}

function breachView(b: repo.BreachDbRow): Breach {
  return {
    id: b.id,
    kind: b.kind,
    foundDate: b.found_date,
    lateDays: b.late_days,
    committed: b.committed,
    actual: b.actual === null ? null : shown('taxPerMu', b.actual),
    baseFen: Number(b.base_fen),
    penaltyFen: Number(b.penalty_fen),
    rule: b.rule,
    at: iso(b.created_at)!,
  }
}

// ---- 项目签约 and its edits ----

/** Parcels a project may be signed on, for the signing form's picker. */
export async function parcelOptions(db: Db, scope: DataScope, keyword: string | undefined): Promise<ParcelOption[]> {
  return (await repo.signableParcels(db, scope, keyword)).map((r) => ({
    id: r.id,
    landCode: r.land_code,
    name: r.name,
    areaMu: shownOr0('landAreaMu', mu(r.area_m2 ?? 0)),
    status: r.status,
    countyName: r.county_name,
  }))
}

const FIELD_LABELS: Record<repo.ProjectField, string> = {
  name: '项目名称',
  plannedInvestment: '计划投资（万元）',
  investIntensity: '固定资产投资强度承诺（万元/亩）',
  committedPlotRatio: '容积率承诺',
  committedTaxPerMu: '亩均税收承诺（万元/亩）',
  committedEnergyVa: '单位能耗增加值承诺（万元/吨标准煤）',
  committedEmissionVa: '单位排放增加值承诺（万元/吨）',
  startDeadline: '约定开工期限',
  completionDeadline: '约定竣工期限',
}

/** 422 naming a field. */
const refuse = (field: string, message: string, status = 422) => new AppError(status, message, [{ field, message }])

/**
 * The 乡镇 of a signing's land (never empty): the parcel's own, else the town outline its shape lies
 * in (where town outlines are loaded), else the one chosen on the form — then required, a town of
 * the land's county. A chosen town that contradicts the located one is refused.
 */
async function signingTown(
  db: Db,
  land: { parcelId: number } | { shape: unknown },
  county: string | null,
  chosen: string | undefined,
): Promise<string> {
  const own = 'parcelId' in land ? ((await repo.parcelTown(db, land.parcelId))?.town_code ?? null) : null
  const located = own ? { code: own, name: own } : await repo.locatedTown(db, land)
  if (located) {
    if (chosen && chosen !== located.code) {
      const towns = county ? await repo.townsOf(db, county) : []
      const name = towns.find((t) => t.code === located.code)?.name ?? located.name
      throw refuse('townCode', `规划用地位于${name}（${located.code}），所在乡镇 townCode 应为该乡镇或不填`)
    }
    return located.code
  }
  if (!county) throw refuse('townCode', '地块尚未归属区县，无法确定所在乡镇；请先在数据中心认领该地块')
  const towns = await repo.townsOf(db, county)
  if (!chosen) throw refuse('townCode', '规划用地所在位置没有乡镇界线，所在乡镇 townCode 必填（选择项目所在区县的乡镇、街道）', 400)
  if (!towns.some((t) => t.code === chosen)) throw refuse('townCode', `所在乡镇 townCode ${chosen} 不是项目所在区县的乡镇（街道）`)
  return chosen
}

/** The towns a signing on this land may name, and the one its location gives. */
export async function signTowns(
  db: Db,
  scope: DataScope,
  q: { parcelId?: number; countyCode?: string; lng?: number; lat?: number; shape?: PlannedShape },
): Promise<SignTowns> {
  let county = q.countyCode ?? null
  let located: { code: string; name: string } | null = null
  if (q.parcelId !== undefined) {
    const parcel = await repo.parcelForSigning(db, scope, q.parcelId)
    if (!parcel) throw notFound(`地块 ${q.parcelId} 不存在或不在本账号的数据范围内`)
    county = parcel.county_code
    const own = (await repo.parcelTown(db, parcel.id))?.town_code ?? null
    located = own ? { code: own, name: own } : await repo.locatedTown(db, { parcelId: parcel.id })
  } else if (q.shape !== undefined) {
    // drawn land: the county and town of the point the signing itself judges it by (a point on its surface)
    // (a shape the signing would refuse has no county here: the signing says why)
    if (await geometryProblem(db, q.shape)) return { countyCode: null, located: null, towns: [] }
    county = (await repo.shapeFacts(db, q.shape)).county
    located = await repo.locatedTown(db, { shape: q.shape })
  } else if (q.lng !== undefined && q.lat !== undefined) {
    // a point of drawn land: the county it lies in, and the town outline if one is loaded
    const point = { type: 'Point', coordinates: [q.lng, q.lat] }
    county = (await repo.shapeFacts(db, point)).county
    located = await repo.locatedTown(db, { shape: point })
  }
  if (q.parcelId === undefined && county && !(await regionInScope(db, scope, county)))
    throw notFound(`区县 ${county} 不在本账号的数据范围内`)
  const towns = county ? await repo.townsOf(db, county) : []
  if (located) located = { code: located.code, name: towns.find((t) => t.code === located!.code)?.name ?? located.name }
  return { countyCode: county, located, towns }
}

/** The 标准地 双合同 of a signing checked against what only the server knows: the dictionary and the numbers already used. */
async function checkContract(db: Db, body: z.output<typeof createProjectBody>): Promise<Omit<repo.ContractColumns, 'townCode'>> {
  if (!(await repo.dictHas(db, 'supply_method', body.supplyMethod)))
    throw refuse('supplyMethod', `供地方式 supplyMethod「${body.supplyMethod}」不在字典「供地方式」中`, 400)
  for (const [field, column, label, no] of [
    ['investAgreementNo', 'invest_agreement_no', '投资建设协议编号', body.investAgreementNo],
    ['landContractNo', 'land_contract_no', '出让合同编号', body.landContractNo],
  ] as const) {
    const holder = await repo.contractNoHolder(db, column, no)
    if (holder) throw refuse(field, `${label} ${field} ${no} 已被项目「${holder.name}」使用，同类合同编号不能重复`, 409)
  }
  if (body.landContractDate > today()) throw refuse('landContractDate', '出让合同签订日期 landContractDate 不能晚于今天', 400)
  return {
    investAgreementNo: body.investAgreementNo,
    landContractNo: body.landContractNo,
    landContractDate: body.landContractDate,
    supplyMethod: body.supplyMethod,
    supplyPriceFen: decimalToFen(body.supplyPriceYuan, '元')!,
    performanceBondFen: decimalToFen(body.performanceBondYuan, '元')!,
    latePenaltyPermille: body.latePenaltyPermille,
    taxPenaltyPercent: body.taxPenaltyPercent,
  }
}

/**
 * 项目签约: a project on a parcel of the scope that carries no live project, for an enterprise of the
 * master data (by 统一社会信用代码), signed not after today; its 标准地 双合同 (投资建设协议 and 出让合同,
 * 供地方式, 出让价款, 约定开工/竣工, 履约保证金, 违约金 rule), its commitments and the 乡镇 of its land.
 * Returns the new project.
 */
export async function createProject(
  db: Db,
  scope: DataScope,
  p: Proposer,
  body: z.output<typeof createProjectBody>,
  actorId: number,
): Promise<ProjectRow> {
  if (body.signedDate > today())
    throw badRequest('签约日期不能晚于今天', [{ field: 'signedDate', message: '签约日期 signedDate 不能晚于今天' }])
  let land: { parcelId: number | null; countyCode: string | null }
  if (body.parcelId !== undefined) {
    const parcel = await repo.parcelForSigning(db, scope, body.parcelId)
    if (!parcel) throw notFound(`地块 ${body.parcelId} 不存在或不在本账号的数据范围内`)
    if (parcel.project) {
      const message = `地块 ${parcel.land_code} 已有在履约的项目「${parcel.project}」，不能重复签约`
      throw new AppError(409, message, [{ field: 'parcelId', message }])
    }
    land = { parcelId: parcel.id, countyCode: parcel.county_code }
  } else {
    land = { parcelId: null, countyCode: await checkPlannedShape(db, scope, body.plannedShape) }
  }
  const enterprise = await repo.enterpriseByCreditCode(db, body.creditCode)
  if (!enterprise) {
    const message = `统一社会信用代码 creditCode ${body.creditCode} 对应的企业不存在，请先在数据中心录入该企业`
    throw new AppError(422, message, [{ field: 'creditCode', message }])
  }
  const contract = await checkContract(db, body)
  const townCode = await signingTown(
    db,
    land.parcelId !== null ? { parcelId: land.parcelId } : { shape: body.plannedShape },
    land.countyCode,
    body.townCode,
  )
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertProject(tx, {
      ...body,
      startDeadline: body.startDeadline,
      completionDeadline: body.completionDeadline,
      parcelId: land.parcelId,
      enterpriseId: enterprise.id,
      countyCode: land.countyCode,
      remark: `与${enterprise.name}签约，投资建设协议 ${contract.investAgreementNo}，出让合同 ${contract.landContractNo}${land.parcelId === null ? '（规划用地为绘制的图形，待土地供应时入库）' : ''}`,
      actorId,
      contract: { ...contract, townCode },
    })
    if (land.parcelId === null) {
      // the drawn land: the project's 指界 zone, and a draft parcel of the data centre that 土地供应 completes and sends to audit
      await repo.insertPlannedZone(tx, id, body.plannedShape)
      const draft = await propose(tx, p, 'parcel', 'create', {
        payload: { name: body.name, land_use_code: PLANNED_LAND_USE, county_code: land.countyCode, geom: body.plannedShape },
        submit: false,
        remark: `全生命周期·${body.name}·规划用地（项目签约时绘制）`,
      })
      await repo.setLandSubmission(tx, id, draft.id)
    }
    return id
  })
  return projectView(await projectOf(db, scope, id))
}

/** 现状地类 of planned industrial land: 0601 工业用地 (docs/domain.md "Units and codes"). */
const PLANNED_LAND_USE = '0601'

/**
 * The drawn planned land must be a valid polygon of positive area lying wholly inside the user's
 * region (a county, city or the province; for the whole province, inside the county it falls in).
 * Returns that county; 422 naming plannedShape otherwise.
 */
async function checkPlannedShape(db: Db, scope: DataScope, shape: unknown): Promise<string> {
  const refuse = (message: string) => new AppError(422, message, [{ field: 'plannedShape', message }])
  let facts: Awaited<ReturnType<typeof repo.shapeFacts>>
  try {
    facts = await repo.shapeFacts(db, shape)
  } catch {
    throw refuse('规划用地图形 plannedShape 不是可识别的 GeoJSON 多边形')
  }
  // under a square metre is no land: collinear corners measure 0 on one engine and 1e-9 m² on another after projection
  if (!(facts.area >= 1)) throw refuse('规划用地图形 plannedShape 的面积须大于 0（拐点不能共线或重合）')
  const problem = await geometryProblem(db, shape)
  if (problem) throw refuse(`规划用地图形 plannedShape ${problem}`)
  if (!facts.county) throw refuse('规划用地图形 plannedShape 不在浙江省任何区县范围内')
  if (!(await regionInScope(db, scope, facts.county)))
    throw refuse(`规划用地图形 plannedShape 落在${facts.countyName ?? facts.county}，不在本账号的数据范围内`)
  const region = scope.kind === 'region' ? scope.code : facts.county
  const inside = await repo.shapeInsideRegion(db, shape, region)
  if (inside.inside === false) throw refuse(`规划用地图形 plannedShape 须整体位于${inside.name ?? region}范围内`)
  return facts.county
}

/** Edits the name, planned investment, commitments or deadlines; every change is kept in the history. */
export async function updateProject(
  db: Db,
  scope: DataScope,
  body: z.output<typeof updateProjectBody>,
  actorId: number,
  onFound: (row: repo.ProjectDbRow) => void,
): Promise<ProjectRow> {
  const row = await projectOf(db, scope, body.id)
  onFound(row)
  if (row.exit_date) throw conflict(`该项目已于 ${row.exit_date} 退出，不能再修改`)
  const current: Record<repo.ProjectField, unknown> = {
    name: row.name,
    plannedInvestment: row.planned_investment,
    investIntensity: row.invest_intensity,
    committedPlotRatio: row.committed_plot_ratio,
    committedTaxPerMu: row.committed_tax_per_mu,
    committedEnergyVa: row.committed_energy_va,
    committedEmissionVa: row.committed_emission_va,
    startDeadline: row.start_deadline,
    completionDeadline: row.completion_deadline,
  }
  const signed = row.signed_date ?? ''
  for (const k of ['startDeadline', 'completionDeadline'] as const) {
    const v = body[k]
    if (v && v < signed) {
      const message = `${FIELD_LABELS[k]} ${k} 不能早于签约日期 ${signed}`
      throw badRequest(message, [{ field: k, message }])
    }
  }
  const start = body.startDeadline !== undefined ? body.startDeadline : row.start_deadline
  const completion = body.completionDeadline !== undefined ? body.completionDeadline : row.completion_deadline
  if (start && completion && completion < start) {
    const message = '约定竣工期限 completionDeadline 不能早于约定开工期限'
    throw badRequest(message, [{ field: 'completionDeadline', message }])
  }
  const set: Partial<Record<repo.ProjectField, unknown>> = {}
  const changes: { field: string; label: string; before: unknown; after: unknown }[] = []
  for (const k of Object.keys(repo.PROJECT_COLUMNS) as repo.ProjectField[]) {
    const v = body[k]
    if (v === undefined || v === current[k]) continue
    set[k] = v
    changes.push({ field: k, label: FIELD_LABELS[k], before: current[k], after: v })
  }
  if (changes.length === 0) throw new AppError(422, '与当前项目信息相比没有任何修改，无需保存')
  await repo.updateProject(db, row.id, set, changes, actorId)
  return projectView(await projectOf(db, scope, row.id))
}

// ---- write-through: the parcel facts a registration changes, through an audited submission ----

/** The parcel facts (data-standard field names) a stage registration changes. */
function parcelFacts(stage: LifecycleStage | 'tc', date: string, row: repo.ProjectDbRow, a: Actuals): Record<string, unknown> {
  switch (stage) {
    case 'tdgy':
      return {
        supply_date: date,
        ...(row.credit_code ? { owner_credit_code: row.credit_code } : {}),
        ...(row.parcel_status === '已收回' ? { status: '已供未建' } : {}),
        ...supplyFacts(row),
      }
    case 'xmkg':
      return { status: '在建', actual_start_date: date }
    case 'jgys':
      return { actual_completion_date: date, building_area: a.buildingArea, plot_ratio: a.plotRatio }
    case 'xmtc':
      return { status: '已投产' }
    case 'tc':
      return { status: '已收回' }
    default:
      return {}
  }
}

/**
 * What the 出让合同 says of the land (data-standard names): 供地方式, 出让价款 (万元 on the parcel, from the
 * 分 of the contract: an exact decimal of at most six places, which a double keeps and reads back to
 * the same 分), 约定开工 and 约定竣工 dates. Nothing for a project signed before the contracts were kept.
 */
function supplyFacts(row: repo.ProjectDbRow): Record<string, unknown> {
  const contract = contractOf(row)
  if (!contract) return {}
  return {
    supply_method: contract.supplyMethod,
    supply_price: contract.supplyPriceFen / FEN_PER_WAN,
    ...(row.start_deadline ? { agreed_start_date: row.start_deadline } : {}),
    ...(row.completion_deadline ? { agreed_completion_date: row.completion_deadline } : {}),
  }
}

/**
 * Sends the parcel facts of a registration to the data centre as a 修改 submission, 待审核 at once
 * (never written to the parcel here: the auditor's approval does). A lifecycle submission on the
 * same parcel still waiting for audit takes the new facts too, so successive registrations do not
 * conflict with each other at approval. Returns the submission id, or null when nothing changes.
 */
async function writeThrough(
  db: Db,
  p: Proposer,
  row: repo.ProjectDbRow,
  facts: Record<string, unknown>,
  remark: string,
): Promise<number | null> {
  const open = await repo.openWriteThrough(db, row.id)
  if (row.parcel_id === null) {
    // planned land not yet approved: its facts join the 新增 submission that waits for audit
    if (!open) throw plannedNotInMasterData(row)
    return foldNewParcelFacts(db, p, open, facts, remark)
  }
  return sendParcelFacts(db, p, row.parcel_id, facts, remark, open)
}

/** 409: the planned land's 新增 submission is not waiting for audit (returned or still a draft), so no parcel fact can follow it. */
function plannedNotInMasterData(row: repo.ProjectDbRow): AppError {
  const sub =
    row.land_submission_id === null ? '' : `（数据中心新增地块提交 #${row.land_submission_id}，${row.land_submission_state ?? '已删除'}）`
  return conflict(`该项目的规划用地尚未入库${sub}，请先在数据中心修改并提交审核，再登记`)
}

/**
 * 土地供应 of planned land drawn at signing: the draft parcel gets its 宗地代码, 工业用地, 已供未建,
 * the supply date and the owner, and goes to audit — the draft itself when it is still a draft
 * or was returned, the pending submission when someone already sent it, else a new 新增 from the
 * 指界 zone. Returns the submission id.
 */
async function submitPlannedLand(
  db: Db,
  p: Proposer,
  row: repo.ProjectDbRow,
  landCode: string,
  date: string,
  remark: string,
): Promise<number> {
  const payload = {
    name: row.name,
    land_code: landCode,
    land_use_code: PLANNED_LAND_USE,
    county_code: row.planned_county_code,
    geom: await repo.plannedZone(db, row.id),
    status: '已供未建',
    supply_date: date,
    ...(row.credit_code ? { owner_credit_code: row.credit_code } : {}),
    ...supplyFacts(row),
  }
  const state = row.land_submission_state
  const id = row.land_submission_id === null ? null : Number(row.land_submission_id)
  if (id !== null && (state === '草稿' || state === '已退回')) return (await editDraft(db, p, id, { payload, submit: true, remark })).id
  if (id !== null && state === '待审核') {
    const std = await activeStandard(db, 'parcel')
    const checked = await checkProposal(db, p, 'parcel', std, payload, null, 'submit')
    await foldIntoSubmission(db, id, checked.payload, p.id, remark)
    return id
  }
  const saved = await propose(db, p, 'parcel', 'create', { payload, submit: true, remark })
  await repo.setLandSubmission(db, row.id, saved.id)
  return saved.id
}

/** 400 naming a field of the actual figures. */
const actualMissing = (stage: 'jgys' | 'xmpj', k: keyof Actuals) => {
  const a = ACTUAL_NAMES[k]
  const message = `${STAGE_NAMES[stage]}须填写${a.name} actuals.${k}${a.unit ? `（${a.unit}）` : ''}`
  return badRequest(message, [{ field: `actuals.${k}`, message }])
}

/** The items of enterprise_yearly each judged figure is computed from (appraisal_input_source.item). */
const FIGURE_ITEMS = {
  taxPerMu: ['tax', 'land_area_m2'],
  energyVa: ['value_added', 'energy'],
  emissionVa: ['value_added', 'emissions'],
} as const
const FIGURE_NAMES = { taxPerMu: ACTUAL_NAMES.taxPerMu, energyVa: ACTUAL_NAMES.energyVa, emissionVa: ACTUAL_NAMES.emissionVa }

type Sources = Record<string, { source: string; reported_date: string }>

/** Where a figure came from: the sources of its reported items (税务 for the tax …) and the latest date reported. */
function basisOf(year: number, sources: Sources, key: keyof typeof FIGURE_ITEMS): FigureBasis {
  const found = FIGURE_ITEMS[key].map((i) => sources[i]).filter((x) => x !== undefined)
  const names = [...new Set(found.map((x) => x.source))]
  const dates = found.map((x) => x.reported_date).sort()
  return { year, source: names.length ? names.join('、') : null, reportedDate: dates.at(-1) ?? null }
}

/** The enterprise's figures of a year that 项目评价 judges, with their sources; `year` left out: the year before today. */
export async function yearFigures(db: Db, scope: DataScope, id: number, year: number | undefined): Promise<YearFigures> {
  const row = await projectOf(db, scope, id)
  if (row.enterprise_id === null) throw conflict('该项目没有用地单位，无法读取企业年度数据')
  const y = year ?? Number(today().slice(0, 4)) - 1
  const [fig, years] = await Promise.all([repo.enterpriseYear(db, row.enterprise_id, y), repo.reportedYears(db, row.enterprise_id)])
  const sources = (json<Sources>(fig.sources) ?? {}) as Sources
  const committed = { taxPerMu: row.committed_tax_per_mu, energyVa: row.committed_energy_va, emissionVa: row.committed_emission_va }
  const value = { taxPerMu: fig.tax_per_mu, energyVa: fig.energy_va, emissionVa: fig.emission_va }
  return {
    year: y,
    years,
    reported: fig.reported,
    figures: (['taxPerMu', 'energyVa', 'emissionVa'] as const).map((key) => {
      const b = basisOf(y, sources, key)
      return {
        key,
        name: FIGURE_NAMES[key].name,
        unit: FIGURE_NAMES[key].unit,
        value: value[key] === null ? null : roundTo(value[key], 2),
        committed: committed[key],
        source: b.source,
        reportedDate: b.reportedDate,
      }
    }),
  }
}

/**
 * 项目评价 (达产复核) reads 亩均税收, 单位能耗增加值 and 单位排放增加值 of the enterprise's year through the
 * catalogue's formulas (taxPerMu, energyEfficiency, emissionEfficiency) — never typed by hand. A year
 * without reported figures, or without the tax or land 亩均税收 needs, is refused naming `year`.
 */
async function evaluationFigures(
  db: Db,
  row: repo.ProjectDbRow,
  year: number,
): Promise<{ actuals: Actuals; bases: Partial<Record<keyof typeof FIGURE_ITEMS, FigureBasis>>; taxPerMu: number }> {
  if (row.enterprise_id === null) throw conflict('该项目没有用地单位，无法读取企业年度数据进行项目评价')
  const fig = await repo.enterpriseYear(db, row.enterprise_id, year)
  if (!fig.reported) {
    const years = await repo.reportedYears(db, row.enterprise_id)
    const message = `${row.enterprise_name ?? '用地单位'}没有 ${year} 年度的报送数据（企业年度指标），无法据以项目评价；${
      years.length ? `请选择已报送的评价年度 year：${years.join('、')}` : '该企业尚未报送任何年度数据'
    }`
    throw refuse('year', message)
  }
  if (fig.tax_per_mu === null)
    throw refuse(
      'year',
      `${row.enterprise_name ?? '用地单位'} ${year} 年度未报送实缴税金或没有用地面积，无法计算亩均税收；请选择其他评价年度 year`,
    )
  const sources = (json<Sources>(fig.sources) ?? {}) as Sources
  return {
    actuals: { taxPerMu: fig.tax_per_mu, energyVa: fig.energy_va, emissionVa: fig.emission_va },
    bases: {
      taxPerMu: basisOf(year, sources, 'taxPerMu'),
      energyVa: basisOf(year, sources, 'energyVa'),
      emissionVa: basisOf(year, sources, 'emissionVa'),
    },
    taxPerMu: fig.tax_per_mu,
  }
}

/** A 违约 a registration reveals, with its 违约金 by the signed rule (分). */
interface BreachFound {
  kind: BreachKind
  lateDays: number | null
  committed: number | null
  actual: number | null
  baseFen: number
  penaltyFen: number
  rule: string
}

/** The signed 违约金 rule of a project (null: signed before the contracts were kept — a 违约 then carries no 违约金). */
const ruleOf = (row: repo.ProjectDbRow): (PenaltyRule & { priceFen: number }) | null =>
  row.late_penalty_permille === null || row.tax_penalty_percent === null || row.supply_price_fen === null
    ? null
    : { latePermille: row.late_penalty_permille, taxPercent: row.tax_penalty_percent, priceFen: Number(row.supply_price_fen) }

const NO_RULE = '签约时未约定违约金条款'

/** What a registration reveals: a late start or completion, or 亩均税收 below the commitment at 项目评价. */
function breachesOf(row: repo.ProjectDbRow, stage: LifecycleStage, late: number | null, judgement: Judgement | null): BreachFound[] {
  const rule = ruleOf(row)
  const found: BreachFound[] = []
  if (late && (stage === 'xmkg' || stage === 'jgys')) {
    const kind: BreachKind = stage === 'xmkg' ? '逾期开工' : '逾期竣工'
    found.push({
      kind,
      lateDays: late,
      committed: null,
      actual: null,
      baseFen: rule?.priceFen ?? 0,
      penaltyFen: rule ? latePenaltyFen(rule.priceFen, rule.latePermille, late) : 0,
      rule: rule ? penaltyRuleText(kind, rule) : NO_RULE,
    })
  }
  const tax = stage === 'xmpj' ? judgement?.items.find((i) => i.key === 'taxPerMu' && !i.passed) : undefined
  if (tax) {
    const areaMu = mu(row.area_m2 ?? 0) ?? 0
    const actual = row.evaluated_tax_per_mu ?? tax.actual
    found.push({
      kind: '亩均税收未达承诺',
      lateDays: null,
      committed: tax.committed,
      actual,
      // the tax missing, 分: (承诺 − 实际) 万元/亩 × 亩
      baseFen: taxPenaltyFen(tax.committed, actual, areaMu, 100),
      penaltyFen: rule ? taxPenaltyFen(tax.committed, actual, areaMu, rule.taxPercent) : 0,
      rule: rule ? penaltyRuleText('亩均税收未达承诺', rule) : NO_RULE,
    })
  }
  return found
}

/** 违约金 in words: 12 345.67 元. */
const yuanText = (f: number) => `${fenToYuanText(f)} 元`

/**
 * Registers a stage date: once, after the previous stage, not before its date nor after today, not
 * on an exited project. 竣工验收 needs its measured figures; 项目评价 reads the enterprise's yearly
 * figures of its year; both are judged against the commitments. A registration past its deadline
 * records the days late; a late start or completion and 亩均税收 short of the commitment open a 违约
 * record with its 违约金 and a step of the 办理记录; the parcel facts it changes go to the data centre
 * for audit — all in one transaction. `onFound` sees the project before the rules run (the operation
 * log names it either way).
 */
export async function registerStage(
  db: Db,
  scope: DataScope,
  p: Proposer,
  f: {
    id: number
    stage: LifecycleStage
    date: string
    remark: string
    actorId: number
    actuals?: Actuals
    landCode?: string
    year?: number
  },
  onFound: (row: repo.ProjectDbRow) => void,
): Promise<{ project: ProjectRow; message: string }> {
  const { id, stage, date } = f
  const row = await projectOf(db, scope, id)
  onFound(row)
  const name = STAGE_NAMES[stage]
  if (row.exit_date) throw conflict(`该项目已于 ${row.exit_date} 退出，不能再登记${name}`)
  const existing = row[STAGE_COLUMN[stage]]
  if (existing) throw conflict(`该项目已于 ${existing} 登记${name}，不能重复登记`)
  const prev = LIFECYCLE_STAGES[LIFECYCLE_STAGES.indexOf(stage) - 1]
  const prevDate = row[STAGE_COLUMN[prev]]
  if (!prevDate)
    throw badRequest(`请先登记${STAGE_NAMES[prev]}，再登记${name}`, [{ field: 'stage', message: `请先登记${STAGE_NAMES[prev]}` }])
  const problem =
    date < prevDate ? `${name}日期不能早于${STAGE_NAMES[prev]}日期 ${prevDate}` : date > today() ? `${name}日期不能晚于今天` : null
  if (problem) throw badRequest(problem, [{ field: 'date', message: problem }])

  // the actual figures: measured at 竣工验收; read from the enterprise's year at 项目评价; refused elsewhere
  const given = Object.fromEntries(Object.entries(f.actuals ?? {}).filter(([, v]) => v !== null && v !== undefined)) as Actuals
  if (f.year !== undefined && stage !== 'xmpj') {
    const message = `评价年度 year 只在项目评价时填写`
    throw badRequest(message, [{ field: 'year', message }])
  }
  if (stage === 'xmpj' && Object.keys(given).length) {
    const k = Object.keys(given)[0]
    const message = `项目评价的亩均税收、单位能耗增加值和单位排放增加值取自企业年度报送数据，不手工填写（actuals.${k}）；请选择评价年度 year`
    throw badRequest(message, [{ field: `actuals.${k}`, message }])
  }
  let judgement: Judgement | null = null
  const set: Record<string, unknown> = {}
  let evaluated: { year: number; taxPerMu: number } | null = null
  if (stage === 'jgys' || stage === 'xmpj') {
    for (const k of REQUIRED_ACTUALS[stage]) if (given[k] === undefined) throw actualMissing(stage, k)
    let fromYear: Awaited<ReturnType<typeof evaluationFigures>> | null = null
    if (stage === 'xmpj') {
      const year = f.year ?? Number(date.slice(0, 4)) - 1
      fromYear = await evaluationFigures(db, row, year)
      evaluated = { year, taxPerMu: fromYear.taxPerMu }
    }
    const actuals = { ...actualsOf(row), ...given, ...(fromYear?.actuals ?? {}) }
    judgement = judge(
      stage,
      {
        investIntensity: row.invest_intensity,
        plotRatio: row.committed_plot_ratio,
        taxPerMu: row.committed_tax_per_mu,
        energyVa: row.committed_energy_va,
        emissionVa: row.committed_emission_va,
      },
      actuals,
      mu(row.area_m2 ?? 0) ?? 0,
    )
    if (fromYear) {
      const bases = fromYear.bases
      judgement = {
        ...judgement,
        items: judgement.items.map((i) => (i.key in bases ? { ...i, basis: bases[i.key as keyof typeof bases] } : i)),
      }
    }
    const col: Record<Exclude<keyof Actuals, 'taxPerMu'>, string> = {
      investment: 'actual_investment',
      buildingArea: 'actual_building_area',
      plotRatio: 'actual_plot_ratio',
      tax: 'actual_tax',
      energyVa: 'actual_energy_va',
      emissionVa: 'actual_emission_va',
    }
    for (const [k, v] of Object.entries(given)) set[col[k as Exclude<keyof Actuals, 'taxPerMu'>]] = v
    if (fromYear && evaluated) {
      set.actual_energy_va = fromYear.actuals.energyVa ?? null
      set.actual_emission_va = fromYear.actuals.emissionVa ?? null
      set.evaluation_year = evaluated.year
      set.evaluated_tax_per_mu = evaluated.taxPerMu
    }
    set[stage === 'jgys' ? 'acceptance' : 'evaluation'] = judgement
  } else if (Object.keys(given).length) {
    const k = Object.keys(given)[0]
    const message = `${name}不登记实际指标（actuals.${k}），实际指标在竣工验收时填写`
    throw badRequest(message, [{ field: `actuals.${k}`, message }])
  }
  // 宗地代码: only at 土地供应 of planned land, which registers the new parcel under it
  const planned = row.parcel_id === null
  if (f.landCode !== undefined && !(planned && stage === 'tdgy')) {
    const message = `宗地代码 landCode 只在规划用地尚未入库时的土地供应填写${planned ? '' : `，该项目的地块为 ${row.land_code}`}`
    throw badRequest(message, [{ field: 'landCode', message }])
  }
  if (planned && stage === 'tdgy' && !f.landCode) {
    const message = '规划用地尚未入库，土地供应须填写新地块的宗地代码 landCode'
    throw badRequest(message, [{ field: 'landCode', message }])
  }
  if (planned && stage !== 'tdgy' && row.land_submission_state !== '待审核') throw plannedNotInMasterData(row)
  const late = lateDays(stage, date, { startDeadline: row.start_deadline, completionDeadline: row.completion_deadline })
  const found = breachesOf({ ...row, evaluated_tax_per_mu: evaluated?.taxPerMu ?? row.evaluated_tax_per_mu }, stage, late, judgement)

  const facts = parcelFacts(stage, date, row, given)
  const done = await db.transaction(async (tx) => {
    const r = await repo.registerStage(tx, { ...f, lateDays: late, set, actuals: Object.keys(given).length ? given : null, judgement })
    if (r === 'taken') return r
    const remark = `全生命周期·${row.name}·${name}`
    const sub =
      planned && stage === 'tdgy'
        ? await submitPlannedLand(tx, p, row, f.landCode!, date, remark)
        : await writeThrough(tx, p, row, facts, remark)
    if (sub !== null) {
      await repo.linkSubmission(tx, r.eventId, sub)
      // the 乡镇 decided at signing travels with the submission; its approval writes it to the parcel (migration 0330)
      if (row.signed_town_code) await repo.setSubmissionTown(tx, sub, row.signed_town_code)
    }
    // 违约: opened in this transaction, with a step of the project's 办理记录
    const opened: BreachFound[] = []
    for (const b of found) {
      const breachId = await repo.insertBreach(tx, { ...b, projectId: row.id, eventId: r.eventId, foundDate: date, actorId: f.actorId })
      if (breachId === null) continue
      opened.push(b)
      await recordStep(tx, await actorOf(tx, f.actorId), {
        subject: 'lifecycle',
        subjectId: row.id,
        action: '违约认定',
        from: name,
        to: '违约',
        note: `${breachText(b)}（${b.rule}）`,
      })
    }
    return { ...r, submission: sub, opened }
  })
  if (done === 'taken') throw conflict(`该项目已登记${name}，不能重复登记`)
  const project = projectView(await projectOf(db, scope, id))
  const parts = [`已登记${name}`]
  if (done.deadline && (stage === 'tdgy' || stage === 'xmkg'))
    parts.push(`${stage === 'tdgy' ? '约定开工期限' : '约定竣工期限'}为 ${done.deadline}`)
  if (late) parts.push(`逾期 ${late} 天登记`)
  if (evaluated) parts.push(`按 ${evaluated.year} 年度企业报送数据评价`)
  if (judgement) parts.push(judgement.conclusion)
  for (const b of done.opened) parts.push(`违约：${breachText(b)}`)
  if (done.submission) parts.push(`地块信息变更已提交数据中心审核（提交 #${done.submission}）`)
  return { project, message: parts.join('，') }
}

/** A 违约 in words: 逾期开工 30 天，违约金 1 500.00 元. */
function breachText(b: BreachFound): string {
  const what =
    b.kind === '亩均税收未达承诺'
      ? `亩均税收 ${roundTo(b.actual ?? 0, 2)} 万元/亩低于承诺 ${b.committed} 万元/亩`
      : `${b.kind} ${b.lateDays} 天`
  return `${what}，违约金 ${yuanText(b.penaltyFen)}`
}

async function actorOf(db: Db, id: number): Promise<{ id: number; realName: string }> {
  const r = await db.query<{ real_name: string }>('SELECT real_name FROM app_user WHERE id = $1', [id])
  return { id, realName: r.rows[0]?.real_name ?? `#${id}` }
}

/**
 * 退出: a broken contract on a date between signing and today, with its reason and the land's
 * outcome; 收回 sends the parcel's 已收回 status to the data centre for audit.
 */
export async function exitProject(
  db: Db,
  scope: DataScope,
  p: Proposer,
  f: ExitProjectBody & { actorId: number },
  onFound: (row: repo.ProjectDbRow) => void,
): Promise<{ project: ProjectRow; message: string }> {
  const row = await projectOf(db, scope, f.id)
  onFound(row)
  if (row.exit_date) throw conflict(`该项目已于 ${row.exit_date} 退出，不能重复登记`)
  const problem =
    f.date < (row.signed_date ?? '') ? `退出日期不能早于签约日期 ${row.signed_date}` : f.date > today() ? '退出日期不能晚于今天' : null
  if (problem) throw badRequest(problem, [{ field: 'date', message: problem }])
  const done = await db.transaction(async (tx) => {
    const r = await repo.exitProject(tx, f)
    if (r === 'taken') return r
    // planned land never approved has no parcel to take back
    const sub =
      f.outcome === '收回' && row.parcel_id !== null
        ? await writeThrough(tx, p, row, parcelFacts('tc', f.date, row, {}), `全生命周期·${row.name}·${EXIT_NAME}（土地收回）`)
        : null
    if (sub !== null) await repo.linkSubmission(tx, r.eventId, sub)
    return { submission: sub }
  })
  if (done === 'taken') throw conflict('该项目已退出，不能重复登记')
  const project = projectView(await projectOf(db, scope, f.id))
  const message = done.submission ? `已登记退出，地块收回已提交数据中心审核（提交 #${done.submission}）` : '已登记退出'
  return { project, message }
}

export type { CreateProjectBody, UpdateProjectBody }
