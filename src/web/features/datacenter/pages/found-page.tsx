/**
 * 认领 (docs/product.md §2 foundGyyd 地块认领 / foundYddw 企业认领): the records that no county owns yet, where
 * the user may claim them — a list and a map, filtered by county, keyword or the map's view —
 * and the claim of the selected ones into a county (confirmed), each going to audit.
 */
import { App, Button, Col, Form, Input, Modal, Row, Select, Space, Tag, Typography, type TableColumnsType } from 'antd'
import { pointOnFeature } from '@turf/turf'
import type { FeatureCollection } from 'geojson'
import { useMemo, useState } from 'react'
import type { FoundRow } from '../../../../domain/contracts/datacenter'
import { m2ToMu } from '../../../../domain/codes/units'
import { RECORD_KIND_LABEL, type RecordKind } from '../../../../domain/datacenter/standard'
import { toApiError } from '../../../core/http-catalogue'
import { useByValue } from '../../../core/use-by-value'
import { GeoJsonLayer } from '../../../map/geojson-layer'
import { ExportButton } from '../../../ui/export-button'
import { ListShell } from '../../../ui/list-shell'
import { PagedTable } from '../../../ui/paged-table'
import { useListParams } from '../../../ui/use-list-params'
import { useQueryClient } from '@tanstack/react-query'
import { claimRecords } from '../api/claim-records'
import { exportUnclaimed } from '../api/export-unclaimed'
import { useUnclaimedShapes } from '../api/get-unclaimed-shapes'
import { useCounties } from '../api/list-counties'
import { useUnclaimed } from '../api/list-unclaimed'
import { FlyTo, ViewFilter } from '../components/map-view-tools'
import { ReadOnlyNotice } from '../components/page-tabs'
import { RecordMap } from '../../../map/record-map'
import { useCanWrite } from '../../../widgets/use-can-write'

const FILTERS = ['regionCode', 'keyword', 'bbox'] as const

function FoundPage({ kind }: { kind: RecordKind }) {
  const noun = RECORD_KIND_LABEL[kind]
  const canWrite = useCanWrite(kind === 'parcel' ? '/system/data/center/foundGyyd' : '/system/data/center/foundYddw')
  const { params, setFilters, onTableChange, pagination } = useListParams(FILTERS)
  const filter = { kind, ...params.filters }
  const list = useUnclaimed({ ...filter, page: params.page, pageSize: params.pageSize })
  const shapes = useUnclaimedShapes(filter)
  const counties = useCounties()
  const [selected, setSelected] = useState<FoundRow[]>([])
  const [focus, setFocus] = useState<[number, number] | null>(null)
  const [claiming, setClaiming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [form] = Form.useForm<{ countyCode?: string; remark?: string }>()
  const { message } = App.useApp()
  const queryClient = useQueryClient()
  // the selection's ids are its identity
  const ids = useByValue(new Set(selected.map((r) => r.id)), selected.map((r) => r.id).join(','))
  const chosen = useMemo<FeatureCollection | null>(
    () =>
      shapes.data ? { type: 'FeatureCollection', features: shapes.data.features.filter((f) => ids.has(Number(f.properties?.id))) } : null,
    [shapes.data, ids],
  )

  const openClaim = () => {
    const own = counties.data ?? []
    const located = selected.find((r) => r.locatedCountyCode && own.some((c) => c.code === r.locatedCountyCode))?.locatedCountyCode
    form.setFieldsValue({ countyCode: own.length === 1 ? own[0].code : (located ?? undefined), remark: '' })
    setClaiming(true)
  }
  const claim = async () => {
    const v = await form.validateFields()
    setBusy(true)
    try {
      const made = await claimRecords({ kind, ids: selected.map((r) => r.id), countyCode: v.countyCode, remark: v.remark })
      message.success(`已提交 ${made.length} 条认领，等待审核`)
      setSelected([])
      setClaiming(false)
    } catch (err) {
      message.error(toApiError(err).message)
    } finally {
      setBusy(false)
      void queryClient.invalidateQueries({ queryKey: ['found'] })
      void queryClient.invalidateQueries({ queryKey: ['submissions'] })
    }
  }

  const columns: TableColumnsType<FoundRow> = [
    { title: kind === 'parcel' ? '宗地代码' : '统一社会信用代码', dataIndex: 'code', width: 180 },
    { title: '名称', dataIndex: 'name', ellipsis: true },
    {
      title: '位置',
      key: 'where',
      width: 130,
      render: (_: unknown, r: FoundRow) => `${r.cityName ?? ''}${r.locatedCountyName ?? ''}` || '—',
    },
    ...(kind === 'parcel'
      ? [
          {
            title: '面积（亩）',
            dataIndex: 'areaM2',
            width: 90,
            align: 'right' as const,
            render: (v: number | null) => (v === null ? '—' : m2ToMu(v).toFixed(2)),
          },
        ]
      : []),
    {
      title: '状态',
      key: 'pending',
      width: 100,
      render: (_: unknown, r: FoundRow) => (r.pendingClaim ? <Tag color="processing">认领待审核</Tag> : <Tag>待认领</Tag>),
    },
  ]
  // at province scale a parcel is smaller than a pixel: each also gets a marker
  const markers = useMemo<FeatureCollection | null>(
    () =>
      shapes.data
        ? { type: 'FeatureCollection', features: shapes.data.features.map((f) => ({ ...pointOnFeature(f), properties: { label: '' } })) }
        : null,
    [shapes.data],
  )
  return (
    <ListShell
      title={`${noun}认领`}
      intro={`尚未归属区县的${noun}：按区域或地图范围查找，认领到区县后经审核写入主数据`}
      testId={`dc-found-${kind}-page`}
    >
      {!canWrite && <ReadOnlyNotice what="认领" />}
      <Row gutter={16}>
        <Col xs={24} xl={15}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder="全部区域"
              style={{ width: 200 }}
              value={params.filters.regionCode}
              onChange={(regionCode) => setFilters({ ...params.filters, regionCode })}
              options={(counties.data ?? []).map((c) => ({ value: c.code, label: `${c.cityName} ${c.name}` }))}
              data-testid="found-region"
            />
            <Input.Search
              placeholder="名称或代码"
              allowClear
              defaultValue={params.filters.keyword}
              onSearch={(keyword) => setFilters({ ...params.filters, keyword })}
              style={{ width: 200 }}
            />
            {canWrite && (
              <Button type="primary" disabled={selected.length === 0} onClick={openClaim} data-testid="claim-open">
                认领所选（{selected.length}）
              </Button>
            )}
            <ExportButton onExport={() => exportUnclaimed(filter)} testId="found-export" />
          </Space>
          {params.filters.bbox && <Typography.Paragraph type="secondary">已按地图视野筛选</Typography.Paragraph>}
          <PagedTable<FoundRow>
            data-testid="found-table"
            list={list}
            emptyText={
              params.filters.regionCode || params.filters.keyword || params.filters.bbox
                ? `该范围内没有待认领的${noun}，可清除筛选或移动地图后重试`
                : `本账号的数据范围内没有待认领的${noun}`
            }
            pagination={pagination}
            onChange={onTableChange}
            columns={columns}
            rowSelection={
              canWrite
                ? {
                    selectedRowKeys: [...ids],
                    getCheckboxProps: (r) => ({ disabled: r.pendingClaim }),
                    onChange: (_keys, rows) => setSelected(rows),
                  }
                : undefined
            }
            onRow={(r) => ({ onClick: () => r.lng !== null && r.lat !== null && setFocus([r.lng, r.lat]), style: { cursor: 'pointer' } })}
          />
        </Col>
        <Col xs={24} xl={9}>
          <RecordMap height={560} testId="found-map">
            <GeoJsonLayer
              data={shapes.data ?? null}
              color="#fa8c16"
              kind="fill"
              zIndex={22}
              fitMaxZoom={params.filters.bbox ? undefined : 14}
            />
            {kind === 'parcel' && <GeoJsonLayer data={markers} color="#fa8c16" kind="fill" zIndex={30} />}
            <GeoJsonLayer data={chosen} color="#1677ff" kind="outline" width={3} zIndex={28} />
            <ViewFilter active={!!params.filters.bbox} onBbox={(bbox) => setFilters({ ...params.filters, bbox })} />
            <FlyTo to={focus} />
          </RecordMap>
          <Typography.Paragraph type="secondary" style={{ marginTop: 6 }}>
            橙色：待认领{noun}（最多显示 2000 个，缩小时以圆点标出）；蓝色边框：已勾选。点击列表行定位。
          </Typography.Paragraph>
        </Col>
      </Row>
      <Modal
        title={`认领 ${selected.length} 个${noun}`}
        open={claiming}
        okText="确认认领"
        cancelText="取消"
        okButtonProps={{ loading: busy, ...{ 'data-testid': 'claim-confirm' } }}
        onCancel={() => setClaiming(false)}
        onOk={() => void claim()}
        destroyOnHidden
      >
        <Typography.Paragraph>{selected.map((r) => r.name).join('、')}</Typography.Paragraph>
        <Form form={form} layout="vertical">
          <Form.Item name="countyCode" label="认领到区县" rules={[{ required: true, message: '请选择认领到的区县' }]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              options={(counties.data ?? []).map((c) => ({ value: c.code, label: `${c.cityName} ${c.name}` }))}
            />
          </Form.Item>
          <Form.Item name="remark" label="说明（审核员可见）">
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
        </Form>
        <Typography.Text type="secondary">认领将提交审核，审核通过后记录归属所选区县。</Typography.Text>
      </Modal>
    </ListShell>
  )
}

/** 地块认领 */
export const FoundGyydPage = () => <FoundPage kind="parcel" />
/** 企业认领 */
export const FoundYddwPage = () => <FoundPage kind="enterprise" />
