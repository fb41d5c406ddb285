/**
 * The side panel of the map: the picked parcel's result — score against the pass score, its
 * record, and each item of the model with the parcel's value and whether it was met — or, with
 * nothing picked, the highest-scoring parcels to pick from (by keyboard too).
 */
import { CheckCircleFilled, CloseOutlined, MinusCircleOutlined } from '@ant-design/icons'
import { Button, Descriptions, Empty, List, Skeleton, Typography } from 'antd'
import styled from 'styled-components'
import type { EvaluationRun, ModelItem } from '../../../../domain/contracts/land-evaluation'
import { LoadError } from '../../../ui/list-shell'
import { useResults } from '../api/list-results'
import { formatAmount, formatIndicatorValue, formatText, itemText } from './evaluation-format'
import type { FlaggedParcel } from './flagged-layer-spec'
import { HitTags, ScoreCell, StatusTag } from './result-cells'

/** A row of the list as a plain button that shows where the keyboard is. */
const PickButton = styled.button`
  all: unset;
  box-sizing: border-box;
  display: flex;
  width: 100%;
  justify-content: space-between;
  gap: 8px;
  padding: 2px 4px;
  border-radius: 4px;
  cursor: pointer;
  &:hover {
    background: #f3f6fb;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.primary};
  }
`

/** How many of the highest scores the list offers. */
const TOP = 30

/** The picked parcel's result (looked up by its 宗地代码 among the run's results). */
function ParcelResult({
  run,
  items,
  landCode,
  onClose,
}: {
  run: EvaluationRun
  items: ModelItem[]
  landCode: string
  onClose: () => void
}) {
  const results = useResults({ runId: run.id, keyword: landCode, page: 1, pageSize: 10 })
  const r = results.data?.page.list.find((x) => x.landCode === landCode)
  return (
    <div data-testid="parcel-result" data-land-code={landCode}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 8 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {r?.name ?? landCode}
          </Typography.Title>
          <Typography.Text type="secondary">{landCode}</Typography.Text>
        </div>
        <Button type="text" icon={<CloseOutlined />} aria-label="关闭地块结果" onClick={onClose} />
      </div>
      {results.error && <LoadError error={results.error} onRetry={() => void results.refetch()} />}
      {results.isLoading && <Skeleton active />}
      {results.data && !r && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="本次评价中没有该地块的结果" />}
      {r && (
        <>
          <div style={{ margin: '12px 0' }}>
            <ScoreCell score={r.score} passScore={run.passScore} />
            <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
              认定分值 {run.passScore} 分
            </Typography.Text>
          </div>
          <Descriptions size="small" column={1} bordered styles={{ label: { width: 96 } }}>
            <Descriptions.Item label="区县">{formatText(r.countyName)}</Descriptions.Item>
            <Descriptions.Item label="状态">
              <StatusTag status={r.status} />
            </Descriptions.Item>
            <Descriptions.Item label="面积（亩）">{formatAmount(r.areaMu)}</Descriptions.Item>
            <Descriptions.Item label="用地单位">{formatText(r.enterpriseName)}</Descriptions.Item>
            <Descriptions.Item label="命中指标">
              <HitTags hits={r.hits} items={items} />
            </Descriptions.Item>
          </Descriptions>
          <Typography.Text strong style={{ display: 'block', margin: '12px 0 4px' }}>
            逐项评价
          </Typography.Text>
          <List
            size="small"
            dataSource={items.map((item, i) => ({ item, met: r.hits.includes(i), value: r.values[item.indicator] }))}
            renderItem={({ item, met, value }) => (
              <List.Item style={{ paddingInline: 0 }}>
                <span style={{ display: 'flex', gap: 6, alignItems: 'baseline' }}>
                  {met ? (
                    <CheckCircleFilled style={{ color: '#c8161d' }} aria-label="命中" />
                  ) : (
                    <MinusCircleOutlined style={{ color: '#9aa5b1' }} aria-label="未命中" />
                  )}
                  <span>
                    {itemText(item)}
                    <br />
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      本地块：{formatIndicatorValue(item.indicator, value)}
                    </Typography.Text>
                  </span>
                </span>
              </List.Item>
            )}
          />
        </>
      )}
    </div>
  )
}

/** Props of {@link ResultPanel}. */
export interface ResultPanelProps {
  run: EvaluationRun
  items: ModelItem[]
  parcels: FlaggedParcel[]
  selected: string | null
  onSelect: (landCode: string | null) => void
}

/** The panel beside the map. */
export function ResultPanel({ run, items, parcels, selected, onSelect }: ResultPanelProps) {
  if (selected) return <ParcelResult key={selected} run={run} items={items} landCode={selected} onClose={() => onSelect(null)} />
  return (
    <div data-testid="top-parcels">
      <Typography.Text strong>得分最高的地块</Typography.Text>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '2px 0 8px' }}>
        点击地图上的地块或下列地块查看评价结果
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={parcels.slice(0, TOP)}
        locale={{ emptyText: '没有疑似低效地块' }}
        renderItem={(p) => (
          <List.Item style={{ paddingInline: 0 }}>
            <PickButton type="button" onClick={() => onSelect(p.landCode)} data-testid={`top-parcel-${p.landCode}`}>
              <span style={{ minWidth: 0 }}>
                <span style={{ display: 'block', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{p.name}</span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {p.landCode}
                </Typography.Text>
              </span>
              <b style={{ color: p.color, whiteSpace: 'nowrap', alignSelf: 'center' }}>{formatAmount(p.score)} 分</b>
            </PickButton>
          </List.Item>
        )}
      />
    </div>
  )
}
