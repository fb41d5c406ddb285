/**
 * 修改前后对照 (审核 side by side): every field of the standard in force with its value before and
 * after, the changed ones highlighted (or only those), and both shapes on one map — the old one
 * dashed red, the proposed one filled blue.
 */
import { Col, Row, Switch, Table, Typography } from 'antd'
import type { Geometry } from 'geojson'
import { useState } from 'react'
import type { CodeListView } from '../../../../domain/contracts/datacenter'
import type { DiffRow } from '../../../../domain/datacenter/record-diff'
import type { StandardField } from '../../../../domain/datacenter/standard'
import { GeoJsonLayer, featuresOf } from '../../../map/geojson-layer'
import { RecordMap } from '../../../map/record-map'
import { valueText } from './record-values'

/** Colours of the two sides (the legend under the map names them). */
const BEFORE = '#cf1322'
const AFTER = '#1677ff'

/** The field table and the map of a before/after pair. */
export function DiffView({
  diff,
  fields,
  codeLists,
  regionNames,
  geometryField,
  before,
  after,
  single,
  onlyChangedAtFirst,
}: {
  diff: DiffRow[]
  /** one version alone (nothing to compare with): one value column, nothing highlighted */
  single?: boolean
  /** open with only the changed rows (a claim changes one field of twenty) */
  onlyChangedAtFirst?: boolean
  fields: readonly StandardField[]
  codeLists: Record<string, CodeListView>
  regionNames: ReadonlyMap<string, string>
  geometryField?: string
  before: Record<string, unknown> | null
  after: Record<string, unknown> | null
}) {
  const [onlyChanged, setOnlyChanged] = useState(!!onlyChangedAtFirst)
  const rows = onlyChanged && !single ? diff.filter((r) => r.changed) : diff
  const text = (r: DiffRow, v: unknown) => valueText(fields.find((f) => f.name === r.field) ?? { type: r.type }, v, codeLists, regionNames)
  const beforeShape = geometryField ? ((before?.[geometryField] as Geometry | undefined) ?? null) : null
  const afterShape = geometryField ? ((after?.[geometryField] as Geometry | undefined) ?? null) : null
  return (
    <Row gutter={16}>
      <Col xs={24} xl={13}>
        <div style={{ marginBottom: 8, display: single ? 'none' : 'flex', justifyContent: 'space-between' }}>
          <Typography.Text>
            共 {diff.length} 个字段，
            <Typography.Text type="warning" strong data-testid="diff-changed-count">
              {diff.filter((r) => r.changed).length}
            </Typography.Text>{' '}
            个有变化
          </Typography.Text>
          <span>
            只看变化 <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} data-testid="diff-only-changed" />
          </span>
        </div>
        <Table<DiffRow>
          data-testid="diff-table"
          rowKey="field"
          size="small"
          pagination={false}
          dataSource={rows}
          onRow={(r) =>
            ({
              'data-changed': r.changed && !single ? 'true' : 'false',
              style: r.changed && !single ? { background: '#fff7e6' } : undefined,
            }) as React.HTMLAttributes<HTMLElement>
          }
          columns={
            single
              ? [
                  { title: '字段', dataIndex: 'label', width: 180 },
                  { title: '值', key: 'after', render: (_, r) => text(r, r.after) },
                ]
              : [
                  {
                    title: '字段',
                    dataIndex: 'label',
                    width: 150,
                    render: (v: string, r) => (r.changed ? <Typography.Text strong>{v}</Typography.Text> : v),
                  },
                  {
                    title: '修改前',
                    key: 'before',
                    render: (_, r) => (
                      <span
                        style={r.changed ? { color: BEFORE, textDecoration: r.after === null ? undefined : 'line-through' } : undefined}
                      >
                        {text(r, r.before)}
                      </span>
                    ),
                  },
                  {
                    title: '修改后',
                    key: 'after',
                    render: (_, r) => <span style={r.changed ? { color: AFTER, fontWeight: 600 } : undefined}>{text(r, r.after)}</span>,
                  },
                ]
          }
        />
      </Col>
      <Col xs={24} xl={11}>
        {geometryField && (
          <>
            <RecordMap height={420} testId="diff-map" context={false}>
              {!single && (
                <GeoJsonLayer data={featuresOf(beforeShape)} color={BEFORE} kind="outline" dashed width={3} zIndex={26} fitMaxZoom={17} />
              )}
              <GeoJsonLayer
                data={featuresOf(afterShape)}
                color={AFTER}
                kind="fill"
                zIndex={22}
                fitMaxZoom={beforeShape && !single ? undefined : 17}
              />
            </RecordMap>
            {!single && (
              <Typography.Paragraph type="secondary" style={{ marginTop: 6 }}>
                <span style={{ color: BEFORE }}>红色虚线</span>：修改前图形；<span style={{ color: AFTER }}>蓝色</span>：修改后图形
              </Typography.Paragraph>
            )}
          </>
        )}
      </Col>
    </Row>
  )
}
