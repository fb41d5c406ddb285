/** 企业账号 (docs/product.md §7 /api/user/query/company, company/add, company/delete): accounts of enterprises within the admin's data scope. */
import { PlusOutlined } from '@ant-design/icons'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { Button, Form, Input, Select, Space, Table, Tag, type TableColumnsType } from 'antd'
import { useState } from 'react'
import { companyAddBody, type CompanyUserView, type InitialPassword } from '../../../../domain/contracts/admin-user'
import { FormModal, fieldRule } from '../../../ui/form-modal'
import { LoadError, emptyState } from '../../../ui/list-shell'
import { OneTimePasswordModal } from '../components/one-time-password'
import { useAction } from '../../../ui/use-action'
import { formatTime } from '../../../widgets/format-time'
import { addCompanyUser, deleteCompanyUser, findCompanies, queryCompanyUsers } from '../api/user-api'

/** The enterprise accounts tab. */
export function CompanyAccounts() {
  const [page, setPage] = useState({ page: 1, pageSize: 20, keyword: '' })
  const list = useQuery({ queryKey: ['company-users', page], queryFn: () => queryCompanyUsers(page), placeholderData: keepPreviousData })
  const run = useAction()
  const [adding, setAdding] = useState(false)
  const [password, setPassword] = useState<InitialPassword | null>(null)
  const [keyword, setKeyword] = useState('')
  const companies = useQuery({
    queryKey: ['find-companies', keyword],
    queryFn: () => findCompanies(keyword),
    enabled: keyword.trim().length > 0,
  })

  const columns: TableColumnsType<CompanyUserView> = [
    { title: '用户名', dataIndex: 'username' },
    { title: '联系人', dataIndex: 'realName' },
    { title: '企业', dataIndex: 'enterpriseName' },
    { title: '统一社会信用代码', dataIndex: 'creditCode', render: (v: string) => <code>{v}</code> },
    { title: '所在区县', dataIndex: 'countyName', render: (v: string | null) => v ?? '—' },
    { title: '状态', dataIndex: 'status', render: (v: number) => (v === 1 ? <Tag color="green">启用</Tag> : <Tag>停用</Tag>) },
    { title: '创建时间', dataIndex: 'createdAt', render: formatTime },
    {
      title: '操作',
      key: 'actions',
      render: (_, u) => (
        <Button
          type="link"
          danger
          size="small"
          onClick={() =>
            run(() => deleteCompanyUser(u.id), {
              confirm: { title: `删除企业账号 ${u.username}？` },
              success: '已删除',
              refresh: [['company-users']],
            })
          }
        >
          删除
        </Button>
      ),
    },
  ]

  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'space-between', marginBottom: 12 }}>
        <Space>
          <Input.Search
            placeholder="用户名、企业名称或信用代码"
            allowClear
            onSearch={(k) => setPage({ ...page, page: 1, keyword: k })}
            style={{ width: 280 }}
          />
        </Space>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
          新增企业账号
        </Button>
      </div>
      {list.error && <LoadError error={list.error} onRetry={() => void list.refetch()} />}
      <Table<CompanyUserView>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={list.data?.list}
        loading={list.isFetching}
        pagination={{
          current: page.page,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal: (t) => `共 ${t} 条`,
          onChange: (p, ps) => setPage({ ...page, page: p, pageSize: ps }),
        }}
        locale={{ emptyText: emptyState(list.error ? '加载失败' : '还没有企业账号') }}
      />
      <FormModal
        title="新增企业账号"
        open={adding}
        schema={companyAddBody}
        onClose={() => setAdding(false)}
        onSubmit={async (v) => {
          setPassword(await addCompanyUser(v))
          void list.refetch()
        }}
      >
        {() => (
          <>
            <Form.Item
              label="企业"
              name="enterpriseId"
              rules={[{ required: true, message: '请选择企业' }]}
              extra="只能选择本账号数据范围内的企业"
            >
              <Select
                showSearch={{ filterOption: false, onSearch: setKeyword }}
                placeholder="输入企业名称或统一社会信用代码搜索"
                loading={companies.isFetching}
                options={(companies.data ?? []).map((c) => ({
                  value: c.id,
                  label: `${c.name}（${c.creditCode}，${c.countyName ?? '—'}）`,
                }))}
                notFoundContent={keyword ? '没有找到企业' : '请输入关键字'}
              />
            </Form.Item>
            <Form.Item
              label="用户名"
              name="username"
              rules={[{ required: true, message: '用户名不能为空' }, fieldRule(companyAddBody, 'username')]}
            >
              <Input autoComplete="off" />
            </Form.Item>
            <Form.Item
              label="联系人"
              name="realName"
              rules={[{ required: true, message: '联系人不能为空' }, fieldRule(companyAddBody, 'realName')]}
            >
              <Input />
            </Form.Item>
            <Form.Item label="手机号" name="phone" rules={[fieldRule(companyAddBody, 'phone')]}>
              <Input />
            </Form.Item>
          </>
        )}
      </FormModal>
      <OneTimePasswordModal value={password} title="企业账号已创建" onClose={() => setPassword(null)} />
    </>
  )
}
