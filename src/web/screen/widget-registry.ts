/**
 * Widget type → renderer (docs/conventions.md "Layers, charts and walls as data", for walls).
 * The runtime ships the KPI, table and clock widgets; the chart and map widgets are registered
 * by the layer that may import the chart engine (web/features), keeping the rooms' direction.
 */
import type { ComponentType } from 'react'
import type { ScreenParams, WidgetDef } from './screen-types'

/** What a widget renderer receives. */
export interface WidgetProps<V = unknown> {
  def: WidgetDef<string, V>
  /** the binding's last good answer (`data` of the envelope); undefined until the first one */
  data: unknown
  /** text/line scale of the wall */
  scale: number
  params: ScreenParams
  setParams(next: ScreenParams): void
}

/** A renderer of one widget type. */
export type WidgetRenderer = ComponentType<WidgetProps<never>>

/** A set of renderers by widget type. */
export type WidgetRegistry = Readonly<Record<string, WidgetRenderer>>

/** Joins registries; later ones win (a feature may override a runtime widget). */
export function mergeRegistries(...parts: WidgetRegistry[]): WidgetRegistry {
  return Object.assign({}, ...parts) as WidgetRegistry
}
