/**
 * 行政区选择 (docs/product.md §2.5, §3, §4): top left, shows the selection's name; the hover panel has four
 * columns province / city / county-district / town-street from the database's region tree.
 * Clicking any level selects that level's tag, fires the callback, closes the panel, shows the
 * last name and flies the map to the region.
 */
import { useState } from 'react'
import styled from 'styled-components'
import type { ProvinceNode, TagItem } from '../../../domain/contracts/map'
import { ZONE_FLY_MAX_ZOOM } from '../../../domain/map-constants'
import { useScene } from '../map-host'
import { bboxOfTag, browse, columns, initialPicker, pick, setOpen, shownName } from '../rules/district-rules'
import { ControlButton, Panel } from './control-styles'

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(4, 150px);
  gap: 0;
`
const Column = styled.div`
  max-height: 320px;
  overflow: auto;
  border-right: 1px solid #eef1f5;
  &:last-child {
    border-right: 0;
  }
`
const Head = styled.div`
  position: sticky;
  top: 0;
  background: #f5f7fa;
  padding: 4px 8px;
  font-weight: 600;
`
const Item = styled.div<{ $on: boolean }>`
  padding: 3px 8px;
  cursor: pointer;
  color: ${(p) => (p.$on ? '#1d5fd6' : 'inherit')};
  background: ${(p) => (p.$on ? '#eaf1ff' : 'transparent')};
  &:hover {
    background: #f0f5ff;
  }
`

/** The district picker. */
export function DistrictPicker({ tree, onChange }: { tree: ProvinceNode; onChange: (tag: TagItem[]) => void }) {
  const engine = useScene()
  const [state, setState] = useState(() => initialPicker(tree))
  const cols = columns(tree, state.browsing)
  const on = (level: number, code: string) => state.browsing[level]?.code === code
  const choose = (tag: TagItem[]) => {
    setState((s) => pick(s, tag))
    onChange(tag)
    const b = bboxOfTag(tree, tag)
    if (b) engine.flyToBbox(b, ZONE_FLY_MAX_ZOOM)
  }
  const column = (title: string, level: number, rows: { name: string; code: string; tag: TagItem[] }[]) => (
    <Column data-testid={`district-col-${level}`}>
      <Head>{title}</Head>
      {rows.map((r) => (
        <Item
          key={r.code}
          $on={on(level, r.code)}
          onMouseEnter={() => level < 3 && setState((s) => browse(s, r.tag))}
          onClick={() => choose(r.tag)}
        >
          {r.name}
        </Item>
      ))}
    </Column>
  )
  return (
    <div
      data-testid="district-picker"
      onMouseEnter={() => setState((s) => setOpen(s, true))}
      onMouseLeave={() => setState((s) => setOpen(s, false))}
    >
      <ControlButton data-testid="district-current" $active={state.open}>
        {shownName(state.selected)} ▾
      </ControlButton>
      {state.open && (
        <Panel data-testid="district-panel" style={{ padding: 0 }}>
          <Columns>
            {column(
              '省',
              0,
              cols.provinces.map((p) => ({ name: p.provinceName, code: p.provinceCode, tag: p.tag })),
            )}
            {column(
              '市',
              1,
              cols.cities.map((c) => ({ name: c.cityName, code: c.cityCode, tag: c.tag })),
            )}
            {column(
              '区/县',
              2,
              cols.counties.map((c) => ({ name: c.countyName, code: c.countyCode, tag: c.tag })),
            )}
            {column(
              '乡镇/街道',
              3,
              cols.towns.map((t) => ({ name: t.townName, code: t.townCode, tag: t.tag })),
            )}
          </Columns>
        </Panel>
      )}
    </div>
  )
}
