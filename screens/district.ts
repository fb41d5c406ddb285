/** /bigData/district 区域分析: cities and counties — area, count, 亩均税收, 亩均增加值, rankings, the L7 county map with heat and clusters. */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, at, stat } from './parts'

export const DISTRICT_SCREEN: WallScreen = {
  ...FRAME,
  key: '/bigData/district',
  title: '工业用地区域分析',
  subtitle: '全省 · 设区市 · 县（市、区）',
  pickers: ['year'],
  widgets: [
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview'),
      view: { items: [FIG.area, FIG.parcels, FIG.taxPerMu, FIG.vaPerMu] },
    },
    // the 2D engine (L7): county 分级设色 from the database's outlines, enterprise heat and clusters
    {
      id: 'map',
      type: 'l7map',
      title: '县（市、区）亩均税收分布 · 企业热力与聚合（点击区县查看）',
      ...at('centre', 266, 794),
      source: stat('byRegion', [], { level: 'county' }),
      view: { level: 'county', value: SERIES.taxPerMu },
    },
    {
      id: 'cityArea',
      type: 'ranking',
      title: '设区市工业用地面积',
      ...at('left', 100, 470),
      source: stat('byRegion', [], { level: 'city' }),
      view: { category: 'name', series: [SERIES.areaMu], horizontal: true, sortDesc: true },
    },
    {
      id: 'cityCount',
      type: 'bar',
      title: '设区市地块与用地企业',
      ...at('left', 586, 474),
      source: stat('byRegion', [], { level: 'city' }),
      view: { category: 'name', series: [SERIES.parcelCount, SERIES.enterpriseCount] },
    },
    {
      id: 'cityTax',
      type: 'ranking',
      title: '设区市亩均税收排行',
      ...at('right', 100, 470),
      source: stat('byRegion', [], { level: 'city' }),
      view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true },
    },
    {
      id: 'countyVa',
      type: 'ranking',
      title: '县（市、区）亩均增加值 TOP10',
      ...at('right', 586, 474),
      source: stat('byRegion', [], { level: 'county' }),
      view: { category: 'name', series: [SERIES.vaPerMu], horizontal: true, sortDesc: true, limit: 10 },
    },
  ],
}
