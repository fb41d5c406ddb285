/** The wall pages of docs/product.md §2 (/bigData/*, /visual), one screen file each. */
import { CITY_SCREEN } from '../../../../screens/city'
import { CLASSIFY_SCREEN } from '../../../../screens/classify'
import { DISTRICT_SCREEN } from '../../../../screens/district'
import { PARK_SCREEN } from '../../../../screens/park'
import { PLATFORM_SCREEN } from '../../../../screens/platform'
import { VISUAL_SCREEN } from '../../../../screens/visual'
import { ScreenPage } from './screen-page'

/** /bigData/classify 分类统计 */
export const ClassifyScreenPage = () => <ScreenPage def={CLASSIFY_SCREEN} />
/** /bigData/district 区域分析 */
export const DistrictScreenPage = () => <ScreenPage def={DISTRICT_SCREEN} />
/** /bigData/platform 平台分析 */
export const PlatformScreenPage = () => <ScreenPage def={PLATFORM_SCREEN} />
/** /bigData/city 城市分析 */
export const CityScreenPage = () => <ScreenPage def={CITY_SCREEN} />
/** /bigData/park 园区分析 */
export const ParkScreenPage = () => <ScreenPage def={PARK_SCREEN} />
/** /visual 可视化大屏 */
export const VisualScreenPage = () => <ScreenPage def={VISUAL_SCREEN} />
