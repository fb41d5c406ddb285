/**
 * District picker rules (docs/product.md §2.5, §3, §4): selection starts at province 330000; clicking any
 * level sets the selection to that level's tag, fires the callback, closes the panel and shows
 * the last name. The four columns follow the row being browsed.
 */
import type { CityNode, CountyNode, ProvinceNode, TagItem, TownNode } from '../../../domain/contracts/map'
import { DEFAULT_REGION_CODE } from '../../../domain/map-constants'

/** Picker state: the selected tag, the tag being browsed in the panel, and whether the panel shows. */
export interface PickerState {
  selected: TagItem[]
  browsing: TagItem[]
  open: boolean
}

/** docs/product.md §4, §9: the selection starts as province 330000. */
export function initialPicker(tree: Pick<ProvinceNode, 'provinceName' | 'provinceCode'> | null): PickerState {
  const tag = [{ name: tree?.provinceName ?? '浙江省', code: tree?.provinceCode ?? DEFAULT_REGION_CODE }]
  return { selected: tag, browsing: tag, open: false }
}

/** The name the picker shows: the last of the tag. */
export const shownName = (tag: TagItem[]) => tag[tag.length - 1]?.name ?? ''

/** Hover opens the panel at the current selection; leaving closes it. */
export function setOpen(state: PickerState, open: boolean): PickerState {
  return { ...state, open, browsing: open ? state.selected : state.browsing }
}

/** Hovering a row browses into it (its children fill the next column) without selecting. */
export function browse(state: PickerState, tag: TagItem[]): PickerState {
  return { ...state, browsing: tag }
}

/** docs/product.md §4: clicking any level selects its tag and closes the panel; the caller fires the callback and flies. */
export function pick(_state: PickerState, tag: TagItem[]): PickerState {
  return { selected: tag, browsing: tag, open: false }
}

/** The four columns: province / city / county-district / town-street, following the browsed tag. */
export function columns(
  tree: ProvinceNode,
  browsing: TagItem[],
): { provinces: ProvinceNode[]; cities: CityNode[]; counties: CountyNode[]; towns: TownNode[] } {
  const city = tree.citys.find((c) => c.cityCode === browsing[1]?.code)
  const county = city?.counties.find((c) => c.countyCode === browsing[2]?.code)
  return { provinces: [tree], cities: tree.citys, counties: city?.counties ?? [], towns: county?.towns ?? [] }
}

/** The extent to fly to for a tag: the deepest level with an outline. */
export function bboxOfTag(tree: ProvinceNode, tag: TagItem[]): [number, number, number, number] | undefined {
  const city = tree.citys.find((c) => c.cityCode === tag[1]?.code)
  const county = city?.counties.find((c) => c.countyCode === tag[2]?.code)
  return county?.bbox ?? city?.bbox ?? tree.bbox
}
