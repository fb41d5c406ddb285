/** A short caption in front of a row of control buttons, so rows with shared words stay distinct. */
import type { ReactNode } from 'react'

/** A labelled row of buttons. */
export function LabelledRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
      <span style={{ fontSize: 12, color: '#1f2d3d', background: 'rgba(255,255,255,0.85)', padding: '2px 6px', borderRadius: 3 }}>
        {label}
      </span>
      {children}
    </div>
  )
}
