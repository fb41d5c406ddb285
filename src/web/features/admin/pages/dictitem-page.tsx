/**
 * 字典项管理 (/admin/setting/dictitem): the items of one dictionary, chosen at the top and kept in the
 * URL; with none chosen the page opens on the first dictionary, its items listed.
 */
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Empty, Form, Input, InputNumber, Select, Space, Switch, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { dictItemAddBody, dictItemEditBody, type DictItemView } from '../../../../domain/contracts/admin-dict'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { ListShell, LoadError, emptyState } from '../../../ui/list-shell'
import { useAction } from '../../../ui/use-action'
import { useListParams } from '../../../ui/use-list-params'
import { addDictItem, deleteDictItem, editDictItem, queryDictItems, queryDicts } from '../api/dict-api'

/** 字典项管理 */
export function DictItemPage() {
  const { params, setFilters, onTableChange, pagination, sortOrderOf } = useListParams(['dictId'] as const)
  const dicts = useQuery({
    queryKey: ['dicts', 'all'],
    queryFn: () => queryDicts({ page: 1, pageSize: 500, sortField: 'sort', sortOrder: 'ascend' }),
  })
  const dictId = params.filters.dictId ? Number(params.filters.dictId) : dicts.data?.list[0]?.id
  const query = {
    dictId: dictId ?? 0,
    page: params.page,
    pageSize: params.pageSize,
    sortField: params.sortField,
    sortOrder: params.sortOrder,
  }
  const list = useQuery({
    queryKey: ['dict-items', query],
    queryFn: () => queryDictItems(query),
    enabled: !!dictId,
    placeholderData: keepPreviousData,
  })
  const [editing, setEditing] = useState<DictItemView | 'new' | null>(null)
  const run = useAction()
  const dict = dicts.data?.list.find((d) => d.id === dictId)

  const columns: TableColumnsType<DictItemView> = [
    {
      title: '值',
      dataIndex: 'value',
      key: 'value',
      sorter: true,
      sortOrder: sortOrderOf('value'),
      render: (v: string) => <code>{v}</code>,
    },
    { title: '显示名称', dataIndex: 'label', key: 'label', sorter: true, sortOrder: sortOrderOf('label') },
    { title: '排序', dataIndex: 'sort', key: 'sort', sorter: true, sortOrder: sortOrderOf('sort'), width: 80 },
    { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { title: '备注', dataIndex: 'remark', render: (v: string) => v || '—' },
    {
      title: '操作',
      key: 'a',
      width: 140,
      render: (_, i) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing(i)}>
            编辑
          </Button>
          <Button
            type="link"
            size="small"
            danger
            onClick={() =>
              run(() => deleteDictItem(i.id), {
                confirm: { title: `删除字典项“${i.label}”？` },
                success: '已删除',
                refresh: [['dict-items'], ['dicts']],
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
      title="字典项管理"
      intro={dict ? `${dict.name}（${dict.code}）${dict.remark ? `：${dict.remark}` : ''}` : ''}
      testId="admin-dictitem-page"
      toolbar={
        <>
          <Select
            style={{ width: 300 }}
            placeholder="选择字典"
            value={dictId}
            loading={dicts.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(v) => setFilters({ dictId: v })}
            options={(dicts.data?.list ?? []).map((d) => ({ value: d.id, label: `${d.name}（${d.code}）` }))}
            data-testid="dictitem-dict"
          />
          <Button type="primary" icon={<PlusOutlined />} disabled={!dictId} onClick={() => setEditing('new')}>
            新增字典项
          </Button>
        </>
      }
    >
      {(list.error || dicts.error) && (
        <LoadError error={(list.error ?? dicts.error) as Error} onRetry={() => void (list.refetch(), dicts.refetch())} />
      )}
      {dictId || dicts.isLoading ? (
        <Table<DictItemView>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.list}
          loading={list.isFetching || dicts.isLoading}
          pagination={pagination(list.data?.total)}
          onChange={onTableChange}
          locale={{ emptyText: emptyState(list.error ? '加载失败' : '该字典还没有字典项') }}
          data-testid="dictitem-table"
        />
      ) : (
        <Empty description="还没有字典：先在字典管理中新增" />
      )}
      <FormModal
        title={current ? `编辑字典项 ${current.label}` : `新增字典项${dict ? `：${dict.name}` : ''}`}
        open={editing !== null}
        schema={current ? dictItemEditBody : dictItemAddBody}
        initialValues={
          current
            ? {
                id: current.id,
                value: current.value,
                label: current.label,
                sort: current.sort,
                status: current.status,
                remark: current.remark,
              }
            : { dictId, sort: 0, status: 1 }
        }
        onClose={() => setEditing(null)}
        onSubmit={async (v) => {
          if (current) await editDictItem(v as never)
          else await addDictItem(v as never)
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Form.Item label="值" name="value" rules={[{ required: true, message: '字典值不能为空' }, fieldRule(dictItemAddBody, 'value')]}>
              <Input />
            </Form.Item>
            <Form.Item
              label="显示名称"
              name="label"
              rules={[{ required: true, message: '显示名称不能为空' }, fieldRule(dictItemAddBody, 'label')]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="排序" name="sort">
              <InputNumber min={0} max={9999} />
            </Form.Item>
            <Form.Item
              label="启用"
              name="status"
              getValueProps={(v) => ({ checked: v === 1 })}
              getValueFromEvent={(checked: boolean) => (checked ? 1 : 0)}
            >
              <Switch />
            </Form.Item>
            <Form.Item label="备注" name="remark" rules={[fieldRule(dictItemAddBody, 'remark')]}>
              <Input />
            </Form.Item>
          </>
        )}
      </FormModal>
    </ListShell>
  )
}
