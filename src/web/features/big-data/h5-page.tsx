/**
 * /h5 移动端概览: the key figures and a city list on a phone (375–430 px), usable by touch — a
 * tap on a city opens its counties. Same reads as the walls (GET /api/bigData/*).
 */
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import styled from 'styled-components'
import type { GroupStat, OverviewStats } from '../../../domain/contracts/big-data'
import { apiGet } from '../../core/api'
import { formatFigure, formatMoney } from '../../core/format-figure'
import { getRuntimeConfig } from '../../core/runtime-config'
import { answerAsOfLabel, type FigureKey } from '../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../domain/today'
import { wallYears } from '../../screen/screen-types'

const Page = styled.div`
  position: fixed;
  inset: 0;
  z-index: 10;
  overflow-y: auto;
  background: #061533;
  color: #d6e4ff;
  font-size: 15px;
  -webkit-tap-highlight-color: transparent;
`
const Head = styled.header`
  position: sticky;
  top: 0;
  z-index: 1;
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 12px 16px;
  background: #0d2a5c;
  h1 {
    margin: 0;
    font-size: 19px;
    color: #fff;
  }
  select {
    min-height: 40px;
    font-size: 16px;
    color: #d6e4ff;
    background: #061533;
    border: 1px solid rgba(80, 150, 255, 0.5);
    border-radius: 6px;
    padding: 0 8px;
  }
`
const Kpis = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 10px;
  padding: 14px 14px 6px;
`
const Kpi = styled.div`
  background: rgba(13, 50, 110, 0.7);
  border: 1px solid rgba(80, 150, 255, 0.3);
  border-radius: 8px;
  padding: 12px;
  span {
    color: #8fa8d6;
    font-size: 13px;
  }
  strong {
    display: block;
    margin-top: 4px;
    font-size: 22px;
    color: #ffc53d;
  }
  small {
    margin-left: 3px;
    font-size: 12px;
    color: #d6e4ff;
    font-weight: 400;
  }
`
const List = styled.ul`
  list-style: none;
  margin: 8px 0 24px;
  padding: 0 14px;
`
const Item = styled.li`
  border-bottom: 1px solid rgba(80, 150, 255, 0.2);
  button {
    width: 100%;
    min-height: 52px;
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: 8px;
    font-size: 16px;
    color: #fff;
    background: none;
    border: 0;
    padding: 0 4px;
    text-align: left;
  }
  em {
    font-style: normal;
    color: #22e3c3;
    font-size: 15px;
  }
`
const Sub = styled.div`
  display: flex;
  justify-content: space-between;
  padding: 8px 12px;
  color: #b8c9ea;
  font-size: 14px;
  background: rgba(47, 155, 255, 0.08);
`
const Note = styled.p`
  padding: 16px;
  color: #8fa8d6;
`

function Counties({ cityCode, year }: { cityCode: string; year: number }) {
  const q = useQuery({
    queryKey: ['h5-county', cityCode, year],
    queryFn: () => apiGet<GroupStat[]>('/api/bigData/byRegion', { level: 'county', cityCode, year }),
  })
  if (q.isLoading) return <Note>加载中…</Note>
  if (q.isError) return <Note role="alert">加载失败：{(q.error as Error).message}</Note>
  return (
    <div data-testid={`h5-counties-${cityCode}`}>
      {(q.data ?? []).map((c) => (
        <Sub key={c.key}>
          <span>{c.name}</span>
          <span>
            {formatFigure(c.parcelCount)} 宗 · {formatFigure(c.areaMu)} 亩 · {formatFigure(c.taxPerMu, 2)} 万元/亩
          </span>
        </Sub>
      ))}
    </div>
  )
}

/** The phone view. */
export function H5Page() {
  // the runtime yearList and the current year (land and 低效 as of today), newest first
  const years = [...wallYears(getRuntimeConfig().yearList)].reverse()
  const current = Number(todayInProductZone().slice(0, 4))
  const [year, setYear] = useState(years[0])
  const [open, setOpen] = useState<string | null>(null)
  const overview = useQuery({ queryKey: ['h5-overview', year], queryFn: () => apiGet<OverviewStats>('/api/bigData/overview', { year }) })
  const cities = useQuery({
    queryKey: ['h5-city', year],
    queryFn: () => apiGet<GroupStat[]>('/api/bigData/byRegion', { level: 'city', year }),
  })
  const o = overview.data
  const tax = formatMoney(o?.tax)
  const kpis = o
    ? ([
        { key: 'parcelCount', figure: 'parcelCount', label: '工业用地', value: formatFigure(o.parcelCount), unit: '宗' },
        { key: 'parcelAreaMu', figure: 'landAreaMu', label: '用地面积', value: formatFigure(o.parcelAreaMu), unit: '亩' },
        { key: 'enterpriseCount', figure: 'landEnterpriseCount', label: '用地企业', value: formatFigure(o.enterpriseCount), unit: '家' },
        { key: 'tax', figure: 'tax', label: '实缴税金', value: tax.text, unit: tax.unit },
        { key: 'taxPerMu', figure: 'taxPerMu', label: '亩均税收', value: formatFigure(o.taxPerMu, 2), unit: '万元/亩' },
        {
          key: 'lowEfficiencyCount',
          figure: 'lowEfficiencyCount',
          label: '低效用地（含闲置）',
          value: formatFigure(o.lowEfficiencyCount),
          unit: '宗',
        },
      ] satisfies { key: string; figure: FigureKey; label: string; value: string; unit: string }[])
    : []
  return (
    <Page data-testid="h5-page">
      <Head>
        <h1>产业用地概览</h1>
        <select aria-label="年度" data-testid="h5-year" value={year} onChange={(e) => setYear(Number(e.target.value))}>
          {years.map((y) => (
            <option key={y} value={y}>
              {y === current ? `${y}年（截至今日）` : `${y}年`}
            </option>
          ))}
        </select>
      </Head>
      {(overview.isLoading || cities.isLoading) && <Note>数据加载中…</Note>}
      {(overview.isError || cities.isError) && <Note role="alert">数据加载失败，请下拉刷新或稍后再试</Note>}
      <Kpis>
        {kpis.map((k) => (
          <Kpi key={k.key}>
            <span>
              {k.label}
              {o && <small data-testid={`h5-${k.key}-asof`}> · {answerAsOfLabel(k.figure, o, todayInProductZone())}</small>}
            </span>
            <strong data-testid={`h5-${k.key}`}>
              {k.value}
              <small>{k.unit}</small>
            </strong>
          </Kpi>
        ))}
      </Kpis>
      <List>
        {(cities.data ?? []).map((c) => (
          <Item key={c.key}>
            <button
              type="button"
              data-testid={`h5-city-${c.key}`}
              aria-expanded={open === c.key}
              onClick={() => setOpen(open === c.key ? null : c.key)}
            >
              <span>{c.name}</span>
              <em>{formatFigure(c.taxPerMu, 2)} 万元/亩</em>
            </button>
            {open === c.key && <Counties cityCode={c.key} year={year} />}
          </Item>
        ))}
      </List>
    </Page>
  )
}
