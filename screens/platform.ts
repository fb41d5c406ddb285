/** /bigData/platform 平台分析: development zones and industrial parks. */
import type { WallScreen } from '../src/web/features/big-data/wall-widget-types'
import { FIG, FRAME, SERIES, at, stat } from './parts'

export const PLATFORM_SCREEN: WallScreen = {
  ...FRAME,
  key: '/bigData/platform',
  title: '开发区（园区）平台分析',
  subtitle: '国家级 · 省级开发区与工业园区',
  pickers: ['year'],
  widgets: [
    {
      id: 'kpi',
      type: 'kpi',
      ...at('centre', 100, 150),
      source: stat('overview'),
      view: { items: [FIG.parks, FIG.area, FIG.enterprises, FIG.taxPerMu] },
    },
    {
      id: 'parkArea',
      type: 'ranking',
      title: '园区用地面积 TOP10',
      ...at('left', 100, 470),
      source: stat('byPark'),
      view: { category: 'name', series: [SERIES.areaMu], horizontal: true, sortDesc: true, limit: 10 },
    },
    {
      id: 'parkCount',
      type: 'ranking',
      title: '园区入驻企业 TOP10',
      ...at('left', 586, 474),
      source: stat('byPark'),
      view: { category: 'name', series: [SERIES.enterpriseCount], horizontal: true, sortDesc: true, limit: 10 },
    },
    {
      id: 'parkBar',
      type: 'bar',
      title: '园区地块数与用地企业数',
      ...at('centre', 266, 400),
      source: stat('byPark'),
      view: { category: 'name', series: [SERIES.parcelCount, SERIES.enterpriseCount], sortDesc: true, limit: 8 },
    },
    {
      id: 'parkTable',
      type: 'table',
      title: '园区一览',
      ...at('centre', 682, 378),
      source: stat('byPark'),
      view: {
        visibleRows: 7,
        columns: [
          { field: 'name', title: '园区名称', flex: 3 },
          { field: 'parcelCount', title: '地块(宗)', align: 'right', figure: 'parcelCount' },
          { field: 'areaMu', title: '面积(亩)', digits: 0, align: 'right', flex: 1.2, figure: 'landAreaMu' },
          { field: 'enterpriseCount', title: '用地企业(家)', align: 'right', figure: 'landEnterpriseCount' },
          { field: 'taxPerMu', title: '亩均税收', digits: 2, align: 'right', flex: 1.2, figure: 'taxPerMu' },
        ],
      },
    },
    {
      id: 'parkTax',
      type: 'ranking',
      title: '园区亩均税收 TOP10',
      ...at('right', 100, 470),
      source: stat('byPark'),
      view: { category: 'name', series: [SERIES.taxPerMu], horizontal: true, sortDesc: true, limit: 10 },
    },
    {
      id: 'parkRadar',
      type: 'radar',
      title: '亩均效益前六园区',
      ...at('right', 586, 474),
      source: stat('byPark'),
      view: { category: 'name', series: [SERIES.taxPerMu, SERIES.vaPerMu], sortDesc: true, limit: 6 },
    },
  ],
}
