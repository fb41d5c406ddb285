/**
 * The title bar of a wall: title, pickers (年度 from the runtime yearList and the current year, 月份 from the
 * monthList, 城市, 园区), date and clock. Picking writes the screen's parameters (kept in the URL by the page).
 */
import { useQuery } from '@tanstack/react-query'
import styled from 'styled-components'
import { apiGet } from '../core/api'
import { getRuntimeConfig } from '../core/runtime-config'
import { clockText, useNow } from './clock'
import { wallYears, type ScreenDef, type ScreenParams, type ScreenPicker } from './screen-types'
import { dp, WALL } from './wall-styles'
import { todayInProductZone } from '../../domain/today'
import type { RestatementMarks } from '../../domain/contracts/appraisal'

const Bar = styled.header`
  position: absolute;
  left: 0;
  top: 0;
  right: 0;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0 ${dp(28)};
  box-sizing: border-box;
  background: linear-gradient(180deg, rgba(13, 50, 110, 0.9) 0%, rgba(5, 13, 31, 0) 100%);
  border-bottom: 1px solid ${WALL.line};
`
const Side = styled.div<{ $right?: boolean }>`
  flex: 1;
  display: flex;
  gap: ${dp(14)};
  align-items: center;
  justify-content: ${({ $right }) => ($right ? 'flex-end' : 'flex-start')};
  font-size: ${dp(18)};
  color: ${WALL.text};
`
const Title = styled.h1`
  margin: 0;
  flex: none;
  text-align: center;
  font-size: ${dp(40)};
  letter-spacing: ${dp(8)};
  color: #f0f6ff;
  text-shadow: 0 0 ${dp(16)} rgba(80, 160, 255, 0.9);
  small {
    display: block;
    font-size: ${dp(15)};
    letter-spacing: ${dp(3)};
    color: ${WALL.muted};
  }
`
const Select = styled.select`
  height: ${dp(36)};
  font-size: ${dp(17)};
  padding: 0 ${dp(8)};
  color: ${WALL.text};
  background: rgba(6, 22, 52, 0.9);
  border: 1px solid ${WALL.line};
  border-radius: ${dp(4)};
`
const Time = styled.span`
  font-size: ${dp(28)};
  font-weight: 600;
  color: #fff;
  font-family: 'DIN Alternate', 'Roboto Mono', 'Noto Sans Mono', monospace;
`

interface Option {
  value: string
  label: string
}

function useOptions(picker: ScreenPicker, params: ScreenParams): Option[] {
  const config = getRuntimeConfig()
  const q = useQuery({
    queryKey: ['screen-picker', picker, picker === 'park' ? params.cityCode : null],
    queryFn: () =>
      apiGet<{ key: string; name: string }[]>(
        picker === 'city' ? '/api/bigData/byRegion' : '/api/bigData/byPark',
        picker === 'city' ? { level: 'city' } : params.cityCode ? { cityCode: params.cityCode } : {},
      ),
    enabled: picker === 'city' || picker === 'park',
    staleTime: 600_000,
  })
  if (picker === 'year') {
    // the runtime yearList and the current year (issue 29): the walls' land and 低效 figures are today's in it
    const current = Number(todayInProductZone().slice(0, 4))
    return [...wallYears(config.yearList)]
      .reverse()
      .map((y) => ({ value: String(y), label: y === current ? `${y}年（截至今日）` : `${y}年` }))
  }
  if (picker === 'month') return [...config.monthList].sort((a, b) => a - b).map((m) => ({ value: String(m), label: `${m}月` }))
  return (q.data ?? []).map((r) => ({ value: r.key, label: r.name }))
}

const Restated = styled.span`
  font-size: ${dp(15)};
  padding: ${dp(2)} ${dp(8)};
  color: #ffd591;
  border: 1px solid rgba(255, 171, 64, 0.6);
  border-radius: ${dp(4)};
  cursor: help;
`

/**
 * "含已更正数据": the wall's yearly figures include approved 更正 of a closed year (docs/domain.md
 * "Closed years"); on hover, each one with its published and restated value.
 */
function RestatedBadge({ params }: { params: ScreenParams }) {
  const q = useQuery({
    queryKey: ['screen-restated', params.year ?? null, params.cityCode ?? null],
    queryFn: () =>
      apiGet<RestatementMarks>('/api/bigData/restated', {
        ...(params.year ? { year: params.year } : {}),
        ...(params.cityCode ? { cityCode: params.cityCode } : {}),
      }),
    staleTime: 60_000,
  })
  const m = q.data
  if (!m || m.count === 0) return null
  const lines = m.list
    .slice(0, 10)
    .map((r) => `${r.enterpriseName} ${r.itemName}：发布 ${r.publishedValue ?? '空'} → 更正 ${r.newValue ?? '空'} ${r.unit}`)
  const more = m.count > lines.length ? [`等 ${m.count} 项`] : []
  return (
    <Restated data-testid="screen-restated" title={[`${m.year} 年度已发布数据的更正（经审定）：`, ...lines, ...more].join('\n')}>
      含已更正数据 {m.count} 项
    </Restated>
  )
}

const PARAM_OF: Record<ScreenPicker, keyof ScreenParams> = { year: 'year', month: 'month', city: 'cityCode', park: 'parkId' }
const LABEL_OF: Record<ScreenPicker, string> = { year: '年度', month: '月份', city: '城市', park: '园区' }

function Picker({ picker, params, setParams }: { picker: ScreenPicker; params: ScreenParams; setParams(p: ScreenParams): void }) {
  const options = useOptions(picker, params)
  const key = PARAM_OF[picker]
  const value = params[key] === undefined ? '' : String(params[key])
  return (
    <Select
      aria-label={LABEL_OF[picker]}
      data-testid={`picker-${picker}`}
      value={value}
      onChange={(e) => {
        const raw = e.target.value
        const next: ScreenParams = { ...params, [key]: key === 'cityCode' ? raw : Number(raw) }
        // a park belongs to a city: a new city drops the park
        if (key === 'cityCode') delete next.parkId
        setParams(next)
      }}
    >
      {value === '' && <option value="">{`选择${LABEL_OF[picker]}`}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </Select>
  )
}

/** The title bar. */
export function ScreenTitleBar({
  def,
  params,
  setParams,
  height,
}: {
  def: ScreenDef
  params: ScreenParams
  setParams(p: ScreenParams): void
  height: number
}) {
  const clock = clockText(useNow())
  return (
    <Bar style={{ height }} data-testid="screen-title-bar">
      <Side>
        {def.pickers.map((p) => (
          <Picker key={p} picker={p} params={params} setParams={setParams} />
        ))}
      </Side>
      <Title>
        {def.title}
        {def.subtitle && <small>{def.subtitle}</small>}
      </Title>
      <Side $right>
        <RestatedBadge params={params} />
        <span data-testid="screen-date">{clock.date}</span>
        <Time data-testid="screen-clock">{clock.time}</Time>
      </Side>
    </Bar>
  )
}
