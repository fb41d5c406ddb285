/** 底图切换 (spec §2.4): top right, two choices 地图 / 影像. */
import type { BaseChoice } from '../rules/base-map-rules'
import { ControlButton } from './control-styles'

/** The base-map switcher. */
export function BaseSwitcher({ value, onChange }: { value: BaseChoice; onChange: (v: BaseChoice) => void }) {
  return (
    <div data-testid="base-switcher" style={{ display: 'flex', gap: 4 }}>
      <ControlButton data-testid="base-vector" $active={value === 'vector'} onClick={() => onChange('vector')}>
        地图
      </ControlButton>
      <ControlButton data-testid="base-imagery" $active={value === 'imagery'} onClick={() => onChange('imagery')}>
        影像
      </ControlButton>
    </div>
  )
}
