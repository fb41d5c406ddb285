/**
 * The side panel of 盘活处置: 低效用地 as the walls and reports count it (the 台账 of record and 闲置,
 * 截至今日), then the page's own population — counts and areas by disposal state and by county
 * (catalogue figures 盘活处置地块数 and 盘活处置面积, with 已完成; their 口径 on hover) — and the
 * 土地闲置费 due and paid.
 */
import { Table, Tooltip, Typography } from 'antd'
import type { StockStats, StockStatsRow } from '../../../../domain/contracts/stock'
import { answerAsOfLabel, FIGURES } from '../../../../domain/figures/catalogue'
import { todayInProductZone } from '../../../../domain/today'
import { FigureLabel } from '../../../ui/figure-tip'
import { formatFigureValue } from '../../../../domain/figures/format'
import { DISPOSAL_STATES, moneyText, type DisposalState } from '../../../../domain/idle-land'
import { STATE_COLORS } from './stock-layer-spec'

const tip = (key: 'stockCount' | 'stockAreaMu' | 'idleFeeDue' | 'idleFeePaid', text: string) => (
  <Tooltip title={`${FIGURES[key].name}：${FIGURES[key].caliber}`}>
    <span style={{ borderBottom: '1px dashed #999', cursor: 'help' }}>{text}</span>
  </Tooltip>
)

const cell = (r: StockStatsRow, s: DisposalState) => (
  <span data-testid={`stat-${r.code}-${s}`} data-count={r.byState[s].count}>
    {formatFigureValue('stockCount', r.byState[s].count, { unit: false })}
    <br />
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {formatFigureValue('stockAreaMu', r.byState[s].areaMu, { unit: false })}
    </Typography.Text>
  </span>
)

/** The panel; `onState` filters the page by a state. */
export function StockPanel({ stats, onState }: { stats: StockStats; onState: (s: DisposalState) => void }) {
  const t = stats.total
  const low = stats.lowEfficiency
  return (
    <div data-testid="stock-panel">
      {/* 低效用地: one number with the walls and the reports, said as of when */}
      <div
        data-testid="stock-low-land"
        style={{ background: '#fff7e6', border: '1px solid #ffd591', borderRadius: 4, padding: '6px 10px', marginBottom: 10 }}
      >
        <FigureLabel figure="lowEfficiencyCount" label="低效用地" years={low} />{' '}
        <b data-testid="stock-low-count">{formatFigureValue('lowEfficiencyCount', low.count)}</b>，
        {formatFigureValue('lowEfficiencyAreaMu', low.areaMu)}，其中闲置 {formatFigureValue('idleCount', low.idleCount)}
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
          台账已认定、尚未销号的地块与闲置土地，与大屏、统计报表同一口径
        </Typography.Text>
      </div>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {tip('stockCount', '盘活处置用地')} <b data-testid="stock-total">{formatFigureValue('stockCount', t.count)}</b>，
        {tip('stockAreaMu', '面积')} {formatFigureValue('stockAreaMu', t.areaMu)}
        <Typography.Text type="secondary" style={{ fontSize: 12, fontWeight: 400 }}>
          （{answerAsOfLabel('stockCount', {}, todayInProductZone())}，含已完成）
        </Typography.Text>
      </Typography.Title>
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8, marginBottom: 12 }}>
        {DISPOSAL_STATES.map((s) => (
          <button
            key={s}
            type="button"
            onClick={() => onState(s)}
            data-testid={`state-card-${s}`}
            data-count={t.byState[s].count}
            style={{
              textAlign: 'left',
              border: `1px solid ${STATE_COLORS[s]}`,
              borderLeftWidth: 6,
              background: '#fff',
              padding: '6px 8px',
              cursor: 'pointer',
              borderRadius: 4,
            }}
          >
            <div style={{ color: STATE_COLORS[s], fontWeight: 600 }}>{s}</div>
            <div>{formatFigureValue('stockCount', t.byState[s].count)}</div>
            <div style={{ color: '#888', fontSize: 12 }}>{formatFigureValue('stockAreaMu', t.byState[s].areaMu)}</div>
          </button>
        ))}
      </div>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        其中低效类 {formatFigureValue('stockCount', t.byKind.低效.count)}（{formatFigureValue('stockAreaMu', t.byKind.低效.areaMu)}
        ），闲置类 {formatFigureValue('stockCount', t.byKind.闲置.count)}（{formatFigureValue('stockAreaMu', t.byKind.闲置.areaMu)}）
        <br />
        {tip('idleFeeDue', '应缴土地闲置费')} <span data-testid="fee-due">{moneyText(stats.feeDueFen)}</span>，{tip('idleFeePaid', '已缴')}{' '}
        <span data-testid="fee-paid">{moneyText(stats.feePaidFen)}</span>
      </Typography.Paragraph>
      <Table<StockStatsRow>
        size="small"
        rowKey="code"
        pagination={false}
        dataSource={stats.rows}
        scroll={{ y: 320 }}
        locale={{ emptyText: '本区域没有低效或闲置土地' }}
        summary={() => (
          <Table.Summary fixed>
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
              {DISPOSAL_STATES.map((s, i) => (
                <Table.Summary.Cell key={s} index={i + 1}>
                  {cell(t, s)}
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          </Table.Summary>
        )}
        columns={[
          { title: '区县', dataIndex: 'name', key: 'name', width: 80 },
          ...DISPOSAL_STATES.map((s) => ({
            title: <span style={{ color: STATE_COLORS[s] }}>{s}</span>,
            key: s,
            render: (_: unknown, r: StockStatsRow) => cell(r, s),
          })),
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        每格上为宗数，下为面积（亩）
      </Typography.Text>
    </div>
  )
}
