/** 区域标准 contracts: per region and year, the benchmarks of appraisal and low-efficiency evaluation (docs/domain.md). */
import { z } from 'zod'
import { idSchema, optionalText, pageQuery, regionCodeSchema } from './admin'
import { FIGURES } from '../figures/catalogue'

const measure = (label: string, max: number) =>
  z.coerce
    .number({ error: `${label}应为数字` })
    .min(0, `${label}不能为负`)
    .max(max, `${label}不超过${max}`)
    .nullable()
    .optional()

/** The benchmark figures, with their units; the 亩均 indicators named as the catalogue names them (src/domain/figures). */
export const REGION_STANDARD_FIELDS = [
  { key: 'taxPerMu', label: FIGURES.taxPerMu.name, unit: FIGURES.taxPerMu.unit },
  { key: 'valueAddedPerMu', label: FIGURES.valueAddedPerMu.name, unit: FIGURES.valueAddedPerMu.unit },
  { key: 'revenuePerMu', label: FIGURES.revenuePerMu.name, unit: FIGURES.revenuePerMu.unit },
  { key: 'plotRatio', label: '容积率', unit: '' },
  { key: 'buildingDensity', label: '建筑密度', unit: '%' },
  { key: 'investmentIntensity', label: '投资强度', unit: '万元/亩' },
  { key: 'laborProductivity', label: FIGURES.laborProductivity.name, unit: FIGURES.laborProductivity.unit },
  { key: 'energyValueAdded', label: FIGURES.energyEfficiency.name, unit: FIGURES.energyEfficiency.unit },
] as const

const fields = {
  regionCode: regionCodeSchema,
  year: z.coerce.number({ error: '年度应为数字' }).int().min(2000, '年度不早于2000').max(2100, '年度不晚于2100'),
  taxPerMu: measure('亩均税收', 10000),
  valueAddedPerMu: measure('亩均增加值', 100000),
  revenuePerMu: measure('亩均营业收入', 1000000),
  plotRatio: measure('容积率', 20),
  buildingDensity: measure('建筑密度', 100),
  investmentIntensity: measure('投资强度', 100000),
  laborProductivity: measure('全员劳动生产率', 100000),
  energyValueAdded: measure('单位能耗增加值', 100000),
  remark: optionalText(255, '备注'),
}

/** POST /api/regionrecoup/add */
export const regionStandardAddBody = z.object(fields)
export type RegionStandardAddBody = z.input<typeof regionStandardAddBody>
/** POST /api/regionrecoup/edit */
export const regionStandardEditBody = z.object({ id: idSchema, ...fields })
/** GET /api/regionrecoup/query */
export const regionStandardQuery = pageQuery(['year', 'regionCode'] as const).extend({
  regionCode: regionCodeSchema.optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
})

/** One benchmark row. */
export interface RegionStandardView {
  id: number
  regionCode: string
  regionName: string
  regionLevel: string
  year: number
  taxPerMu: number | null
  valueAddedPerMu: number | null
  revenuePerMu: number | null
  plotRatio: number | null
  buildingDensity: number | null
  investmentIntensity: number | null
  laborProductivity: number | null
  energyValueAdded: number | null
  remark: string
  updatedBy: string
  updatedAt: string
}
