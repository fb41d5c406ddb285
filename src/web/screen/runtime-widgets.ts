/** The widgets the runtime itself provides (no chart engine needed). */
import { KpiWidget } from './kpi-widget'
import { ScrollTableWidget } from './scroll-table-widget'
import type { WidgetRegistry, WidgetRenderer } from './widget-registry'

/** kpi, table */
export const RUNTIME_WIDGETS: WidgetRegistry = {
  kpi: KpiWidget as WidgetRenderer,
  table: ScrollTableWidget as WidgetRenderer,
}
