/** The warning signals of an enterprise as tags named from MONITOR_SIGNALS. */
import { Tag } from 'antd'
import { MONITOR_SIGNALS, type MonitorSignal } from '../../../../domain/contracts/decision'

/** The colour of each signal: its tag and its card's bar. */
export const SIGNAL_COLORS: Record<MonitorSignal, { tag: string; bar: string }> = {
  taxDrop: { tag: 'red', bar: '#cf1322' },
  valueAddedDrop: { tag: 'volcano', bar: '#d4380d' },
  energyUp: { tag: 'orange', bar: '#d46b08' },
  lowTax: { tag: 'gold', bar: '#d4b106' },
  stopped: { tag: 'magenta', bar: '#c41d7f' },
  noReport: { tag: 'default', bar: '#8c8c8c' },
}

/** Tags of the signals, in the order of MONITOR_SIGNALS. */
export function SignalTags({ signals }: { signals: readonly MonitorSignal[] }) {
  const ordered = (Object.keys(MONITOR_SIGNALS) as MonitorSignal[]).filter((s) => signals.includes(s))
  return (
    <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }}>
      {ordered.map((s) => (
        <Tag key={s} color={SIGNAL_COLORS[s].tag} style={{ marginInlineEnd: 0 }}>
          {MONITOR_SIGNALS[s]}
        </Tag>
      ))}
    </span>
  )
}
