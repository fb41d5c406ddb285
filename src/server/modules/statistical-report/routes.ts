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
import { figureHeader } from '../../figures/values'
import { scopeOfRequest } from '../../auth/data-scope'
import { resolveYear } from '../../common/stat-years'
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

/** Columns shared by the 区域 and 行业 sheets after the name: catalogue figures, each header noted with its 口径. */
const FIGURE_COLUMNS: XlsxColumn<SharedFigures>[] = [
  { ...figureHeader('parcelCount'), value: (r) => r.parcelCount, width: 12 },
  { ...figureHeader('landAreaMu'), value: (r) => r.areaMu, width: 14 },
  { ...figureHeader('landEnterpriseCount'), value: (r) => r.enterpriseCount, width: 14 },
  { ...figureHeader('scaleAboveCount'), value: (r) => r.scaleCount, width: 14 },
  { ...figureHeader('ratedEnterpriseCount'), value: (r) => r.ratedEnterpriseCount, width: 14 },
  { ...figureHeader('tax'), value: (r) => r.tax, width: 16 },
  { ...figureHeader('valueAdded'), value: (r) => r.valueAdded, width: 18 },
  { ...figureHeader('ratedLandMu'), value: (r) => r.ratedLandMu, width: 16 },
  { ...figureHeader('taxPerMu'), value: (r) => r.taxPerMu, width: 18 },
  { ...figureHeader('valueAddedPerMu'), value: (r) => r.valueAddedPerMu, width: 20 },
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
            ...FIGURE_COLUMNS.slice(0, 2),
            { ...figureHeader('lowEfficiencyCount'), value: (x) => x.lowCount, width: 14 },
            { ...figureHeader('lowEfficiencyAreaMu'), value: (x) => x.lowAreaMu, width: 18 },
            ...FIGURE_COLUMNS.slice(2),
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
            ...FIGURE_COLUMNS.slice(0, 7),
            { ...figureHeader('revenue'), value: (x) => x.revenue, width: 16 },
            ...FIGURE_COLUMNS.slice(7),
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
        const y = await resolveYear(reads(req), year)
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
            { ...figureHeader('taxPerMu'), value: (r) => r.taxPerMu, width: 18 },
            {
              header: '评价类别',
              value: (r) => (r.appraisalClass ? APPRAISAL_CLASS_NAMES[r.appraisalClass as AppraisalClass] : null),
              width: 14,
            },
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
        const y = await resolveYear(reads(req), year)
        return sendXlsx<LowEfficiencyRow>(reply, {
          filename: `低效用地_${y}年_${today()}.xlsx`,
          sheet: `低效用地 ${y}年`,
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
