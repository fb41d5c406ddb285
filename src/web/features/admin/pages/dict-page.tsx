/** 字典管理 (/admin/setting/dict): the dictionaries behind every select of the product. */
import { PagedTable } from '../../../ui/paged-table'
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Form, Input, InputNumber, Space, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { dictAddBody, dictEditBody, type DictView } from '../../../../domain/contracts/admin-dict'
import { ADMIN_PAGES } from '../../../../domain/contracts/admin'
import { withQuery } from '../../../widgets/route-links'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { addDict, deleteDict, editDict, queryDicts } from '../api/dict-api'

/** 字典管理 */
export function DictPage() {
  const navigate = useNavigate()
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['keyword'] as const)
  const query = {
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
    keyword: params.filters.keyword,
  }
  const list = useQuery({ queryKey: ['dicts', query], queryFn: () => queryDicts(query), placeholderData: keepPreviousData })
  const [editing, setEditing] = useState<DictView | 'new' | null>(null)
  const run = useAction()

  const columns: TableColumnsType<DictView> = [
    {
      title: '字典编码',
      dataIndex: 'code',
      key: 'code',
      sorter: true,
      sortOrder: sortOrderOf('code'),
      render: (v: string) => <code>{v}</code>,
    },
    { title: '字典名称', dataIndex: 'name', key: 'name', sorter: true, sortOrder: sortOrderOf('name') },
    { title: '说明', dataIndex: 'remark', render: (v: string) => v || '—' },
    { title: '字典项', dataIndex: 'itemCount', width: 80 },
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, sortOrder: sortOrderOf('sort'), width: 80 },
    {
      title: '操作',
      key: 'a',
      width: 220,
      render: (_, d) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => navigate(withQuery(ADMIN_PAGES.dictitem, { dictId: d.id }))}>
            字典项
          </Button>
          <Button type="link" size="small" onClick={() => setEditing(d)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteDict(d.id), {
                confirm: {
                  title: `删除字典“${d.name}”？`,
                  content: d.itemCount ? `其下 ${d.itemCount} 个字典项将一并删除，使用该字典的下拉框将没有选项。` : undefined,
                },
                success: '已删除',
                refresh: [['dicts']],
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
      title="字典管理"
      intro="产品中各下拉选项的来源（按字典编码读取）"
      testId="admin-dict-page"
      toolbar={
        <>
          <Input.Search
            placeholder="字典编码或名称"
            allowClear
            defaultValue={params.filters.keyword}
            onSearch={(keyword) => setFilters({ keyword })}
            style={{ width: 260 }}
          />
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            新增字典
          </Button>
        </>
      }
    >
      <PagedTable<DictView> list={list} emptyText="没有符合条件的字典" pagination={pagination} columns={columns} onChange={onTableChange} />
      <FormModal
        title={current ? `编辑字典 ${current.name}` : '新增字典'}
        open={editing !== null}
        schema={current ? dictEditBody : dictAddBody}
        initialValues={
          current ? { id: current.id, code: current.code, name: current.name, remark: current.remark, sort: current.sort } : { sort: 0 }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editDict(v as never)
          else await addDict(v as never)
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Form.Item
              label="字典编码"
              name="code"
              rules={[{ required: true, message: '字典编码不能为空' }, fieldRule(dictAddBody, 'code')]}
              extra="小写字母、数字和下划线，如 parcel_status"
            >
              <Input />
            </Form.Item>
            <Form.Item
              label="字典名称"
              name="name"
              rules={[{ required: true, message: '字典名称不能为空' }, fieldRule(dictAddBody, 'name')]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item label="说明" name="remark" rules={[fieldRule(dictAddBody, 'remark')]}>
              <Input.TextArea rows={2} />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
