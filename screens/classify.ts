/**
 * /bigData/classify 分类统计: parcels and enterprises by land use, status (incl. 低效 / 闲置),
 * supply, industry (GB/T 4754 divisions), scale, 亩均税收 band and 亩均 appraisal class A–D.
 */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, at, stat } from './parts'

export const CLASSIFY_SCREEN: WallScreen = {
  ...FRAME,
  key: '/bigData/classify',
  title: '工业用地分类统计',
  subtitle: '地类 · 行业 · 规模 · 亩均评价 · 低效状态',
  pickers: ['year'],
  widgets: [
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview'),
      view: { items: [FIG.parcels, FIG.area, FIG.enterprises, FIG.scale, FIG.low] },
    },
    {
      id: 'landUse',
      type: 'pie',
      title: '按现状地类',
      ...at('left', 100, 300),
      source: stat('classes', [], { by: 'landUse' }),
      view: { name: 'name', value: SERIES.areaOfClass },
    },
    {
      id: 'status',
      type: 'pie',
      title: '按地块状态',
      ...at('left', 416, 300),
      source: stat('classes', [], { by: 'status' }),
      view: { name: 'name', value: SERIES.parcelsOfClass },
    },
    {
      id: 'supply',
      type: 'pie',
      title: '按供地方式',
      ...at('left', 732, 328),
      source: stat('classes', [], { by: 'supplyMethod' }),
      view: { name: 'name', value: SERIES.parcelsOfClass, ring: 0 },
    },
    {
      id: 'industry',
      type: 'bar',
      title: '重点行业用地企业数（GB/T 4754 大类）',
      ...at('centre', 266, 420),
      source: stat('byIndustry'),
      view: { category: 'name', series: [SERIES.enterpriseCount], sortDesc: true, limit: 10 },
    },
    {
      id: 'taxBand',
      type: 'bar',
      title: '企业亩均税收分档',
      ...at('centre', 702, 358),
      source: stat('classes', [], { by: 'taxBand' }),
      view: { category: 'name', series: [SERIES.ratedOfClass] },
    },
    {
      id: 'scale',
      type: 'pie',
      title: '规上 / 规下企业',
      ...at('right', 100, 300),
      source: stat('classes', [], { by: 'scale' }),
      view: { name: 'name', value: SERIES.landEnterprisesOfClass },
    },
    {
      id: 'industryTax',
      type: 'ranking',
      title: '行业亩均税收排行',
      ...at('right', 416, 320),
      source: stat('byIndustry'),
      view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true, limit: 8 },
    },
    // the appraisal of the chosen year (view enterprise_appraisal_yearly): A 优先支持 … D 整治淘汰
    {
      id: 'appraisal',
      type: 'pie',
      title: '亩均效益评价分类（{figuresYear}年度）',
      ...at('right', 752, 308),
      source: stat('classes', [], { by: 'appraisal' }),
      view: { name: 'name', value: SERIES.appraisedOfClass },
    },
  ],
}
