/**
 * 统计报表 reads and exports (/system/statisticalReport): statistics of the /api/cloudChart/*
 * family (docs/product.md §7), granted by the report pages, each limited to the user's data scope and narrowed to
 * a district inside it by `regionCode` (a district outside the scope is 403).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import {
  LOW_EFFICIENCY_REASONS,
  RECORD_LIST_PAGES,
  REPORT_PAGES,
  enterpriseReportQuery,
  lowEfficiencyQuery,
  parcelReportQuery,
  reportFilterQuery,
  type AreaReportRow,
  type EnterpriseReportRow,
  type IndustryReportRow,
  type LowEfficiencyRow,
  type ParcelReportRow,
} from '../../../domain/contracts/statistical-report'
import { APPRAISAL_CLASS_NAMES, type AppraisalClass } from '../../../domain/appraisal'
import type { Db } from '../../db/engine'
import { currentUser } from '../../http/context'
import { ok } from '../../http/envelope'
import { sendXlsx, type XlsxColumn } from '../../http/xlsx'
import { figureAsOf, figureHeader } from '../../figures/values'
import type { FigureKey } from '../../../domain/figures/catalogue'
import { scopeOfRequest } from '../../auth/data-scope'
import { figuresYear, stockYear } from '../../common/stat-years'
import * as repo from './repo'
import * as report from './service'
import { todayInProductZone } from '../../../domain/today'
import { GRANTED_PAGES } from '../../../domain/contracts/page-grants'
import { readsOf } from '../../http/read-replica'
import type { FastifyRequest } from 'fastify'

const READ = { pages: REPORT_PAGES, log: false } as const
const LIST = { pages: RECORD_LIST_PAGES, log: false } as const
const exported = (action: string, pages = REPORT_PAGES) => ({ pages, log: { module: 'statisticalReport', action } })
const today = () => todayInProductZone()

/** An export cell of a row's approved 更正: each item with its published and restated value (empty: none). */
const restatedText = (list: EnterpriseReportRow['restated']) =>
  list.map((x) => `${x.itemName} ${x.publishedValue ?? '空'}→${x.newValue}${x.unit}`).join('；') || null

type SharedFigures = Pick<
  AreaReportRow,
  | 'parcelCount'
  | 'areaMu'
  | 'enterpriseCount'
  | 'scaleCount'
  | 'ratedEnterpriseCount'
  | 'tax'
  | 'valueAdded'
  | 'ratedLandMu'
  | 'taxPerMu'
  | 'valueAddedPerMu'
>

/** The years of a grouped report: stock figures of `year` (today for the current year), yearly ones of `figuresYear`. */
type ReportYears = { year: number; figuresYear: number }

/** A catalogue figure's header for a report's years: name, unit and as-of (截至今日 / 截至 2024 年末 / 2025 年度), noted with its 口径. */
const headerOf = (key: FigureKey, years: ReportYears) => figureHeader(key, undefined, figureAsOf(key, years))

/** Columns shared by the 区域 and 行业 sheets after the name: catalogue figures, each header with its as-of, noted with its 口径. */
const figureColumns = (y: ReportYears): XlsxColumn<SharedFigures>[] => [
  { ...headerOf('parcelCount', y), value: (r) => r.parcelCount, width: 18 },
  { ...headerOf('landAreaMu', y), value: (r) => r.areaMu, width: 18 },
  { ...headerOf('landEnterpriseCount', y), value: (r) => r.enterpriseCount, width: 20 },
  { ...headerOf('scaleAboveCount', y), value: (r) => r.scaleCount, width: 20 },
  { ...headerOf('ratedEnterpriseCount', y), value: (r) => r.ratedEnterpriseCount, width: 20 },
  { ...headerOf('tax', y), value: (r) => r.tax, width: 22 },
  { ...headerOf('valueAdded', y), value: (r) => r.valueAdded, width: 24 },
  { ...headerOf('ratedLandMu', y), value: (r) => r.ratedLandMu, width: 22 },
  { ...headerOf('taxPerMu', y), value: (r) => r.taxPerMu, width: 24 },
  { ...headerOf('valueAddedPerMu', y), value: (r) => r.valueAddedPerMu, width: 26 },
]

const PARCEL_COLUMNS: XlsxColumn<ParcelReportRow>[] = [
  { header: '宗地代码', value: (r) => r.landCode, width: 22 },
  { header: '地块名称', value: (r) => r.name, width: 28 },
  { header: '地类', value: (r) => (r.landUseName ? `${r.landUseCode} ${r.landUseName}` : r.landUseCode), width: 16 },
  { header: '状态', value: (r) => r.status, width: 10 },
  { header: '面积（亩）', value: (r) => r.areaMu, width: 12 },
  { header: '容积率', value: (r) => r.plotRatio, width: 10 },
  { header: '建筑密度（%）', value: (r) => r.buildingDensity, width: 12 },
  { header: '供地日期', value: (r) => r.supplyDate, width: 12 },
  { header: '供地方式', value: (r) => r.supplyMethod, width: 10 },
  { header: '区县', value: (r) => r.countyName, width: 12 },
  { header: '园区', value: (r) => r.parkName, width: 24 },
  { header: '用地单位', value: (r) => r.enterpriseName, width: 28 },
]

async function* once<T>(rows: T[]): AsyncIterable<T[]> {
  yield rows
}

export const statisticalReportRoutes =
  (db: Db): FastifyPluginAsyncZod =>
  async (app) => {
    // the reads of a GET may go to the replica (DATABASE_READ_URL) while it has caught up
    const reads = (req: Pick<FastifyRequest, 'readDb'>) => readsOf(req, db)
    // the district picker of every page with a district filter: names of regions are no secret
    // (auth/data-scope), and the tree holds only the districts of the user's own scope
    app.get('/api/cloudChart/report/regions', { config: { pages: GRANTED_PAGES, log: false } }, async (req) =>
      ok(await report.regionOptions(reads(req), await scopeOfRequest(reads(req), req))),
    )

    app.get('/api/cloudChart/report/area', { config: READ, schema: { querystring: reportFilterQuery } }, async (req) =>
      ok(await report.areaReport(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.year)),
    )

    app.get(
      '/api/cloudChart/report/area/export',
      { config: exported('导出区域统计'), schema: { querystring: reportFilterQuery } },
      async (req, reply) => {
        const r = await report.areaReport(reads(req), await scopeOfRequest(reads(req), req, req.query.regionCode), req.query.year)
        return sendXlsx<AreaReportRow>(reply, {
          filename: `区域统计_${r.region?.name ?? '浙江省'}_${r.year}年_${today()}.xlsx`,
          sheet: `区域统计 ${r.year}年`,
          columns: [
            { header: '地区', value: (x) => x.name, width: 16 },
            { header: '区划代码', value: (x) => (x.code === 'all' ? '' : x.code), width: 12 },
            ...figureColumns(r).slice(0, 2),
            { ...headerOf('lowEfficiencyCount', r), value: (x) => x.lowCount, width: 20 },
            { ...headerOf('lowEfficiencyAreaMu', r), value: (x) => x.lowAreaMu, width: 22 },
            ...figureColumns(r).slice(2),
          ],
          pages: once([...r.rows, r.total]),
        })
      },
    )

    const industry = async (
      req: { query: { year?: number; regionCode?: string } } & Parameters<typeof currentUser>[0] & Pick<FastifyRequest, 'readDb'>,
    ) => {
      const scope = await scopeOfRequest(reads(req), req, req.query.regionCode)
      const region = scope.kind === 'region' ? await repo.region(reads(req), scope.code) : undefined
      return report.industryReport(
        reads(req),
        scope,
        region ? { code: region.code, name: region.name, level: region.level } : null,
        req.query.year,
      )
    }

    app.get('/api/cloudChart/report/industry', { config: READ, schema: { querystring: reportFilterQuery } }, async (req) =>
      ok(await industry(req)),
    )

    app.get(
      '/api/cloudChart/report/industry/export',
      { config: exported('导出行业统计'), schema: { querystring: reportFilterQuery } },
      async (req, reply) => {
        const r = await industry(req)
        return sendXlsx<IndustryReportRow>(reply, {
          filename: `行业统计_${r.region?.name ?? '浙江省'}_${r.year}年_${today()}.xlsx`,
          sheet: `行业统计 ${r.year}年`,
          columns: [
            { header: '行业代码', value: (x) => (x.code === 'all' ? '' : x.code), width: 10 },
            { header: '行业名称', value: (x) => x.name, width: 36 },
            ...figureColumns(r).slice(0, 7),
            { ...headerOf('revenue', r), value: (x) => x.revenue, width: 22 },
            ...figureColumns(r).slice(7),
          ],
          pages: once([...r.rows, r.total]),
        })
      },
    )

    app.get('/api/cloudChart/report/enterprises', { config: LIST, schema: { querystring: enterpriseReportQuery } }, async (req) => {
      const { year, regionCode, ...q } = req.query
      return ok(await report.enterpriseReport(reads(req), await scopeOfRequest(reads(req), req, regionCode), q, year))
    })

    app.get(
      '/api/cloudChart/report/enterprises/export',
      { config: exported('导出用地单位列表', RECORD_LIST_PAGES), schema: { querystring: enterpriseReportQuery } },
      async (req, reply) => {
        const { year, regionCode, page: _p, pageSize: _s, ...q } = req.query
        const scope = await scopeOfRequest(reads(req), req, regionCode)
        const y = await figuresYear(reads(req), year)
        return sendXlsx<EnterpriseReportRow>(reply, {
          filename: `用地单位列表_${y}年_${today()}.xlsx`,
          sheet: `用地单位 ${y}年`,
          columns: [
            { header: '统一社会信用代码', value: (r) => r.creditCode, width: 22 },
            { header: '企业名称', value: (r) => r.name, width: 30 },
            { header: '行业', value: (r) => (r.industryCode ? `${r.industryCode} ${r.industryName ?? ''}`.trim() : null), width: 30 },
            { header: '规模', value: (r) => r.scale, width: 8 },
            { header: '经营状态', value: (r) => r.status, width: 10 },
            { header: '区县', value: (r) => r.countyName, width: 12 },
            { header: '园区', value: (r) => r.parkName, width: 24 },
            { header: '地块数（宗）', value: (r) => r.parcelCount, width: 12 },
            { header: '用地面积（亩）', value: (r) => r.landAreaMu, width: 14 },
            { header: '实缴税金（万元）', value: (r) => r.tax, width: 16 },
            { header: '工业增加值（万元）', value: (r) => r.valueAdded, width: 18 },
            { ...figureHeader('taxPerMu', undefined, figureAsOf('taxPerMu', { year: y })), value: (r) => r.taxPerMu, width: 24 },
            {
              header: '评价类别',
              value: (r) => (r.appraisalClass ? APPRAISAL_CLASS_NAMES[r.appraisalClass as AppraisalClass] : null),
              width: 14,
            },
            // the figures above are the restated ones; what was published stands beside them (docs/domain.md "Closed years")
            { header: '已更正（发布值→更正值）', value: (r) => restatedText(r.restated), width: 36 },
          ],
          pages: report.eachEnterprise(reads(req), scope, q, y),
        })
      },
    )

    app.get('/api/cloudChart/report/parcels', { config: LIST, schema: { querystring: parcelReportQuery } }, async (req) => {
      const { regionCode, ...q } = req.query
      return ok(await report.parcelReport(reads(req), await scopeOfRequest(reads(req), req, regionCode), q))
    })

    app.get(
      '/api/cloudChart/report/parcels/export',
      { config: exported('导出工业用地列表', RECORD_LIST_PAGES), schema: { querystring: parcelReportQuery } },
      async (req, reply) => {
        const { regionCode, page: _p, pageSize: _s, ...q } = req.query
        return sendXlsx<ParcelReportRow>(reply, {
          filename: `工业用地列表_${today()}.xlsx`,
          sheet: '工业用地',
          columns: PARCEL_COLUMNS,
          pages: report.eachParcel(reads(req), await scopeOfRequest(reads(req), req, regionCode), q),
        })
      },
    )

    app.get('/api/cloudChart/report/lowEfficiency', { config: READ, schema: { querystring: lowEfficiencyQuery } }, async (req) => {
      const { year, regionCode, ...q } = req.query
      return ok(await report.lowEfficiencyReport(reads(req), await scopeOfRequest(reads(req), req, regionCode), q, year))
    })

    app.get(
      '/api/cloudChart/report/lowEfficiency/export',
      { config: exported('导出低效用地'), schema: { querystring: lowEfficiencyQuery } },
      async (req, reply) => {
        const { year, regionCode, page: _p, pageSize: _s, ...q } = req.query
        const scope = await scopeOfRequest(reads(req), req, regionCode)
        const y = stockYear(year)
        const asOf = figureAsOf('lowEfficiencyCount', { year: y })
        return sendXlsx<LowEfficiencyRow>(reply, {
          filename: `低效用地_${asOf.replace(/\s/g, '')}_${today()}.xlsx`,
          sheet: `低效用地 ${asOf}`,
          columns: [
            ...(PARCEL_COLUMNS as XlsxColumn<LowEfficiencyRow>[]),
            { header: '认定原因', value: (r) => r.reasons.map((k) => LOW_EFFICIENCY_REASONS[k]).join('；'), width: 40 },
            { ...figureHeader('taxPerMu', '用地单位亩均税收'), value: (r) => r.taxPerMu, width: 22 },
          ],
          pages: report.eachLowParcel(reads(req), scope, q, y),
        })
      },
    )
  }
