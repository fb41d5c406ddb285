/**
 * A parcel's records on 盘活处置: the parcel, its 低效 台账 entry and 盘活 plans, and every 闲置土地
 * case with its grounds, documents (the 处置决定书 with its 报批 and 审定), 听证告知, disposal, 土地闲置费
 * in exact 元, edits and 办理记录; the next step of the open case (the next document, 处置方案, 听证告知
 * and its outcome, a fee, 办结) or 立案 for idle land without one.
 */
import { Alert, Button, Descriptions, Drawer, Empty, Space, Table, Tag, Timeline, Typography } from 'antd'
import { useState } from 'react'
import type { IdleCase, StockDetail } from '../../../../domain/contracts/stock'
import { formatFigureValue } from '../../../../domain/figures/format'
import { fullYears, IDLE_DOCUMENTS, moneyText, needsHearing } from '../../../../domain/idle-land'
import { LoadError } from '../../../ui/list-shell'
import { ProceedingSteps } from '../../../widgets/proceeding-steps'
import { exportCaseSteps, useCaseSteps } from '../api/case-steps'
import { useStockDetail } from '../api/get-detail'
import { CaseForms, nextDocument, type CaseForm } from './case-forms'
import { STATE_COLORS } from './stock-layer-spec'

const StateTag = ({ state }: { state: keyof typeof STATE_COLORS }) => <Tag color={STATE_COLORS[state]}>{state}</Tag>

/** The 办理记录 of a case, read when its card is shown. */
function CaseSteps({ id }: { id: number }) {
  const steps = useCaseSteps(id)
  return <ProceedingSteps steps={steps.data} loading={steps.isLoading} onExport={() => exportCaseSteps(id)} testId={`case-steps-${id}`} />
}

function CaseCard({ c, canWrite, open }: { c: IdleCase; canWrite: boolean; open: (f: CaseForm) => void }) {
  const next = nextDocument(c)
  const hasFinding = c.documents.some((d) => d.kind === '闲置土地认定书')
  const decision = c.documents.find((d) => d.kind === '处置决定书')
  // only an approved decision is carried out: fees and 办结 wait for the 审定
  const hasDecision = decision?.reviewState === '已审定'
  const hearing = c.hearings.at(-1)
  const toldOfMethod = !!hearing && hearing.method === c.method
  const live = !c.completedDate
  // 第十四条: two years idle is 无偿收回, a fee only with a 第八条 reason — counted to the day the
  // 处置方案 was drawn up once there is one (a fee decided at 1 year stays right however old the case)
  const idleYears = c.plannedDate ? fullYears(c.idleSince, c.plannedDate) : c.idleYears
  const twoYears = live && c.cause === '企业原因' && idleYears >= 2 && (!c.method || c.method === '征缴土地闲置费')
  return (
    <section
      data-testid={`idle-case-${c.id}`}
      data-state={c.state}
      style={{ border: '1px solid #e5e9f2', borderRadius: 6, padding: 12, marginBottom: 12 }}
    >
      <Space style={{ marginBottom: 8 }} wrap>
        <b>闲置土地案件 #{c.id}</b>
        <StateTag state={c.state} />
        <Tag>{c.ground}</Tag>
        <Tag>{c.cause}</Tag>
        <Typography.Text type="secondary">
          立案 {c.identifiedDate}，{c.createdBy}
        </Typography.Text>
      </Space>
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        认定依据：
        {c.grounds.map((g) => (
          <span key={g} style={{ display: 'block' }}>
            · {g}
          </span>
        ))}
        {c.note && <span style={{ display: 'block', color: '#888' }}>说明：{c.note}</span>}
        {c.govReason && <span style={{ display: 'block' }}>政府原因（第八条）：{c.govReason}</span>}
      </Typography.Paragraph>
      {twoYears && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          data-testid={`two-years-${c.id}`}
          title={`${c.plannedDate ? `拟订处置方案时已闲置 ${idleYears} 年` : `已闲置 ${idleYears} 年`}：依《闲置土地处置办法》第十四条，闲置满两年的应无偿收回`}
          description={
            c.govReason
              ? `已记录政府原因：${c.govReason}，可改为征缴土地闲置费`
              : '只有记录了第八条所列的政府原因（动工延迟由政府或政府有关部门造成）时，才能改为征缴土地闲置费'
          }
        />
      )}
      <Timeline
        style={{ marginTop: 8 }}
        items={IDLE_DOCUMENTS.map((k) => {
          const d = c.documents.find((x) => x.kind === k)
          return {
            color: d ? 'green' : 'gray',
            children: (
              <span data-testid={`doc-${c.id}-${k}`} data-issued={d ? 'true' : 'false'}>
                <b>{k}</b> {d ? `${d.docNo}（${d.date}，${d.actor}）` : '未下达'}
                {d?.submissionId ? <Typography.Text type="secondary">，闲置状态已提交审核 #{d.submissionId}</Typography.Text> : null}
                {d && k === '处置决定书' && (
                  <span style={{ display: 'block' }} data-testid={`decision-review-${c.id}`} data-review={d.reviewState}>
                    报批：{d.approvalAuthority || '—'} {d.approvalNo}{' '}
                    {d.reviewState === '待审定' ? (
                      <Tag color="orange">待审定</Tag>
                    ) : (
                      <Tag color="green">{d.approvedBy ? `已审定（${d.approvedBy}）` : '已审定'}</Tag>
                    )}
                  </span>
                )}
              </span>
            ),
          }
        })}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="处置方式">
          {c.method ? `${c.method}（${c.plannedDate} 拟订）${c.methodDetail ? `：${c.methodDetail}` : ''}` : '尚未拟订'}
        </Descriptions.Item>
        {c.newStartDate && <Descriptions.Item label="新约定动工日期">{c.newStartDate}</Descriptions.Item>}
        {needsHearing(c.method) && (
          <Descriptions.Item label="听证告知">
            {c.hearings.length === 0 && <span data-testid={`hearing-${c.id}`}>尚未告知（处置决定报批前须告知听证权利，第十五条）</span>}
            {c.hearings.map((h) => (
              <span key={h.id} style={{ display: 'block' }} data-testid={`hearing-${c.id}`} data-outcome={h.outcome ?? ''}>
                {h.noticeNo}（{h.noticeDate}，{h.noticeBy}，拟{h.method}），申请期限至 {h.deadline}：
                {h.outcome
                  ? `${h.outcome}（${h.outcome === '已听证' ? `${h.hearingDate} 听证，` : ''}${h.outcomeDate} 登记${h.hearingRecord ? `，${h.hearingRecord}` : ''}）`
                  : '等待结果'}
              </span>
            ))}
          </Descriptions.Item>
        )}
        {c.method === '征缴土地闲置费' && (
          <Descriptions.Item label="土地闲置费">
            应缴 <span data-testid={`fee-due-${c.id}`}>{moneyText(c.feeDueFen)}</span>
            <Typography.Text type="secondary">（出让价款 {moneyText(c.feeBaseFen)} 的 20%）</Typography.Text>，已缴{' '}
            <span data-testid={`fee-paid-${c.id}`}>{moneyText(c.feePaidFen)}</span>，未缴{' '}
            <span data-testid={`fee-left-${c.id}`}>{moneyText(c.feeLeftFen)}</span>
          </Descriptions.Item>
        )}
        {c.completedDate && (
          <Descriptions.Item label="办结">
            {c.completedDate} {c.completionNote}
            {c.submissionId ? `（地块变更已提交审核 #${c.submissionId}）` : ''}
          </Descriptions.Item>
        )}
      </Descriptions>
      {c.fees.length > 0 && (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          style={{ marginTop: 8 }}
          data-testid={`fees-${c.id}`}
          dataSource={c.fees}
          columns={[
            { title: '缴纳日期', dataIndex: 'date' },
            { title: '金额', dataIndex: 'amountFen', render: (v: number) => moneyText(v) },
            { title: '票据号', dataIndex: 'receiptNo' },
            { title: '登记人', dataIndex: 'actor' },
          ]}
        />
      )}
      {c.history.length > 0 && (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
          修改记录：
          {c.history.map((h) => (
            <span key={h.at} style={{ display: 'block' }}>
              {h.at.slice(0, 10)} {h.actor}：
              {h.changes.map((x) => `${x.label} ${String(x.before || '（空）')} → ${String(x.after)}`).join('；')}
            </span>
          ))}
        </Typography.Paragraph>
      )}
      {live && canWrite && (
        <Space style={{ marginTop: 8 }} wrap>
          {next && (next !== '处置决定书' || (c.method && c.hearingDone)) && (
            <Button type="primary" data-testid={`next-doc-${c.id}`} onClick={() => open({ kind: 'document', idleCase: c, doc: next })}>
              {next === '处置决定书' ? '报批处置决定书' : `下达${next}`}
            </Button>
          )}
          {needsHearing(c.method) && !decision && !toldOfMethod && (
            <Button data-testid={`hearing-notice-${c.id}`} onClick={() => open({ kind: 'hearingNotice', idleCase: c })}>
              听证告知
            </Button>
          )}
          {!decision && toldOfMethod && !hearing?.outcome && (
            <Button data-testid={`hearing-outcome-${c.id}`} onClick={() => open({ kind: 'hearingOutcome', idleCase: c })}>
              登记听证结果
            </Button>
          )}
          {hasFinding && !decision && (
            <Button data-testid={`dispose-${c.id}`} onClick={() => open({ kind: 'dispose', idleCase: c })}>
              {c.method ? '修改处置方案' : '拟订处置方案'}
            </Button>
          )}
          {hasDecision && c.method === '征缴土地闲置费' && (c.feeLeftFen ?? 0) > 0 && (
            <Button data-testid={`fee-${c.id}`} onClick={() => open({ kind: 'fee', idleCase: c })}>
              登记土地闲置费
            </Button>
          )}
          {hasDecision && (
            <Button data-testid={`complete-${c.id}`} onClick={() => open({ kind: 'complete', idleCase: c })}>
              办结处置
            </Button>
          )}
        </Space>
      )}
      <CaseSteps id={c.id} />
    </section>
  )
}

function LowEfficiency({ d }: { d: StockDetail }) {
  const low = d.lowEfficiency
  if (!low) return null
  return (
    <section style={{ marginBottom: 12 }} data-testid="low-efficiency">
      <Typography.Title level={5}>低效用地认定与盘活方案</Typography.Title>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="台账状态">
          {low.state} <StateTag state={low.disposalState} />
        </Descriptions.Item>
        <Descriptions.Item label="认定">{low.confirmDate ? `${low.confirmDate} ${low.confirmUnit}` : '—'}</Descriptions.Item>
        <Descriptions.Item label="认定标准">{low.criteria.join('；') || '—'}</Descriptions.Item>
        {low.closedDate && <Descriptions.Item label="销号">{low.closedDate}</Descriptions.Item>}
      </Descriptions>
      {low.plans.length > 0 ? (
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          style={{ marginTop: 8 }}
          dataSource={low.plans}
          columns={[
            { title: '盘活方式', dataIndex: 'method' },
            { title: '状态', dataIndex: 'state' },
            { title: '期限', render: (_: unknown, p) => `${p.startDate ?? ''} ~ ${p.deadline ?? ''}` },
            { title: '进度', dataIndex: 'progress', render: (v: number | null) => (v === null ? '—' : `${v}%`) },
          ]}
        />
      ) : (
        <Typography.Paragraph type="secondary">尚未制定盘活方案，可在“盘活方案”页制定。</Typography.Paragraph>
      )}
    </section>
  )
}

/** The drawer of one parcel (closed when `parcelId` is null). */
export function StockDrawer({ parcelId, canWrite, onClose }: { parcelId: number | null; canWrite: boolean; onClose: () => void }) {
  const detail = useStockDetail(parcelId)
  const [form, setForm] = useState<CaseForm | null>(null)
  const d = detail.data
  const open = d?.cases.find((c) => !c.completedDate)
  const p = d?.parcel
  return (
    <Drawer
      title={p ? `${p.name}（${p.landCode}）` : '地块处置记录'}
      open={parcelId !== null}
      onClose={onClose}
      size="large"
      data-testid="stock-drawer"
    >
      {detail.error && <LoadError error={detail.error} onRetry={() => void detail.refetch()} />}
      {d && p && (
        <>
          <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label="区县">{p.countyName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="面积">{formatFigureValue('stockAreaMu', p.areaMu)}</Descriptions.Item>
            <Descriptions.Item label="地块状态">{p.status}</Descriptions.Item>
            <Descriptions.Item label="处置状态">
              <span data-testid="drawer-state">{d.kind} · </span>
              <StateTag state={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label="用地单位">{p.enterpriseName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="供地日期">{p.supplyDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="约定动工">{p.agreedStartDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="实际动工">{p.actualStartDate ?? '未动工'}</Descriptions.Item>
            <Descriptions.Item label="出让价款" span={2}>
              {p.supplyPrice === null ? '未登记' : `${moneyText(p.supplyPriceFen)}（20% 为 ${moneyText(d.feeOfPriceFen)}）`}
            </Descriptions.Item>
          </Descriptions>
          <LowEfficiency d={d} />
          <Typography.Title level={5}>闲置土地认定与处置</Typography.Title>
          {d.cases.length === 0 && (
            <Empty description="该地块没有闲置土地案件">
              {canWrite && p.status !== '已收回' && (
                <Button data-testid="identify" onClick={() => setForm({ kind: 'identify', parcelId: p.id, started: !!p.actualStartDate })}>
                  按《闲置土地处置办法》立案
                </Button>
              )}
            </Empty>
          )}
          {d.cases.length > 0 && !open && canWrite && p.status !== '已收回' && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 8 }}
              title="以往案件均已办结"
              action={
                <Button size="small" onClick={() => setForm({ kind: 'identify', parcelId: p.id, started: !!p.actualStartDate })}>
                  重新立案
                </Button>
              }
            />
          )}
          {d.cases.map((c) => (
            <CaseCard key={c.id} c={c} canWrite={canWrite} open={setForm} />
          ))}
        </>
      )}
      <CaseForms form={form} onClose={() => setForm(null)} />
    </Drawer>
  )
}
