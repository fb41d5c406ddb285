/**
 * 底图切换 (docs/product.md §2.4): top right, two choices 地图 / 影像. When the deployment offers more than
 * one map style (national, commercial, the community styles of docs/product.md §7, offline), a select picks
 * which one 地图 shows.
 */
import { Select } from 'antd'
import type { BaseChoice, MapStyle } from '../rules/base-map-rules'
import { ControlButton } from './control-styles'

/** Props of {@link BaseSwitcher}. */
export interface BaseSwitcherProps {
  value: BaseChoice
  onChange: (v: BaseChoice) => void
  /** the 地图 styles on offer (runtime config); one or none: no select */
  styles?: MapStyle[]
  styleKey?: string
  /** picking a style also switches to 地图 */
  onStyle?: (key: string) => void
}

/** The base-map switcher. */
export function BaseSwitcher({ value, onChange, styles = [], styleKey, onStyle }: BaseSwitcherProps) {
  return (
    <div data-testid="base-switcher" style={{ display: 'flex', gap: 4 }}>
      {styles.length > 1 && (
        <Select
          data-testid="base-style"
          aria-label="底图样式"
          size="middle"
          style={{ width: 150 }}
          value={styleKey ?? styles[0].key}
          options={styles.map((s) => ({ value: s.key, label: s.name }))}
          onChange={(key: string) => {
            onStyle?.(key)
            onChange('vector')
          }}
        />
      )}
      <ControlButton data-testid="base-vector" $active={value === 'vector'} onClick={() => onChange('vector')}>
        地图
      </ControlButton>
      <ControlButton data-testid="base-imagery" $active={value === 'imagery'} onClick={() => onChange('imagery')}>
        影像
      </ControlButton>
    </div>
  )
}
