/** Which enterprise (or plan) a modal acts on, in one compact block above its form. */
import { Descriptions } from 'antd'
import type { ReactNode } from 'react'

/** One fact: its label and value. */
export interface Fact {
  label: string
  value: ReactNode
}

/** The facts as a small two-column list. */
export function Facts({ items }: { items: Fact[] }) {
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      styles={{ label: { whiteSpace: 'nowrap' } }}
      style={{ marginBottom: 16 }}
      items={items.map((f, i) => ({ key: String(i), label: f.label, children: f.value }))}
      data-testid="modal-facts"
    />
  )
}
