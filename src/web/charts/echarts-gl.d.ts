/** echarts-gl ships no types: the two installers the 3D bar map uses, as ECharts `use()` takes them. */
declare module 'echarts-gl/charts' {
  export const Bar3DChart: (registers: unknown) => void
}
declare module 'echarts-gl/components' {
  export const Geo3DComponent: (registers: unknown) => void
}
