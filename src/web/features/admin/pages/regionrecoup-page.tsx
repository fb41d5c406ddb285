/**
 * 区域标准 (/admin/setting/regionrecoup): per region and year, the benchmarks that appraisal and
 * low-efficiency evaluation compare with (亩均税收, 亩均增加值, 容积率, 投资强度 …, docs/domain.md).
 */
import { PagedTable } from '../../../ui/paged-table'
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, type TableColumnsType } from 'antd'
import { useState } from 'react'
import {
  REGION_STANDARD_FIELDS,
  regionStandardAddBody,
  regionStandardEditBody,
  type RegionStandardView,
} from '../../../../domain/contracts/admin-region-standard'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { AreaSelect } from '../components/pickers'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { addStandard, deleteStandard, editStandard, queryStandards } from '../api/region-standard-api'

const THIS_YEAR = new Date().getFullYear()
const YEARS = Array.from({ length: 12 }, (_, i) => THIS_YEAR + 1 - i)
const num = (v: number | null) => (v === null ? '—' : v.toLocaleString('zh-CN', { maximumFractionDigits: 2 }))

/** 区域标准 */
export function RegionRecoupPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['regionCode', 'year'] as const)
  const f = params.filters
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    regionCode: f.regionCode,
    year: f.year ? Number(f.year) : undefined,
  }
  const list = useQuery({ queryKey: ['region-standards', query], queryFn: () => queryStandards(query), placeholderData: keepPreviousData })
  const [editing, setEditing] = useState<RegionStandardView | 'new' | null>(null)
  const run = useAction()

  const columns: TableColumnsType<RegionStandardView> = [
    {
      title: '区划',
      dataIndex: 'regionName',
      key: 'regionCode',
      sorter: true,
      sortOrder: sortOrderOf('regionCode'),
      fixed: 'left',
      width: 110,
    },
    { title: '年度', dataIndex: 'year', key: 'year', sorter: true, sortOrder: sortOrderOf('year'), width: 80 },
    ...REGION_STANDARD_FIELDS.map((m) => ({
      title: (
        <span>
          {m.label}
          {m.unit && <div style={{ fontSize: 12, color: '#8c8c8c', fontWeight: 400 }}>{m.unit}</div>}
        </span>
      ),
      dataIndex: m.key,
      align: 'right' as const,
      width: 110,
      render: num,
    })),
    { title: '维护人', dataIndex: 'updatedBy', width: 90 },
    {
      title: '操作',
      key: 'a',
      fixed: 'right',
      width: 120,
      render: (_, s) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(s)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteStandard(s.id), {
                confirm: { title: `删除 ${s.regionName} ${s.year} 年标准？` },
                success: '已删除',
                refresh: [['region-standards']],
              })
            }
          >
            删除
          </Button>
        </Space>
      ),
    },
  ]
  const current = editing && editing !== 'new' ? editing : null
  return (
    <ListShell
      title="区域标准"
      intro="亩均效益评价与低效用地认定使用的区域基准值，按区划和年度维护"
      testId="admin-regionrecoup-page"
      toolbar={
        <>
          <Space wrap>
            <div style={{ width: 240 }}>
              <AreaSelect
                maxLevel="county"
                value={f.regionCode ?? null}
                onChange={(regionCode) => setFilters({ ...f, regionCode })}
                placeholder="区划（含下级）"
              />
            </div>
            <Select
              placeholder="年度"
              allowClear
              style={{ width: 110 }}
              value={f.year ? Number(f.year) : undefined}
              onChange={(year) => setFilters({ ...f, year })}
              options={YEARS.map((y) => ({ value: y, label: `${y}年` }))}
            />
          </Space>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增标准
          </Button>
        </>
      }
    >
      <PagedTable<RegionStandardView>
        list={list}
        emptyText="该区划和年度还没有标准"
        pagination={pagination}
        columns={columns}
        onChange={onTableChange}
        scroll={{ x: 1400 }}
      />
      <FormModal
        title={current ? `编辑 ${current.regionName} ${current.year} 年标准` : '新增区域标准'}
        open={editing !== null}
        width={720}
        schema={current ? regionStandardEditBody : regionStandardAddBody}
        initialValues={current ? { ...current } : { year: THIS_YEAR - 1, regionCode: f.regionCode }}
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editStandard(v as never)
          else await addStandard(v as never)
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Row gutter={16}>
              <Col span={16}>
                <Form.Item label="区划" name="regionCode" rules={[{ required: true, message: '请选择区划' }]}>
                  <AreaSelect maxLevel="county" />
                </Form.Item>
              </Col>
              <Col span={8}>
                <Form.Item
                  label="年度"
                  name="year"
                  rules={[{ required: true, message: '请选择年度' }, fieldRule(regionStandardAddBody, 'year')]}
                >
                  <Select options={YEARS.map((y) => ({ value: y, label: `${y}年` }))} />
                </Form.Item>
              </Col>
              {REGION_STANDARD_FIELDS.map((m) => (
                <Col span={12} key={m.key}>
                  <Form.Item label={m.label} name={m.key} rules={[fieldRule(regionStandardAddBody, m.key)]}>
                    <InputNumber style={{ width: '100%' }} min={0} step={0.1} suffix={m.unit || undefined} />
                  </Form.Item>
                </Col>
              ))}
            </Row>
            <Form.Item label="备注" name="remark" rules={[fieldRule(regionStandardAddBody, 'remark')]}>
              <Input />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
