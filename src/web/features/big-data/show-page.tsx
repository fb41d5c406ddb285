/**
 * /show 改革门户 (docs/product.md §5, docs/domain.md "Pages left open by the requirements"): the public face of the reform
 * on the one portal host, opened without a token. Its figures come from the one public read,
 * GET /api/show/overview (province and city totals only, answered on the portal host only), and
 * its news from GET /api/show/news.
 */
import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import styled from 'styled-components'
import type { PortalOverview } from '../../../domain/contracts/big-data'
import { buildBarOption } from '../../charts/build-bar-option'
import { lightTheme } from '../../charts/chart-theme'
import { EChartsHost } from '../../charts/echarts-host'
import { apiGetNoToken } from '../../core/api'
import { formatFigure, formatMoney } from '../../core/format-figure'
import { ShowNews } from './show-news'

const Page = styled.div`
  position: fixed;
  inset: 0;
  z-index: 10;
  overflow-y: auto;
  background: #f3f6fb;
  color: #1f2937;
`
const Head = styled.header`
  background: linear-gradient(135deg, #b3131b 0%, #c8161d 40%, #1d4e9e 100%);
  color: #fff;
  padding: 36px 8vw 30px;
  h1 {
    margin: 0;
    font-size: 36px;
    letter-spacing: 6px;
  }
  p {
    margin: 8px 0 0;
    font-size: 17px;
    opacity: 0.92;
  }
`
const Body = styled.main`
  padding: 28px 8vw 48px;
  display: grid;
  gap: 24px;
`
const Cards = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(190px, 1fr));
  gap: 16px;
`
const Card = styled.div`
  background: #fff;
  border-top: 4px solid #c8161d;
  border-radius: 6px;
  padding: 18px 20px;
  box-shadow: 0 2px 10px rgba(16, 40, 90, 0.08);
  span {
    color: #6b7280;
    font-size: 15px;
  }
  strong {
    display: block;
    margin-top: 6px;
    font-size: 30px;
    color: #1d4e9e;
  }
  small {
    font-size: 15px;
    margin-left: 4px;
    color: #374151;
    font-weight: 400;
  }
`
const Section = styled.section`
  background: #fff;
  border-radius: 6px;
  padding: 20px 24px;
  box-shadow: 0 2px 10px rgba(16, 40, 90, 0.08);
  h2 {
    margin: 0 0 12px;
    font-size: 20px;
    color: #1d4e9e;
    border-left: 4px solid #c8161d;
    padding-left: 10px;
  }
`
const Note = styled.p`
  color: #6b7280;
  font-size: 15px;
`

/** The reform portal. */
export function ShowPage() {
  const q = useQuery({
    queryKey: ['show-overview'],
    queryFn: () => apiGetNoToken<PortalOverview>('/api/show/overview'),
    refetchInterval: 300_000,
  })
  const d = q.data
  const option = useMemo(
    () =>
      d
        ? buildBarOption(
            d.cities,
            { category: 'name', series: [{ field: 'taxPerMu', name: '亩均税收', unit: '万元/亩', digits: 2 }], sortDesc: true },
            lightTheme(1),
          )
        : null,
    [d],
  )
  const tax = formatMoney(d?.tax)
  const cards = d
    ? [
        { key: 'parcelCount', label: '工业用地', value: formatFigure(d.parcelCount), unit: '宗' },
        { key: 'parcelAreaMu', label: '用地面积', value: formatFigure(d.parcelAreaMu), unit: '亩' },
        { key: 'enterpriseCount', label: '用地企业', value: formatFigure(d.enterpriseCount), unit: '家' },
        { key: 'tax', label: `${d.year}年实缴税金`, value: tax.text, unit: tax.unit },
        { key: 'taxPerMu', label: `${d.year}年亩均税收`, value: formatFigure(d.taxPerMu, 2), unit: '万元/亩' },
        { key: 'lowEfficiencyCount', label: '低效闲置用地', value: formatFigure(d.lowEfficiencyCount), unit: '宗' },
      ]
    : []
  return (
    <Page data-testid="show-page">
      <Head>
        <h1>改革门户</h1>
        <p>工业用地“亩均论英雄”改革 · 全省产业用地一张图</p>
      </Head>
      <Body>
        {q.isLoading && <Note>数据加载中…</Note>}
        {q.isError && <Note role="alert">数据加载失败：{(q.error as Error).message}</Note>}
        {d && (
          <>
            <Cards>
              {cards.map((c) => (
                <Card key={c.key}>
                  <span>{c.label}</span>
                  <strong data-testid={`show-${c.key}`}>
                    {c.value}
                    <small>{c.unit}</small>
                  </strong>
                </Card>
              ))}
            </Cards>
            <Section>
              <h2>设区市亩均税收（{d.year}年，万元/亩）</h2>
              <div style={{ height: 360 }}>{option && <EChartsHost option={option} testId="show-chart" />}</div>
            </Section>
            <Section>
              <ShowNews />
            </Section>
          </>
        )}
      </Body>
    </Page>
  )
}
